//===- DataRegion.cpp - keep data on the device across a kernel's loops --===//
#include "DataRegion.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ownmap {

std::string TargetUpdate::pragma() const {
  return std::string("#pragma omp target update ") +
         (ToDevice ? "to(" : "from(") + Section + ")";
}

std::string DataRegion::pragma() const {
  std::string P = "#pragma omp target data";
  for (const RegionVariable &V : Variables)
    P += " map(" + mapKeyword(V.Map).str() + ": " + V.Section + ")";
  return P;
}

namespace {

/// How host code uses a variable.
struct HostUse {
  bool Read = false, Write = false;
};

/// The parent expression of E, with E moved up over parentheses; null when
/// the parent is not an expression.
const Expr *parentOf(const Expr *&E, ASTContext &Ctx) {
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*E);
    const Expr *P = Parents.size() == 1 ? Parents[0].get<Expr>() : nullptr;
    if (!isa_and_nonnull<ParenExpr>(P))
      return P;
    E = P;
  }
}

bool isLoad(const Expr *E) {
  const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(E);
  return Cast && Cast->getCastKind() == CK_LValueToRValue;
}

/// What a reference does to its variable: a scalar is read when loaded; a
/// pointer's elements are read by `p[e]` / `*p` loads and by passing p as
/// `const T *`, written by plain assignment. Anything else counts as both.
HostUse classify(const DeclRefExpr &Ref, ASTContext &Ctx) {
  const HostUse Unknown{true, true};
  const Expr *E = &Ref;
  const Expr *P = parentOf(E, Ctx);
  if (!isLoad(P))
    return Unknown;
  if (!Ref.getType()->isPointerType())
    return {true, false};
  E = P;
  P = parentOf(E, Ctx);
  while (isa_and_nonnull<ImplicitCastExpr>(P)) { // e.g. to `const T *`
    E = P;
    P = parentOf(E, Ctx);
  }
  if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) == E &&
          readOnlyParameter(Call->getDirectCallee(), I))
        return {true, false};
    return Unknown;
  }
  const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(P);
  const auto *Deref = dyn_cast_or_null<UnaryOperator>(P);
  if (!(Sub && Sub->getBase() == E) &&
      !(Deref && Deref->getOpcode() == UO_Deref))
    return Unknown;
  E = P;
  P = parentOf(E, Ctx);
  if (isLoad(P))
    return {true, false};
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(P);
  if (Assign && Assign->getOpcode() == BO_Assign && Assign->getLHS() == E)
    return {false, true};
  return Unknown;
}

/// Every variable host statements refer to, with how.
class HostUses : public RecursiveASTVisitor<HostUses> {
public:
  explicit HostUses(ASTContext &Ctx) : Ctx(Ctx) {}
  llvm::MapVector<const VarDecl *, HostUse> Uses;

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl())) {
      HostUse U = classify(*Ref, Ctx);
      Uses[V].Read |= U.Read;
      Uses[V].Write |= U.Write;
    }
    return true;
  }

private:
  ASTContext &Ctx;
};

/// A jump that may leave the statement (and so the region around it):
/// return, goto, a label to jump to, or break/continue outside a loop or
/// switch of its own.
bool mayJumpOut(const Stmt *S, bool InLoop = false, bool InSwitch = false) {
  if (!S)
    return false;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, LabelStmt>(S))
    return true;
  if (isa<ContinueStmt>(S))
    return !InLoop;
  if (isa<BreakStmt>(S))
    return !InLoop && !InSwitch;
  InLoop |= isa<ForStmt, WhileStmt, DoStmt>(S);
  InSwitch |= isa<SwitchStmt>(S);
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return mayJumpOut(Child, InLoop, InSwitch);
  });
}

/// The statements of A's block strictly between loops A and B, or none
/// when B does not follow A in the same block.
std::optional<std::vector<const Stmt *>> between(const LoopSite &A,
                                                 const LoopSite &B) {
  if (!A.Block || A.Block != B.Block)
    return std::nullopt;
  std::vector<const Stmt *> Out;
  bool Inside = false;
  for (const Stmt *S : A.Block->body()) {
    if (S == B.Loop)
      return Inside ? std::optional(Out) : std::nullopt;
    if (Inside)
      Out.push_back(S);
    Inside |= S == A.Loop;
  }
  return std::nullopt;
}

