//===- DataRegion.cpp - keep data on the device across a kernel's loops --===//
#include "DataRegion.h"
#include "EmptyLoops.h"
#include "HostUses.h"
#include "clang/AST/ASTContext.h"
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

/// A jump that may leave the statement (and so the region around it):
/// return, goto, a label to jump to, or break/continue outside a loop or
/// switch of its own. Walked without recursion: expressions may be nested
/// thousands deep.
bool mayJumpOut(const Stmt *Root) {
  struct Item {
    const Stmt *S;
    bool InLoop, InSwitch;
  };
  llvm::SmallVector<Item, 32> Work{{Root, false, false}};
  while (!Work.empty()) {
    auto [S, InLoop, InSwitch] = Work.pop_back_val();
    if (!S)
      continue;
    if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, LabelStmt>(S))
      return true;
    if (isa<ContinueStmt>(S) && !InLoop)
      return true;
    if (isa<BreakStmt>(S) && !InLoop && !InSwitch)
      return true;
    InLoop |= isa<ForStmt, WhileStmt, DoStmt>(S);
    InSwitch |= isa<SwitchStmt>(S);
    for (const Stmt *Child : S->children())
      Work.push_back({Child, InLoop, InSwitch});
  }
  return false;
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

/// True when a loop of Loops maps pointer V.
bool mapsPointer(llvm::ArrayRef<PlannedLoop> Loops, const VarDecl *V) {
  return llvm::any_of(Loops, [&](const PlannedLoop &Loop) {
    return llvm::any_of(Loop.Plan.Variables, [&](const VariablePlan &P) {
      return P.Var == V && P.Map && P.Var->getType()->isPointerType();
    });
  });
}

/// True when host code with Uses moves a pointer a loop of Loops maps.
bool movesMappedPointer(const HostUses &Uses,
                        llvm::ArrayRef<PlannedLoop> Loops) {
  return llvm::any_of(Uses.Variables, [&](const auto &Entry) {
    return Entry.second.Moved && mapsPointer(Loops, Entry.first);
  });
}

/// Host statements a region may span: no declarations (the region's braces
/// would end their scope), no jumps out, each group starting its line (so
/// that an update can go before it), and no move of a pointer a loop maps
/// (the region maps the array the pointer gave on entry; the loops after
/// the move map another address, which may partly overlap it).
bool regionMaySpan(const std::vector<const Stmt *> &Host,
                   llvm::ArrayRef<PlannedLoop> Loops, ASTContext &Ctx) {
  if (!Host.empty() && !startsLine(Host.front()->getBeginLoc(),
                                   Ctx.getSourceManager()))
    return false;
  if (llvm::any_of(Host, [](const Stmt *S) {
        return isa<DeclStmt>(S) || mayJumpOut(S);
      }))
    return false;
  return !movesMappedPointer(collectHostUses(Host, Ctx), Loops);
}

/// "12:3", where Loc is.
std::string lineColumn(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(Loc);
  return std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
}

bool invariantUnder(const Polynomial &P,
                    const llvm::SmallPtrSetImpl<const VarDecl *> &Changed) {
  return llvm::all_of(P.atoms(), [&](const Atom &A) {
    return llvm::none_of(Changed,
                         [&](const VarDecl *V) { return A.mentions(*V); });
  });
}

/// A loop statement that runs on the host around offloaded loops of its
/// body (a time loop).
struct HostLoop {
  const Stmt *Loop = nullptr;
  /// Its header and the statements of its body other than the offloaded
  /// loops.
  std::vector<const Stmt *> HostCode;
  /// Variables declared in it: not in scope where the region starts.
  std::vector<const VarDecl *> Declared;
};

/// The for, while or do statement of Root whose body is Block, when that
/// statement is itself a statement of a block.
const Stmt *loopAround(const CompoundStmt *Block, const Stmt &Root) {
  llvm::SmallVector<std::pair<const Stmt *, const Stmt *>, 32> Work{
      {&Root, nullptr}};
  while (!Work.empty()) {
    auto [S, Parent] = Work.pop_back_val();
    if (!S)
      continue;
    const Stmt *Body = nullptr;
    if (const auto *For = dyn_cast<ForStmt>(S))
      Body = For->getBody();
    else if (const auto *While = dyn_cast<WhileStmt>(S))
      Body = While->getBody();
    else if (const auto *Do = dyn_cast<DoStmt>(S))
      Body = Do->getBody();
    if (Body == Block)
      return isa_and_nonnull<CompoundStmt>(Parent) ? S : nullptr;
    for (const Stmt *Child : S->children())
      Work.push_back({Child, S});
  }
  return nullptr;
}

