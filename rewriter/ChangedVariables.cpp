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
