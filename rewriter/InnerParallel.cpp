//===- InnerParallel.cpp - inner loops that the threads of a team share ---===//
#include "InnerParallel.h"
#include "ChangedVariables.h"
#include "KernelRewrite.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ownmap {

std::string ParallelInnerLoop::pragma() const {
  std::string P = "#pragma omp parallel for";
  if (!Private.empty()) {
    std::vector<std::string> Names;
    for (const VarDecl *V : Private)
      Names.push_back(V->getName().str());
    P += " private(" + llvm::join(Names, ", ") + ")";
  }
  for (const auto &[Var, Op] : Reductions)
    P += " reduction(" + reductionIdentifier(Op).str() + ": " +
         Var->getName().str() + ")";
  for (const ElementReduction &E : Elements)
    P += " reduction(" + reductionIdentifier(E.Op).str() + ": " + E.Local +
         ")";
  return P;
}

namespace {

class InnerLoopFinder {
public:
  InnerLoopFinder(const SubscriptAnalysis &Subscripts,
                  const LoopAccesses &Accesses, const ASTContext &Ctx,
                  bool AllowReductions, llvm::ArrayRef<MappedSection> Sections)
      : Subscripts(Subscripts), Accesses(Accesses), Ctx(Ctx),
        SM(Ctx.getSourceManager()), AllowReductions(AllowReductions),
        Sections(Sections) {}

  /// Candidates in S, at nest depth Depth when S is a loop.
  void visit(const Stmt *S, unsigned Depth) {
    if (const auto *Block = dyn_cast_or_null<CompoundStmt>(S)) {
      for (const Stmt *Child : Block->body())
        visit(Child, Depth);
      return;
    }
    const auto *For = dyn_cast_or_null<ForStmt>(S);
    if (!For)
      return;
    auto Canonical = matchCanonicalLoop(*For);
    if (!Canonical) {
      llvm::consumeError(Canonical.takeError());
      return;
    }
    if (std::optional<ParallelInnerLoop> Found = qualifies(*For, Depth))
      Chosen.push_back(std::move(*Found));
    else
      visit(For->getBody(), Depth + 1);
  }

  std::vector<ParallelInnerLoop> take() { return std::move(Chosen); }

private:
  const SubscriptAnalysis &Subscripts;
  const LoopAccesses &Accesses;
  const ASTContext &Ctx;
  const SourceManager &SM;
  bool AllowReductions;
  llvm::ArrayRef<MappedSection> Sections;
  std::vector<ParallelInnerLoop> Chosen;

  const MappedSection *sectionOf(const VarDecl *V) const {
    auto It = llvm::find_if(
        Sections, [&](const MappedSection &S) { return S.Var == V; });
    return It == Sections.end() ? nullptr : &*It;
  }

  /// True when V is an outer variable of the offloaded loop whose elements
  /// it reaches (an array local to the kernel): its accesses are proven
  /// apart like an array parameter's.
  bool reachedByElement(const VarDecl &V) const {
    return llvm::any_of(Accesses.Variables, [&](const VariableAccesses &VA) {
      return VA.Var == &V && VA.byElement();
    });
  }

  bool inside(const Decl *D, const Stmt &S) const {
    return SM.isPointWithin(D->getLocation(), S.getBeginLoc(), S.getEndLoc());
  }