/// True when Host calls a function of the program (or through a pointer):
/// it may reach a kept array through a global that aliases it, out of the
/// region's sight. The C library's functions reach only what they are
/// passed, which the host uses see.
bool callsProgramFunction(llvm::ArrayRef<const Stmt *> Host,
                          const SourceManager &SM) {
  llvm::SmallVector<const Stmt *, 32> Work(Host.begin(), Host.end());
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (!Callee || !SM.isInSystemHeader(Callee->getLocation()))
        return true;
    }
    llvm::append_range(Work, S->children());
  }
  return false;
}

/// Loop as a host loop around the loops of Loops that are statements of
/// its body Block: none when no region can go around it (it does not start
/// its line, no line can follow it, it may jump out of itself, or its host
/// code moves a pointer a loop maps or calls a function of the program).
std::optional<HostLoop> hostLoop(const Stmt &Loop, const CompoundStmt &Block,
                                 llvm::ArrayRef<PlannedLoop> Loops,
                                 ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loop.getBeginLoc().isMacroID() || !startsLine(Loop.getBeginLoc(), SM) ||
      !canInsertLineAfter(Loop, SM, Ctx.getLangOpts()) || mayJumpOut(&Loop))
    return std::nullopt;
  HostLoop H;
  H.Loop = &Loop;
  if (const auto *For = dyn_cast<ForStmt>(&Loop))
    H.HostCode = {For->getInit(), For->getConditionVariableDeclStmt(),
                  For->getCond(), For->getInc()};
  else if (const auto *While = dyn_cast<WhileStmt>(&Loop))
    H.HostCode = {While->getConditionVariableDeclStmt(), While->getCond()};
  else
    H.HostCode = {cast<DoStmt>(&Loop)->getCond()};
  llvm::erase_if(H.HostCode, [](const Stmt *S) { return !S; });
  for (const Stmt *S : Block.body())
    if (llvm::none_of(Loops, [&](const PlannedLoop &L) {
          return L.Site.Loop == S && L.Site.Block == &Block;
        }))
      H.HostCode.push_back(S);
  if (movesMappedPointer(collectHostUses(H.HostCode, Ctx), Loops) ||
      callsProgramFunction(H.HostCode, SM))
    return std::nullopt;
  llvm::SmallVector<const Stmt *, 32> Work{&Loop};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          H.Declared.push_back(V);
    if (S)
      llvm::append_range(Work, S->children());
  }
  return H;
}

/// How host code reaches one array of a region at elements it cannot bound:
/// these need an update of the region's whole section.
struct WholeReach {
  bool Read = false, Write = false;
};

class RegionPlanner {
public:
  RegionPlanner(llvm::ArrayRef<PlannedLoop> Loops, size_t First, size_t Last,
                const PointerOrigins &Origins, ASTContext &Ctx,
                const HostLoop *Around = nullptr)
      : Loops(Loops), First(First), Last(Last), Origins(Origins), Ctx(Ctx),
        Around(Around) {}

  std::optional<DataRegion> plan();

private:
  llvm::ArrayRef<PlannedLoop> Loops;
  size_t First, Last;
  const PointerOrigins &Origins;
  ASTContext &Ctx;
  /// The host loop the region goes around, or null.
  const HostLoop *Around;
  /// Host uses between loop K and K + 1, indexed by K - First; around a
  /// host loop, one entry: all its host code.
  std::vector<HostUses> Between;
  std::vector<SourceLocation> HostStart; // first host statement, if any
  /// Scalars host code or a reduction changes inside the region: sections
  /// that mention them are not the same at region entry.
  llvm::SmallPtrSet<const VarDecl *, 8> Changed;
  mutable llvm::DenseMap<const VarDecl *, PointerTargets> Targets;

  struct Use {
    size_t Loop;
    const VariablePlan *Plan;
  };
  /// A kept array with the loops that use it.
  struct Kept {
    const VarDecl *Var;
    MapKind Kind;
    std::string Section;
    std::vector<Use> Uses;
  };
  void collectBetween();
  bool stable(const Polynomial &P) const;
  const PointerTargets &targetsOf(const VarDecl *Pointer) const;
  bool mayReach(const VarDecl *Pointer, const VarDecl *Array) const;
  bool isElementAlone(const ElementUse &E, size_t K) const;
  WholeReach wholeReach(size_t K, const VarDecl *Array) const;
  bool hostTouches(const VarDecl *Array) const;
  std::optional<RegionVariable> keep(const VarDecl *Var,
                                     llvm::ArrayRef<Use> Uses) const;
  void addUpdates(size_t K, llvm::ArrayRef<Kept> Arrays,
                  DataRegion &Region) const;
};

