//===- Audit.cpp - check hand-written map clauses of target loops --------===//
#include "Audit.h"
#include "CanonicalLoop.h"
#include "LoopAccess.h"
#include "MapInference.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"
#include <optional>

using namespace clang;

namespace ownmap {

namespace {

/// The statement a target construct runs on the device: that of a combined
/// construct, or, for `target` alone, its statement (inside braces of its
/// own), or the loop of the loop construct that statement is (`target`
/// then `teams distribute parallel for` on the next line).
const Stmt *deviceStatement(const OMPExecutableDirective &D) {
  const Stmt *S = D.getInnermostCapturedStmt()->getCapturedStmt();
  if (isa<OMPLoopDirective>(D))
    return S;
  S = S->IgnoreContainers(/*IgnoreCaptured=*/true);
  if (const auto *Inner = dyn_cast<OMPLoopDirective>(S))
    return Inner->getInnermostCapturedStmt()->getCapturedStmt();
  return S;
}

/// Target constructs that run a loop: loop-associated ones, and `target`
/// alone around a loop or a loop construct.
bool runsLoop(const OMPExecutableDirective &D) {
  if (!isOpenMPTargetExecutionDirective(D.getDirectiveKind()))
    return false;
  if (isa<OMPLoopDirective>(D))
    return true;
  return isa<OMPTargetDirective>(D) && isa<ForStmt>(deviceStatement(D));
}

class TargetLoopFinder : public RecursiveASTVisitor<TargetLoopFinder> {
public:
  explicit TargetLoopFinder(const SourceManager &SM) : SM(SM) {}
  std::vector<const OMPExecutableDirective *> Found;

  // Not VisitOMPLoopDirective: LLVM 19's StmtNodes.td lists
  // OMPTargetParallelForDirective under OMPExecutableDirective (its C++
  // class derives from OMPLoopDirective), so the visitor would never call
  // it for `target parallel for`; isa goes by the C++ classof.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (runsLoop(*D) && SM.isInMainFile(SM.getExpansionLoc(D->getBeginLoc())))
      Found.push_back(D);
    return true;
  }

private:
  const SourceManager &SM;
};

/// One list item of a map clause: the variable and, for an array section,
/// its first element and length (null length: to the end of an array).
struct MapItem {
  OpenMPMapClauseKind Type;
  const VarDecl *Var = nullptr;
  const Expr *Item = nullptr;
  bool IsSection = false;
  const Expr *Lower = nullptr, *Length = nullptr;
};

std::vector<MapItem> mapItems(const OMPExecutableDirective &D) {
  std::vector<MapItem> Items;
  for (const auto *C : D.getClausesOfKind<OMPMapClause>())
    for (const Expr *E : C->varlists()) {
      MapItem Item{C->getMapType(), nullptr, E};
      const Expr *Base = E->IgnoreParenImpCasts();
      if (const auto *S = dyn_cast<ArraySectionExpr>(Base)) {
        Item.IsSection = true;
        Item.Lower = S->getLowerBound();
        Item.Length = S->getLength();
        Base = S->getBase()->IgnoreParenImpCasts();
      }
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
        Item.Var = dyn_cast<VarDecl>(Ref->getDecl());
      if (Item.Var)
        Items.push_back(Item);
    }
  return Items;
}

/// Map items of the `target data` constructs around D.
std::vector<MapItem> enclosingDataMaps(const Stmt &D, ASTContext &Ctx) {
  std::vector<MapItem> Items;
  DynTypedNodeList Parents = Ctx.getParents(D);
  while (!Parents.empty()) {
    // A directive's statement hangs below a CapturedDecl, a Decl.
    if (const auto *Captured = Parents[0].get<CapturedDecl>()) {
      Parents = Ctx.getParents(*Captured);
      continue;
    }
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      break;
    if (const auto *Data = dyn_cast<OMPTargetDataDirective>(P))
      llvm::append_range(Items, mapItems(*Data));
    Parents = Ctx.getParents(*P);
  }
  return Items;
}

class TargetLoopAudit {
public:
  TargetLoopAudit(const OMPExecutableDirective &D, ASTContext &Ctx)
      : D(D), Ctx(Ctx), Items(mapItems(D)),
        Enclosing(enclosingDataMaps(D, Ctx)) {}

  std::vector<AuditFinding> run();

private:
  const OMPExecutableDirective &D;
  ASTContext &Ctx;
  std::vector<MapItem> Items, Enclosing;
  std::vector<AuditFinding> Findings;

