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
  return P;
}

namespace {

class InnerLoopFinder {
public:
  InnerLoopFinder(const SubscriptAnalysis &Subscripts,
                  const LoopAccesses &Accesses, const SourceManager &SM)
      : Subscripts(Subscripts), Accesses(Accesses), SM(SM) {}

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
  const SourceManager &SM;
  std::vector<ParallelInnerLoop> Chosen;

  bool inside(const Decl *D, const Stmt &S) const {
    return SM.isPointWithin(D->getLocation(), S.getBeginLoc(), S.getEndLoc());
  }

  /// The indices of For's canonical inner loops declared outside For, or
  /// none when For changes another variable declared outside it or uses an
  /// array local to the kernel declared outside it (shared by the team).
  std::optional<std::vector<const VarDecl *>> privates(const ForStmt &For) {
    std::vector<const VarDecl *> Indices;
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
            !inside(V, For))
          return std::nullopt;
      llvm::append_range(Work, S->children());
    }
    for (const VarDecl *V : changedVariables(For.getBody()))
      if (!inside(V, For) && !llvm::is_contained(Indices, V))
        return std::nullopt;
    return Indices;
  }

  std::optional<ParallelInnerLoop> qualifies(const ForStmt &For,
                                             unsigned Depth) {
    SourceLocation At = For.getForLoc();
    if (At.isMacroID() || !startsLine(At, SM))
      return std::nullopt;
    auto Private = privates(For);
    if (!Private)
      return std::nullopt;
    ParallelInnerLoop Found{&For, std::move(*Private), {}};
    // Scalars from outside that For changes are refused by privates().
    for (const VariableAccesses &VA : Accesses.Variables) {
      if (!VA.isPointer())
        continue;
      std::optional<ConflictFree> Proof =
          proveInnerConflictFree(Subscripts, VA, For, Depth);
      if (!Proof)
        return std::nullopt;
      if (!Proof->InBounds.empty())
        Found.InBounds.push_back({VA.Var, Proof->InBounds});
    }
    return Found;
  }
};

} // namespace

std::vector<ParallelInnerLoop>
parallelInnerLoops(const SubscriptAnalysis &Subscripts, const CanonicalLoop &Loop,
                   const LoopAccesses &Accesses, const SourceManager &SM) {
  InnerLoopFinder Finder(Subscripts, Accesses, SM);
  Finder.visit(Loop.Loop->getBody(), 1);
  return Finder.take();
}

} // namespace ownmap