void RegionPlanner::collectBetween() {
  if (Around) {
    Between.push_back(collectHostUses(Around->HostCode, Ctx));
    Changed.insert(Around->Declared.begin(), Around->Declared.end());
  }
  for (size_t K = First; K < Last && !Around; ++K) {
    auto Host = between(Loops[K].Site, Loops[K + 1].Site);
    HostStart.push_back(Host->empty() ? SourceLocation()
                                      : Host->front()->getBeginLoc());
    Between.push_back(collectHostUses(*Host, Ctx));
  }
  for (const HostUses &Host : Between)
    for (const auto &[V, U] : Host.Variables)
      if (U.Write && !V->getType()->isPointerType())
        Changed.insert(V);
  for (size_t K = First; K <= Last; ++K)
    for (const VariablePlan &V : Loops[K].Plan.Variables)
      if (V.Reduction)
        Changed.insert(V.Var);
}

bool RegionPlanner::stable(const Polynomial &P) const {
  return invariantUnder(P, Changed);
}

const PointerTargets &RegionPlanner::targetsOf(const VarDecl *Pointer) const {
  auto It = Targets.find(Pointer);
  if (It == Targets.end())
    It = Targets.try_emplace(Pointer, Origins.targetsOf(Pointer)).first;
  return It->second;
}

/// True when host code may reach Array's elements through Pointer, a
/// variable other than Array.
bool RegionPlanner::mayReach(const VarDecl *Pointer,
                             const VarDecl *Array) const {
  return Pointer != Array && Pointer->getType()->isPointerType() &&
         targetsOf(Pointer).mayReach(Array);
}

/// True when the element E that host code between loop K and K + 1 uses can
/// be updated alone, as `p[c:1]` right before or after that code: p is
/// declared before it (so in scope there) and not moved by it.
bool RegionPlanner::isElementAlone(const ElementUse &E, size_t K) const {
  const HostUses &Host = Between[K - First];
  auto It = Host.Variables.find(E.Pointer);
  bool Moved = It != Host.Variables.end() && It->second.Moved;
  return E.Index >= 0 && !Moved &&
         Ctx.getSourceManager().isBeforeInTranslationUnit(
             E.Pointer->getLocation(), HostStart[K - First]);
}

/// What host code between loop K and K + 1 does to Array that an update of
/// one element does not cover: any use of Array itself, and uses through
/// other pointers that may reach it, at elements that cannot be updated
/// alone.
WholeReach RegionPlanner::wholeReach(size_t K, const VarDecl *Array) const {
  const HostUses &Host = Between[K - First];
  WholeReach R;
  for (const auto &[V, U] : Host.Variables)
    if (V == Array || mayReach(V, Array)) {
      R.Read |= U.Read;
      R.Write |= U.Write;
    }
  for (const ElementUse &E : Host.Elements)
    if (E.Pointer == Array ||
        (mayReach(E.Pointer, Array) && !isElementAlone(E, K)))
      (E.Write ? R.Write : R.Read) = true;
  return R;
}

/// True when host code anywhere in the region may reach Array.
bool RegionPlanner::hostTouches(const VarDecl *Array) const {
  return llvm::any_of(Between, [&](const HostUses &Host) {
    return Host.touches(Array) ||
           llvm::any_of(Host.Variables,
                        [&](const auto &Entry) {
                          return mayReach(Entry.first, Array);
                        }) ||
           llvm::any_of(Host.Elements, [&](const ElementUse &E) {
             return mayReach(E.Pointer, Array);
           });
  });
}

