//===- LoopUpdates.cpp - what a loop changes: assignments, calls ----------===//
//
// The part of the loop walk (AccessWalker.h) that sees state change:
// assignments, reduction updates of scalars, calls that may write through
// their pointer arguments, addresses taken.
//
//===----------------------------------------------------------------------===//
#include "AccessWalker.h"

using namespace clang;

namespace ownmap::walk {

void AccessWalker::visitAddressOf(const UnaryOperator &AddrOf) {
  const DeclRefExpr *Ref = designatedVariable(AddrOf.getSubExpr());
  const auto *V = Ref ? cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (const ViewChain *View = viewOf(V))
    return fail(AddrOf.getOperatorLoc(),
                "the loop takes the address of part of '" +
                    View->Root->getName() + "' through '" + V->getName() +
                    "' (pointer arithmetic or aliasing)");
  if (V && leftToCaller(*V))
    return; // LoopGlobals.h refuses it
  if (V && Locals.Vars.count(V)) {
    ModifiedLocals.insert(V); // whoever gets the address may write it
    return visitValue(AddrOf.getSubExpr()); // an iteration-local address
  }
  if (!V)
    return fail(AddrOf.getOperatorLoc(),
                "the loop takes an address the analysis cannot trace");
  fail(AddrOf.getOperatorLoc(),
       "the loop takes the address of '" + V->getName() +
           "' or part of it (pointer arithmetic or aliasing)");
}

const VarDecl *AccessWalker::reductionTarget(const Expr *LHS) const {
  const DeclRefExpr *Target = asVarRef(LHS);
  if (!Target || !Target->getType()->isArithmeticType())
    return nullptr;
  const auto *S = cast<VarDecl>(Target->getDecl());
  return Locals.Vars.count(S) ? nullptr : S;
}

void AccessWalker::recordUpdate(const Expr *Target,
                                const ReductionUpdate &U) {
  visitValue(U.Operand);
  if (const VarDecl *S = outerVariable(*asVarRef(Target)))
    record(S, Access{AccessKind::Update, Target, nullptr, U.Op});
}

/// Records `s op= e`, `s = s op e`, `s = s < e ? s : e`, `s = fmaxf(s, e)`
/// ... as a reduction update of scalar s. Returns false when B is not of
/// such a form.
bool AccessWalker::visitScalarUpdate(const BinaryOperator &B) {
  const VarDecl *S = reductionTarget(B.getLHS());
  if (!S)
    return false;
  std::optional<ReductionUpdate> U = assignmentUpdate(B, *S, Ctx);
  if (!U)
    return false;
  recordUpdate(B.getLHS(), *U);
  return true;
}

/// `if (e > s) s = e;` (max) and `if (e < s) s = e;` (min).
bool AccessWalker::visitMinMaxIf(const IfStmt &If) {
  const BinaryOperator *Assign = guardedAssignment(If);
  const VarDecl *S = Assign ? reductionTarget(Assign->getLHS()) : nullptr;
  if (!S)
    return false;
  std::optional<ReductionUpdate> U = guardedUpdate(If, *Assign, *S, Ctx);
  if (!U)
    return false;
  recordUpdate(Assign->getLHS(), *U);
  return true;
}

void AccessWalker::visitAssignment(const BinaryOperator &B) {
  if (visitScalarUpdate(B))
    return;
  if (B.isCompoundAssignmentOp()) {
    visitObject(B.getLHS(), AccessKind::Read);
    visitValue(B.getRHS());
  } else {
    visitValue(B.getRHS());
  }
  visitObject(B.getLHS(), AccessKind::Write);
}

void AccessWalker::visitCall(const CallExpr &Call) {
  visitValue(Call.getCallee());
  const FunctionDecl *Callee = Call.getDirectCallee();
  for (unsigned I = 0; I < Call.getNumArgs(); ++I) {
    const Expr *Arg = Call.getArg(I);
    const DeclRefExpr *Ref = asVarRef(Arg);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (const ViewChain *View = viewUsed(V, Arg->getBeginLoc())) {
      if (!readOnlyParameter(Callee, I))
        return fail(Ref->getLocation(),
                    "pointer '" + V->getName() + "', a view of '" +
                        View->Root->getName() +
                        "', is passed to a call as a non-const pointer; the "
                        "analysis cannot see what the callee does with it");
      Access A{AccessKind::Read, Ref, nullptr, ReductionOp::Add, {}, false,
               Callee};
      record(View->Root, A);
      continue;
    }
    if (!V || !V->getType()->isPointerType() || Locals.Vars.count(V)) {
      visitValue(Arg);
      continue;
    }
    if (!readOnlyParameter(Callee, I))
      return fail(Ref->getLocation(),
                  "pointer '" + V->getName() +
                      "' is passed to a call as a non-const pointer; the "
                      "analysis cannot see what the callee does with it");
    if (outerVariable(*Ref))
      record(V, Access{AccessKind::Read, Ref, nullptr, ReductionOp::Add, {},
                       false, Callee});
  }
}

} // namespace ownmap::walk