/// Host statements a region may span: no declarations (the region's braces
/// would end their scope), no jumps out, each group starting its line (so
/// that an update can go before it).
bool regionMaySpan(const std::vector<const Stmt *> &Host,
                   const SourceManager &SM) {
  if (!Host.empty() && !startsLine(Host.front()->getBeginLoc(), SM))
    return false;
  return llvm::none_of(Host, [](const Stmt *S) {
    return isa<DeclStmt>(S) || mayJumpOut(S);
  });
}

bool mentionsWord(llvm::StringRef Text, llvm::StringRef Word) {
  for (size_t At = Text.find(Word); At != llvm::StringRef::npos;
       At = Text.find(Word, At + 1)) {
    bool Start = At == 0 || !isAsciiIdentifierContinue(Text[At - 1]);
    size_t End = At + Word.size();
    if (Start && (End == Text.size() || !isAsciiIdentifierContinue(Text[End])))
      return true;
  }
  return false;
}

bool invariantUnder(const Polynomial &P,
                    const llvm::SmallPtrSetImpl<const VarDecl *> &Changed) {
  return llvm::all_of(P.atoms(), [&](const Atom &A) {
    if (A.Var)
      return !Changed.count(A.Var);
    return llvm::none_of(Changed, [&](const VarDecl *V) {
      return mentionsWord(A.Text, V->getName());
    });
  });
}

class RegionPlanner {
public:
  RegionPlanner(llvm::ArrayRef<PlannedLoop> Loops, size_t First, size_t Last,
                ASTContext &Ctx)
      : Loops(Loops), First(First), Last(Last), Ctx(Ctx) {}

  std::optional<DataRegion> plan();

private:
  llvm::ArrayRef<PlannedLoop> Loops;
  size_t First, Last;
  ASTContext &Ctx;
  /// Host uses between loop K and K + 1, indexed by K - First.
  std::vector<llvm::MapVector<const VarDecl *, HostUse>> Between;
  std::vector<SourceLocation> HostStart; // first host statement, if any
  /// Scalars host code or a reduction changes inside the region: sections
  /// that mention them are not the same at region entry.
  llvm::SmallPtrSet<const VarDecl *, 8> Changed;

  struct Use {
    size_t Loop;
    const VariablePlan *Plan;
  };
  void collectHostUses();
  bool stable(const Polynomial &P) const;
  std::optional<RegionVariable> keep(const VarDecl *Var,
                                     llvm::ArrayRef<Use> Uses,
                                     DataRegion &Region) const;
};

void RegionPlanner::collectHostUses() {
  for (size_t K = First; K < Last; ++K) {
    HostUses Visitor(Ctx);
    auto Host = between(Loops[K].Site, Loops[K + 1].Site);
    for (const Stmt *S : *Host)
      Visitor.TraverseStmt(const_cast<Stmt *>(S));
    HostStart.push_back(Host->empty() ? SourceLocation()
                                      : Host->front()->getBeginLoc());
    for (const auto &[V, U] : Visitor.Uses)
      if (U.Write && !V->getType()->isPointerType())
        Changed.insert(V);
    Between.push_back(std::move(Visitor.Uses));
  }
  for (size_t K = First; K <= Last; ++K)
    for (const VariablePlan &V : Loops[K].Plan.Variables)
      if (V.Reduction)
        Changed.insert(V.Var);
}

bool RegionPlanner::stable(const Polynomial &P) const {
  return invariantUnder(P, Changed);
}