  std::string text(const Expr *E) const {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()),
               Ctx.getSourceManager(), Ctx.getLangOpts())
        .str();
  }
  void add(FindingLevel Level, Rule R, SourceLocation Loc,
           const llvm::Twine &Message, FindingDetails Details = {}) {
    Findings.push_back({Level, R, Message.str(), Loc, std::move(Details)});
  }
  const MapItem *find(const std::vector<MapItem> &In,
                      const VarDecl *V) const {
    for (const MapItem &I : In)
      if (I.Var == V)
        return &I;
    return nullptr;
  }
  void auditPointer(const CanonicalLoop &Loop, const LoopAccesses &Accesses,
                    const VariableAccesses &VA);
  void compareSections(const MapItem &Item, const VariablePlan &Accessed,
                       const Polynomial &ElementSize);
};

/// What a map of Type copies, in words and as a report direction.
struct Copies {
  std::string Verb, Way, Direction;
};
Copies copiesOf(OpenMPMapClauseKind Type) {
  switch (Type) {
  case OMPC_MAP_to:
    return {"move", " host->device", "to_device"};
  case OMPC_MAP_from:
    return {"move", " device->host", "from_device"};
  case OMPC_MAP_tofrom:
    return {"move", " each way", "both"};
  default:
    return {"allocate", " on the device", ""};
  }
}

std::string range(const Polynomial &Lower, const Polynomial &Length) {
  return "[" + Lower.str() + ", " + (Lower + Length).str() + ")";
}

std::vector<AuditFinding> TargetLoopAudit::run() {
  const auto *For = dyn_cast_or_null<ForStmt>(deviceStatement(D));
  if (!For) {
    add(FindingLevel::Warning, Rule::AuditNotAnalysed, D.getBeginLoc(),
        "cannot audit the target construct: its associated statement is not "
        "a 'for' loop");
    return std::move(Findings);
  }
  auto Loop = matchCanonicalLoop(*For);
  if (!Loop) {
    add(FindingLevel::Warning, Rule::AuditNotAnalysed, For->getForLoc(),
        "cannot audit the target construct: " +
            llvm::toString(Loop.takeError()));
    return std::move(Findings);
  }
  auto Accesses = collectLoopAccesses(*Loop);
  if (!Accesses) {
    add(FindingLevel::Warning, Rule::AuditNotAnalysed, For->getForLoc(),
        "cannot audit the target construct: " +
            llvm::toString(Accesses.takeError()));
    return std::move(Findings);
  }
  for (const VariableAccesses &VA : Accesses->Variables)
    if (VA.isPointer())
      auditPointer(*Loop, *Accesses, VA);
  return std::move(Findings);
}

void TargetLoopAudit::auditPointer(const CanonicalLoop &Loop,
                                   const LoopAccesses &Accesses,
                                   const VariableAccesses &VA) {
  std::string Name = VA.Var->getName().str();
  SourceLocation Use = VA.Accesses.front().Site->getBeginLoc();
  const MapItem *Item = find(Items, VA.Var);
  const MapItem *Outer = find(Enclosing, VA.Var);
  bool Written = llvm::any_of(VA.Accesses, [](const Access &A) {
    return A.Kind != AccessKind::Read;
  });
  auto Accessed = accessedSection(Loop, Accesses, VA);
  if ((!Item || !Item->IsSection) && (!Outer || !Outer->IsSection)) {
    std::string Clause = std::string("map(") + (Written ? "tofrom" : "to") +
                         ": " + (Accessed ? Accessed->Section : Name + "[...]") +
                         ")";
    if (!Accessed)
      llvm::consumeError(Accessed.takeError());
    add(FindingLevel::Error, Rule::AuditMissingMap, Use,
        "pointer '" + Name +
            "' is used on the device but its data is not mapped: the device "
            "gets the host address (a zero-length section or a firstprivate "
            "pointer) and reads garbage or faults; add " + Clause +
            " to the construct",
        {Name, "", "", Clause});
    return;
  }
  uint64_t Size = Ctx.getTypeSizeInChars(VA.Var->getType()->getPointeeType())
                      .getQuantity();
  const MapItem &Used = Item && Item->IsSection ? *Item : *Outer;
  if (Item && Item->IsSection && Written &&
      (Item->Type == OMPC_MAP_to || Item->Type == OMPC_MAP_alloc) &&
      !(Outer && (Outer->Type == OMPC_MAP_tofrom ||
                  Outer->Type == OMPC_MAP_from)))
    add(FindingLevel::Error, Rule::AuditLostWrite, Item->Item->getBeginLoc(),
        "'" + Name + "' is written on the device but mapped '" +
            getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_map, Item->Type) +
            "': the results never reach the host; map it 'tofrom' (or "
            "'from' when the device writes it before reading)",
        {Name, "from_device", "", "map(tofrom: " + text(Item->Item) + ")"});
  if (Item && Item->IsSection && !Written && Item->Type == OMPC_MAP_tofrom) {
    std::string Bytes;
    if (Item->Length) {
      if (auto Len = Polynomial::fromExpr(*Item->Length, Ctx))
        Bytes = (*Len * Polynomial(Size)).str();
      else
        llvm::consumeError(Len.takeError());
    }
    add(FindingLevel::Warning, Rule::AuditMapTooBroad,
        Item->Item->getBeginLoc(),
        "'" + Name + "' is mapped 'tofrom' but never written on the device: "
                     "map(to: ...) would save " +
            (Bytes.empty() ? "the section's bytes" : Bytes + " bytes") +
            " device->host",
        {Name, "from_device", Bytes, "map(to: " + text(Item->Item) + ")"});
  }
  if (!Accessed) {
    add(FindingLevel::Warning, Rule::AuditNotAnalysed, Use,
        "cannot compare the map of '" + Name + "' with its accesses: " +
            llvm::toString(Accessed.takeError()),
        {Name, "", "", ""});
    return;
  }
  compareSections(Used, *Accessed, Polynomial(Size));
}