std::optional<RegionVariable>
RegionPlanner::keep(const VarDecl *Var, llvm::ArrayRef<Use> Uses) const {
  // Code that does not name Var may move it.
  if (Origins.addressTaken(Var))
    return std::nullopt;
  const VariablePlan &Front = *Uses.front().Plan;
  Polynomial Low = *Front.Lower, High = *Front.Lower + *Front.Length;
  // Ends compare only where that is known for any value of the scalars
  // (`x[off:n]` starts below `x[0:n]` when off < 0).
  for (const Use &U : Uses.drop_front()) {
    Polynomial L = *U.Plan->Lower, H = *U.Plan->Lower + *U.Plan->Length;
    if (provenNonNegative(Low - L, {}))
      Low = L;
    else if (!provenNonNegative(L - Low, {}))
      return std::nullopt; // sections that cannot be compared
    if (provenNonNegative(H - High, {}))
      High = H;
    else if (!provenNonNegative(High - H, {}))
      return std::nullopt;
  }
  if (!stable(Low) || !stable(High))
    return std::nullopt;
  MapKind Kind = *Front.Map;
  // Around a host loop there are no updates: host code may not reach the
  // array at all. OM_OUT data goes in too, since the loop may not run.
  if (Around && hostTouches(Var))
    return std::nullopt;
  if (Around && Kind == MapKind::From)
    Kind = MapKind::ToFrom;
  // OM_OUT data is copied back over the union: one loop must write all of
  // it. Neither uninitialised OM_OUT data nor OM_SCRATCH data may meet host
  // code.
  bool OneLoopCovers = llvm::any_of(Uses, [&](const Use &U) {
    return *U.Plan->Lower == Low && *U.Plan->Lower + *U.Plan->Length == High;
  });
  if ((Kind == MapKind::From || Kind == MapKind::Alloc) &&
      (hostTouches(Var) || (Kind == MapKind::From && !OneLoopCovers)))
    return std::nullopt;
  // The union is as long as any loop's section, so it needs a guard only
  // when every loop's does: then it is not empty when some loop's is not.
  std::vector<NonEmptyGuard> NonEmpty;
  for (const Use &U : Uses)
    NonEmpty.push_back(U.Plan->NonEmpty);
  std::string Section = Var->getName().str() + "[" + Low.str() + ":" +
                        branchFreeLength(High - Low, NonEmpty) + "]";
  std::vector<std::string> Where;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Use &U : Uses)
    Where.push_back(lineColumn(Loops[U.Loop].Site.Loop->getForLoc(), SM));
  std::string Once =
      Around ? "; mapped once around the host loop at " +
                   lineColumn(Around->Loop->getBeginLoc(), SM) +
                   " over the union of their sections"
             : "; mapped once over the union of their sections";
  return RegionVariable{Var, Kind, Section,
                        "used by the loops at " + llvm::join(Where, ", ") +
                            Once};
}

/// The updates around the host code between loop K and K + 1: `from`
/// before it of what it reads (or writes only in part) that an earlier
/// loop wrote; `to` after it of what it writes that a later loop uses or
/// that the region's end copies back (tofrom data: the device's copy would
/// overwrite the host's writes).
void RegionPlanner::addUpdates(size_t K, llvm::ArrayRef<Kept> Arrays,
                               DataRegion &Region) const {
  SourceLocation Before = HostStart[K - First];
  SourceLocation After = Loops[K + 1].Site.Loop->getForLoc();
  auto NeedsFrom = [&](const Kept &A) {
    return A.Kind == MapKind::ToFrom &&
           llvm::any_of(A.Uses, [&](const Use &U) { return U.Loop <= K; });
  };
  auto NeedsTo = [&](const Kept &A) {
    return A.Kind == MapKind::ToFrom ||
           llvm::any_of(A.Uses, [&](const Use &U) { return U.Loop > K; });
  };
  std::vector<TargetUpdate> Froms, Tos;
  auto Add = [](std::vector<TargetUpdate> &To, TargetUpdate Update) {
    if (llvm::none_of(To, [&](const TargetUpdate &U) {
          return U.Section == Update.Section;
        }))
      To.push_back(std::move(Update));
  };
  llvm::SmallPtrSet<const VarDecl *, 8> WholeFrom, WholeTo;
  for (const Kept &A : Arrays) {
    WholeReach R = wholeReach(K, A.Var);
    if (NeedsFrom(A) && (R.Read || R.Write)) {
      Add(Froms, {Before, false, A.Var, A.Section});
      WholeFrom.insert(A.Var);
    }
    if (NeedsTo(A) && R.Write) {
      Add(Tos, {After, true, A.Var, A.Section});
      WholeTo.insert(A.Var);
    }
  }
  for (const ElementUse &E : Between[K - First].Elements) {
    if (!isElementAlone(E, K))
      continue;
    std::string Section = E.Pointer->getName().str() + "[" +
                          std::to_string(E.Index) + ":1]";
    for (const Kept &A : Arrays) {
      if (!mayReach(E.Pointer, A.Var))
        continue;
      // A write that may not run must not send back the host's stale copy.
      if (!E.Certain && NeedsFrom(A) && !WholeFrom.count(A.Var))
        Add(Froms, {Before, false, E.Pointer, Section});
      if (E.Write && NeedsTo(A) && !WholeTo.count(A.Var))
        Add(Tos, {After, true, E.Pointer, Section});
    }
  }
  llvm::append_range(Region.Updates, Froms);
  llvm::append_range(Region.Updates, Tos);
}

