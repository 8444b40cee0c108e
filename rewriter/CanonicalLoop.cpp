//===- CanonicalLoop.cpp - recognise `for (int i = L; i < U; ++i)` --------===//
#include "CanonicalLoop.h"
#include "Diagnostics.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace ownmap {

static bool refersTo(const Expr *E, const VarDecl *V) {
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts()
                                                    : nullptr);
  return Ref && Ref->getDecl() == V;
}

static bool isUnitIncrement(const Expr *Inc, const VarDecl *V) {
  if (!Inc)
    return false;
  Inc = Inc->IgnoreParens();
  if (const auto *U = dyn_cast<UnaryOperator>(Inc))
    return U->isIncrementOp() && refersTo(U->getSubExpr(), V);
  if (const auto *C = dyn_cast<CompoundAssignOperator>(Inc)) {
    const auto *One =
        dyn_cast<IntegerLiteral>(C->getRHS()->IgnoreParenImpCasts());
    return C->getOpcode() == BO_AddAssign && refersTo(C->getLHS(), V) && One &&
           One->getValue() == 1;
  }
  return false;
}

static const VarDecl *singleIntegralIndex(const Stmt *Init) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(Init);
  if (!DS || !DS->isSingleDecl())
    return nullptr;
  const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!V || !V->getType()->isIntegerType() || !V->getInit())
    return nullptr;
  return V;
}

llvm::Expected<CanonicalLoop> matchCanonicalLoop(const ForStmt &Loop) {
  auto Fail = [&] {
    return sourceError(Rule::LoopUnsupported, Loop.getForLoc(),
                       "cannot offload: loop header is not of the form "
                       "'for (int i = L; i < U; ++i)'");
  };
  const VarDecl *Index = singleIntegralIndex(Loop.getInit());
  if (!Index)
    return Fail();
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      Loop.getCond() ? Loop.getCond()->IgnoreParens() : nullptr);
  if (!Cond || Cond->getOpcode() != BO_LT || !refersTo(Cond->getLHS(), Index))
    return Fail();
  if (!isUnitIncrement(Loop.getInc(), Index))
    return Fail();
  return CanonicalLoop{&Loop, Index, Index->getInit(), Cond->getRHS()};
}

} // namespace ownmap
