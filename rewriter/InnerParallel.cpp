//===- InnerParallel.cpp - inner loops that the threads of a team share ---===//
#include "InnerParallel.h"
#include "AffineConflicts.h"
#include "KernelRewrite.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
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
  InnerLoopFinder(const SubscriptAnalysis &Subscripts, const CanonicalLoop &Loop,
                  const LoopAccesses &Accesses, const SourceManager &SM)
      : Subscripts(Subscripts), Accesses(Accesses), SM(SM),
        Parents(const_cast<ForStmt *>(Loop.Loop)) {}

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
  ParentMap Parents;
  std::vector<ParallelInnerLoop> Chosen;

  bool inside(const Decl *D, const Stmt &S) const {
    return SM.isPointWithin(D->getLocation(), S.getBeginLoc(), S.getEndLoc());
  }

  /// True when Ref is assigned, stepped or has its address taken.
  bool modifies(const DeclRefExpr &Ref) const {
    const Stmt *Child = &Ref;
    const Stmt *P = Parents.getParentIgnoreParens(Child);
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
      return B->isAssignmentOp() &&
             B->getLHS()->IgnoreParens() == cast<Expr>(Child);
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
      return U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf;
    return false;
  }

  /// The indices of For's canonical inner loops declared outside For, or
  /// none when For writes another variable declared outside it or uses an
  /// array local to the kernel declared outside it (shared by the team).
  std::optional<std::vector<const VarDecl *>> privates(const ForStmt &For) {
    std::vector<const VarDecl *> Indices;
    bool WritesOutside = false;
    llvm::SmallVector<const Stmt *, 32> Work{For.getBody()};
    while (!Work.empty() && !WritesOutside) {
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
      const auto *Ref = dyn_cast<DeclRefExpr>(S);
      const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (V && !inside(V, For))
        WritesOutside = (V->getType()->isArrayType() && V->hasLocalStorage()) ||
                        (modifies(*Ref) && !llvm::is_contained(Indices, V));
      for (const Stmt *Child : S->children())
        Work.push_back(Child);
    }
    if (WritesOutside)
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
    for (const VariableAccesses &VA : Accesses.Variables) {
      if (!VA.isPointer()) {
        // A scalar from outside written in For (privates() lets only its
        // inner loops' indices through, and those are not in Accesses).
        bool Writes = llvm::any_of(VA.Accesses, [&](const Access &A) {
          return isWrite(A.Kind) && A.InnerLoops.size() >= Depth &&
                 A.InnerLoops[Depth - 1].Loop == &For;
        });
        if (Writes)
          return std::nullopt;
        continue;
      }
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
  InnerLoopFinder Finder(Subscripts, Loop, Accesses, SM);
  Finder.visit(Loop.Loop->getBody(), 1);
  return Finder.take();
}

} // namespace ownmap