void TargetLoopAudit::compareSections(const MapItem &Item,
                                      const VariablePlan &Accessed,
                                      const Polynomial &ElementSize) {
  std::string Name = Item.Var->getName().str();
  if (!Item.Length)
    return; // to the end of an array: its size is the array's
  Polynomial Lower(0);
  if (Item.Lower) {
    auto L = Polynomial::fromExpr(*Item.Lower, Ctx);
    if (!L)
      return llvm::consumeError(L.takeError());
    Lower = *L;
  }
  auto Length = Polynomial::fromExpr(*Item.Length, Ctx);
  if (!Length)
    return llvm::consumeError(Length.takeError());
  Polynomial End = Lower + *Length;
  Polynomial AccEnd = *Accessed.Lower + *Accessed.Length;
  std::optional<int> Below = (*Accessed.Lower - Lower).sign();
  std::optional<int> Above = (End - AccEnd).sign();
  std::string Mapped = "'" + text(Item.Item) + "' maps elements " +
                       range(Lower, *Length) + " but the loop reaches " +
                       range(*Accessed.Lower, *Accessed.Length);
  if ((Below && *Below < 0) || (Above && *Above < 0)) {
    add(FindingLevel::Error, Rule::AuditSectionTooSmall,
        Item.Item->getBeginLoc(),
        Mapped + " (" + Accessed.Reason +
            "): accesses outside the section are out of bounds on the "
            "device; map '" + Accessed.Section + "'",
        {Name, "", "",
         "map(" +
             std::string(getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_map,
                                                       Item.Type)) +
             ": " + Accessed.Section + ")"});
    return;
  }
  if (!Below || !Above || (*Below == 0 && *Above == 0))
    return;
  std::string Extra = ((*Length - *Accessed.Length) * ElementSize).str();
  Copies C = copiesOf(Item.Type);
  add(FindingLevel::Warning, Rule::AuditMapTooBroad,
      Item.Item->getBeginLoc(),
      Mapped + ": map '" + Accessed.Section + "' to " + C.Verb + " " + Extra +
          " fewer bytes" + C.Way,
      {Name, C.Direction, C.Direction.empty() ? "" : Extra,
       "map(" +
           std::string(getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_map,
                                                     Item.Type)) +
           ": " + Accessed.Section + ")"});
}

} // namespace

std::vector<const OMPExecutableDirective *>
findTargetLoops(ASTContext &Ctx) {
  TargetLoopFinder Finder(Ctx.getSourceManager());
  Finder.TraverseAST(Ctx);
  return std::move(Finder.Found);
}

std::vector<AuditFinding> auditTargetLoop(const OMPExecutableDirective &D,
                                         ASTContext &Ctx) {
  return TargetLoopAudit(D, Ctx).run();
}

} // namespace ownmap