std::optional<RegionVariable>
RegionPlanner::keep(const VarDecl *Var, llvm::ArrayRef<Use> Uses,
                    DataRegion &Region) const {
  const VariablePlan &Front = *Uses.front().Plan;
  Polynomial Low = *Front.Lower, High = *Front.Lower + *Front.Length;
  for (const Use &U : Uses.drop_front()) {
    Polynomial L = *U.Plan->Lower, H = *U.Plan->Lower + *U.Plan->Length;
    std::optional<int> Below = (L - Low).sign(), Above = (H - High).sign();
    if (!Below || !Above)
      return std::nullopt; // sections that cannot be compared
    if (*Below < 0)
      Low = L;
    if (*Above > 0)
      High = H;
  }
  if (!stable(Low) || !stable(High))
    return std::nullopt;
  MapKind Kind = *Front.Map;
  bool HostTouches = llvm::any_of(
      Between, [&](const auto &Uses) { return Uses.count(Var); });
  // OM_OUT data is copied back over the union: one loop must write all of
  // it. Neither uninitialised OM_OUT data nor OM_SCRATCH data may meet host
  // code.
  bool OneLoopCovers = llvm::any_of(Uses, [&](const Use &U) {
    return *U.Plan->Lower == Low && *U.Plan->Lower + *U.Plan->Length == High;
  });
  if ((Kind == MapKind::From && (!OneLoopCovers || HostTouches)) ||
      (Kind == MapKind::Alloc && HostTouches))
    return std::nullopt;
  std::string Section = Var->getName().str() + "[" + Low.str() + ":" +
                        (High - Low).str() + "]";
  for (size_t K = First; K < Last; ++K) {
    auto It = Between[K - First].find(Var);
    if (It == Between[K - First].end())
      continue;
    bool WrittenBefore = Kind == MapKind::ToFrom &&
                         llvm::any_of(Uses, [&](const Use &U) {
                           return U.Loop <= K;
                         });
    bool ReadAfter = llvm::any_of(Uses, [&](const Use &U) {
      return U.Loop > K;
    });
    if (WrittenBefore)
      Region.Updates.push_back({HostStart[K - First], false, Var, Section});
    if (It->second.Write && ReadAfter)
      Region.Updates.push_back(
          {Loops[K + 1].Site.Loop->getForLoc(), true, Var, Section});
  }
  std::vector<std::string> Where;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Use &U : Uses) {
    PresumedLoc P = SM.getPresumedLoc(Loops[U.Loop].Site.Loop->getForLoc());
    Where.push_back(std::to_string(P.getLine()) + ":" +
                    std::to_string(P.getColumn()));
  }
  return RegionVariable{Var, Kind, Section,
                        "used by the loops at " + llvm::join(Where, ", ") +
                            "; mapped once over the union of their sections"};
}

std::optional<DataRegion> RegionPlanner::plan() {
  collectHostUses();
  llvm::MapVector<const VarDecl *, std::vector<Use>> Arrays;
  for (size_t K = First; K <= Last; ++K)
    for (const VariablePlan &V : Loops[K].Plan.Variables)
      if (V.Map && V.Lower && V.Length)
        Arrays[V.Var].push_back({K, &V});
  DataRegion Region;
  Region.First = First;
  Region.Last = Last;
  Region.Changed = Changed;
  for (const auto &[Var, Uses] : Arrays)
    if (Uses.size() >= 2)
      if (auto Kept = keep(Var, Uses, Region))
        Region.Variables.push_back(std::move(*Kept));
  if (Region.Variables.empty())
    return std::nullopt;
  return Region;
}

/// True when a closing brace can go on the line after Loop.
bool closable(const PlannedLoop &Loop, ASTContext &Ctx) {
  return canInsertLineAfter(*Loop.Site.Loop, Ctx.getSourceManager(),
                            Ctx.getLangOpts());
}

} // namespace

bool DataRegion::invariant(const Polynomial &P) const {
  return invariantUnder(P, Changed);
}

std::vector<DataRegion> planDataRegions(llvm::ArrayRef<PlannedLoop> Loops,
                                        ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<DataRegion> Regions;
  size_t First = 0;
  while (First < Loops.size()) {
    size_t Last = First;
    while (Last + 1 < Loops.size()) {
      auto Host = between(Loops[Last].Site, Loops[Last + 1].Site);
      if (!Host || !regionMaySpan(*Host, SM))
        break;
      ++Last;
    }
    size_t End = Last;
    while (End > First && !closable(Loops[End], Ctx))
      --End;
    if (End > First)
      if (auto Region = RegionPlanner(Loops, First, End, Ctx).plan())
        Regions.push_back(std::move(*Region));
    First = End + 1;
  }
  return Regions;
}

} // namespace ownmap