std::optional<DataRegion> RegionPlanner::plan() {
  collectBetween();
  llvm::MapVector<const VarDecl *, std::vector<Use>> Arrays;
  for (size_t K = First; K <= Last; ++K)
    for (const VariablePlan &V : Loops[K].Plan.Variables)
      if (V.Map && V.Lower && V.Length)
        Arrays[V.Var].push_back({K, &V});
  DataRegion Region;
  Region.First = First;
  Region.Last = Last;
  Region.HostLoop = Around ? Around->Loop : nullptr;
  Region.Changed = Changed;
  std::vector<Kept> KeptArrays;
  for (const auto &[Var, Uses] : Arrays)
    if (Uses.size() >= (Around ? 1u : 2u))
      if (auto Kept = keep(Var, Uses)) {
        KeptArrays.push_back({Var, Kept->Map, Kept->Section, Uses});
        Region.Variables.push_back(std::move(*Kept));
      }
  if (Region.Variables.empty())
    return std::nullopt;
  for (size_t K = First; K < Last && !Around; ++K)
    addUpdates(K, KeptArrays, Region);
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

/// The regions around the host loops whose bodies hold loops of Loops.
static std::vector<DataRegion>
planHostLoopRegions(llvm::ArrayRef<PlannedLoop> Loops, const Stmt &KernelBody,
                    const PointerOrigins &Origins, ASTContext &Ctx) {
  // The loops of each block: between its first and its last, all loops
  // are inside the statement whose body it is.
  llvm::MapVector<const CompoundStmt *, std::pair<size_t, size_t>> Blocks;
  for (size_t K = 0; K < Loops.size(); ++K)
    if (const CompoundStmt *Block = Loops[K].Site.Block) {
      auto [It, New] = Blocks.try_emplace(Block, K, K);
      It->second.second = K;
    }
  std::vector<DataRegion> Regions;
  for (const auto &[Block, Range] : Blocks) {
    const Stmt *Loop = loopAround(Block, KernelBody);
    std::optional<HostLoop> H =
        Loop ? hostLoop(*Loop, *Block, Loops, Ctx) : std::nullopt;
    if (!H)
      continue;
    if (auto Region = RegionPlanner(Loops, Range.first, Range.second, Origins,
                                    Ctx, &*H)
                          .plan())
      Regions.push_back(std::move(*Region));
  }
  return Regions;
}

/// True when Outer, around a host loop, contains Inner and keeps every
/// array Inner keeps: Inner adds nothing.
static bool subsumes(const DataRegion &Outer, const DataRegion &Inner) {
  return Outer.First <= Inner.First && Inner.Last <= Outer.Last &&
         llvm::all_of(Inner.Variables, [&](const RegionVariable &V) {
           return llvm::any_of(Outer.Variables, [&](const RegionVariable &O) {
             return O.Var == V.Var;
           });
         });
}

std::vector<DataRegion> planDataRegions(llvm::ArrayRef<PlannedLoop> Loops,
                                        const Stmt &KernelBody,
                                        const PointerOrigins &Origins,
                                        ASTContext &Ctx) {
  std::vector<DataRegion> Around =
      planHostLoopRegions(Loops, KernelBody, Origins, Ctx);
  std::vector<DataRegion> Regions;
  size_t First = 0;
  while (First < Loops.size()) {
    size_t Last = First;
    while (Last + 1 < Loops.size()) {
      auto Host = between(Loops[Last].Site, Loops[Last + 1].Site);
      if (!Host || !regionMaySpan(*Host, Loops, Ctx))
        break;
      ++Last;
    }
    size_t End = Last;
    while (End > First && !closable(Loops[End], Ctx))
      --End;
    if (End > First)
      if (auto Region =
              RegionPlanner(Loops, First, End, Origins, Ctx).plan())
        if (llvm::none_of(Around, [&](const DataRegion &Outer) {
              return subsumes(Outer, *Region);
            }))
          Regions.push_back(std::move(*Region));
    First = End + 1;
  }
  llvm::append_range(Regions, Around);
  return Regions;
}

} // namespace ownmap