  /// What the threads sharing For keep apart: the indices of its
  /// canonical inner loops declared outside it (private) and the scalars
  /// declared outside it that it only updates by one operator
  /// (reductions, when allowed); none when it changes another variable declared outside
  /// it or uses an array declared in the offloaded loop outside it (shared
  /// by the team).
  std::optional<ParallelInnerLoop> apart(const ForStmt &For) {
    ParallelInnerLoop Found{&For, {}, {}, {}, {}};
    std::vector<const VarDecl *> &Indices = Found.Private;
    llvm::SmallVector<const Stmt *, 32> Work{For.getBody()};
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (!S)
        continue;
      if (const auto *Inner = dyn_cast<ForStmt>(S)) {
        auto C = matchCanonicalLoop(*Inner);
        if (!C)
          llvm::consumeError(C.takeError());
        else if (!inside(C->Index, For) && !llvm::is_contained(Indices, C->Index))
          Indices.push_back(C->Index);
      }
      if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
            V && V->getType()->isArrayType() && V->hasLocalStorage() &&
            !inside(V, For) && !reachedByElement(*V))
          return std::nullopt;
      llvm::append_range(Work, S->children());
    }
    std::optional<LoopAccesses> OfFor; // what For itself does, once
    for (const VarDecl *V : changedVariables(For.getBody()))
      if (!inside(V, For) && !llvm::is_contained(Indices, V)) {
        if (!AllowReductions || (!OfFor && !(OfFor = accessesOf(For))))
          return std::nullopt;
        std::optional<ReductionOp> Op = onlyReduced(*OfFor, *V);
        if (!Op)
          return std::nullopt;
        Found.Reductions.push_back({V, *Op});
      }
    return Found;
  }

  /// The accesses of For's body, when it is a canonical loop the walk can
  /// describe.
  static std::optional<LoopAccesses> accessesOf(const ForStmt &For) {
    auto Canonical = matchCanonicalLoop(For);
    if (!Canonical) {
      llvm::consumeError(Canonical.takeError());
      return std::nullopt;
    }
    auto Accesses = collectLoopAccesses(*Canonical);
    if (!Accesses) {
      llvm::consumeError(Accesses.takeError());
      return std::nullopt;
    }
    return std::move(*Accesses);
  }

  /// The operator a loop with accesses Accesses updates scalar V by, when
  /// that is all it does to V.
  static std::optional<ReductionOp> onlyReduced(const LoopAccesses &Accesses,
                                                const VarDecl &V) {
    for (const VariableAccesses &VA : Accesses.Variables) {
      if (VA.Var != &V || VA.byElement() || VA.Accesses.empty())
        continue;
      ReductionOp Op = VA.Accesses.front().Reduction;
      if (llvm::all_of(VA.Accesses, [&](const Access &A) {
            return A.Kind == AccessKind::Update && A.Reduction == Op;
          }))
        return Op;
    }
    return std::nullopt;
  }

  std::optional<ParallelInnerLoop> qualifies(const ForStmt &For,
                                             unsigned Depth) {
    SourceLocation At = For.getForLoc();
    if (At.isMacroID() || !startsLine(At, SM))
      return std::nullopt;
    std::optional<ParallelInnerLoop> Apart = apart(For);
    if (!Apart)
      return std::nullopt;
    ParallelInnerLoop Found = std::move(*Apart);
    // Scalars from outside that For changes are its reductions (apart()).
    for (const VariableAccesses &VA : Accesses.Variables) {
      if (!VA.byElement())
        continue;
      std::optional<ConflictFree> Proof =
          proveInnerConflictFree(Subscripts, VA, For, Depth);
      std::optional<ElementReduction> Reduced;
      if (const MappedSection *Section = sectionOf(VA.Var);
          !Proof && AllowReductions && Section)
        Reduced = elementReduction(Subscripts, VA, For, Depth, *Section, Ctx);
      if (Reduced)
        Proof = ConflictFree{Reduced->InBounds};
      if (!Proof)
        return std::nullopt;
      if (!Proof->InBounds.empty())
        Found.InBounds.push_back({VA.Var, Proof->InBounds});
      if (Reduced)
        Found.Elements.push_back(std::move(*Reduced));
    }
    return Found;
  }
};

} // namespace

std::vector<ParallelInnerLoop>
parallelInnerLoops(const SubscriptAnalysis &Subscripts, const CanonicalLoop &Loop,
                   const LoopAccesses &Accesses, const ASTContext &Ctx,
                   bool AllowReductions,
                   llvm::ArrayRef<MappedSection> Sections) {
  InnerLoopFinder Finder(Subscripts, Accesses, Ctx, AllowReductions, Sections);
  Finder.visit(Loop.Loop->getBody(), 1);
  return Finder.take();
}

} // namespace ownmap
