//===- ChangedVariables.cpp - the variables a statement may change -------===//
#include "ChangedVariables.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ownmap {

namespace {

class ChangedVariablesFinder : public RecursiveASTVisitor<ChangedVariablesFinder> {
public:
  VariableSet Vars;

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      add(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      add(U->getSubExpr());
    return true;
  }

private:
  void add(const Expr *E) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        Vars.insert(V);
  }
};

} // namespace

VariableSet changedVariables(const Stmt *S) {
  ChangedVariablesFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(Finder.Vars);
}

VariableSet declaredVariables(const Stmt *S) {
  VariableSet Vars;
  llvm::SmallVector<const Stmt *, 16> Work{S};
  while (!Work.empty()) {
    const Stmt *Next = Work.pop_back_val();
    if (!Next)
      continue;
    if (const auto *Decls = dyn_cast<DeclStmt>(Next))
      for (const Decl *D : Decls->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Vars.insert(V);
    llvm::append_range(Work, Next->children());
  }
  return Vars;
}

bool mentionsVariable(const Stmt *S, const VarDecl &V) {
  if (!S)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    return Ref->getDecl() == &V;
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return mentionsVariable(Child, V);
  });
}

} // namespace ownmap
