//===- LoopAccess.cpp - what an offload candidate loop reads and writes ---===//
#include "LoopAccess.h"
#include "Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ownmap {

namespace {

/// Variables declared inside the loop (the index included): private to an
/// iteration, so they need no map.
class LoopLocals : public RecursiveASTVisitor<LoopLocals> {
public:
  llvm::SmallPtrSet<const VarDecl *, 16> Vars;
  bool VisitVarDecl(VarDecl *V) {
    Vars.insert(V);
    return true;
  }
};

const DeclRefExpr *asVarRef(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && isa<VarDecl>(Ref->getDecl()) ? Ref : nullptr;
}

/// Walks the loop in evaluation order. Expressions are visited either as
/// values (visitValue) or as the object an lvalue designates (visitObject),
/// so every reference to an outer variable is seen with how it is used.
class AccessWalker {
public:
  AccessWalker(const CanonicalLoop &Loop, const LoopLocals &Locals)
      : Loop(Loop), Locals(Locals) {}

  llvm::Expected<LoopAccesses> run();

private:
  const CanonicalLoop &Loop;
  const LoopLocals &Locals;
  llvm::MapVector<const VarDecl *, VariableAccesses> Found;
  llvm::Error Failure = llvm::Error::success();
  bool Failed = false;
  unsigned BreakTargets = 0; // enclosing inner loops and switches

  void fail(llvm::Error E) {
    if (Failed) {
      llvm::consumeError(std::move(E));
      return;
    }
    Failed = true;
    Failure = std::move(E);
  }
  void fail(SourceLocation Loc, const llvm::Twine &Message) {
    fail(sourceError(Loc, "cannot offload: " + Message));
  }

  void record(const VarDecl *V, Access A) {
    VariableAccesses &VA = Found[V];
    VA.Var = V;
    VA.Accesses.push_back(A);
  }

  /// An outer variable the loop can use, or null (inner local, or an error
  /// has been recorded).
  const VarDecl *outerVariable(const DeclRefExpr &Ref);

  void visitStmt(const Stmt *S);
  void visitValue(const Expr *E);
  void visitObject(const Expr *E, AccessKind Kind);
  void visitElement(const Expr *Site, const Expr *Base, const Expr *Index,
                    AccessKind Kind);
  void visitAssignment(const BinaryOperator &B);
  bool visitScalarUpdate(const BinaryOperator &B);
  void visitCall(const CallExpr &Call);
  void visitAddressOf(const UnaryOperator &AddrOf);
};

const VarDecl *AccessWalker::outerVariable(const DeclRefExpr &Ref) {
  const auto *V = dyn_cast<VarDecl>(Ref.getDecl());
  if (!V || Locals.Vars.count(V))
    return nullptr;
  if (V->hasGlobalStorage()) {
    fail(Ref.getLocation(), "'" + V->getName() +
                                "' has static storage; the loop may only use "
                                "parameters and local variables");
    return nullptr;
  }
  QualType T = V->getType();
  if (!T->isPointerType() && !T->isScalarType()) {
    fail(Ref.getLocation(), "'" + V->getName() + "' has type '" +
                                T.getAsString() +
                                "'; the loop may only use pointers and "
                                "scalars declared outside it");
    return nullptr;
  }
  return V;
}

void AccessWalker::visitStmt(const Stmt *S) {
  if (!S || Failed)
    return;
  if (const auto *E = dyn_cast<Expr>(S))
    return visitValue(E);
  if (isa<OMPExecutableDirective>(S))
    return fail(S->getBeginLoc(),
                "the loop already contains an OpenMP directive");
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(S))
    return fail(S->getBeginLoc(), "a jump leaves the loop");
  if (isa<BreakStmt>(S) && BreakTargets == 0)
    return fail(S->getBeginLoc(), "'break' leaves the loop");
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        if (V->isStaticLocal())
          return fail(V->getLocation(), "static local '" + V->getName() +
                                            "' would be shared by all "
                                            "iterations");
        if (V->getInit())
          visitValue(V->getInit());
      }
    return;
  }
  bool Breakable = isa<ForStmt, WhileStmt, DoStmt, SwitchStmt>(S);
  BreakTargets += Breakable;
  for (const Stmt *Child : S->children())
    visitStmt(Child);
  BreakTargets -= Breakable;
}

void AccessWalker::visitValue(const Expr *E) {
  if (!E || Failed)
    return;
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      return visitObject(Cast->getSubExpr(), AccessKind::Read);
    return visitValue(Cast->getSubExpr());
  }
  if (isa<UnaryExprOrTypeTraitExpr>(E))
    return; // sizeof/alignof do not evaluate their operand
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    return visitAssignment(*B);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->isIncrementDecrementOp()) {
      visitObject(U->getSubExpr(), AccessKind::Read);
      return visitObject(U->getSubExpr(), AccessKind::Write);
    }
    if (U->getOpcode() == UO_AddrOf)
      return visitAddressOf(*U);
    if (U->getOpcode() == UO_Deref)
      return visitObject(U, AccessKind::Read);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return visitCall(*Call);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    // A variable used without being loaded: an array decaying to a pointer.
    if (const VarDecl *V = outerVariable(*Ref))
      fail(Ref->getLocation(), "'" + V->getName() +
                                   "' is used as an address in the loop");
    return;
  }
  for (const Stmt *Child : E->children())
    visitStmt(Child);
}

void AccessWalker::visitObject(const Expr *E, AccessKind Kind) {
  if (!E || Failed)
    return;
  E = E->IgnoreParens();
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
    return visitElement(Sub, Sub->getBase(), Sub->getIdx(), Kind);
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return visitElement(U, U->getSubExpr(), nullptr, Kind);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (V == Loop.Index && Kind != AccessKind::Read)
      return fail(Ref->getLocation(), "the loop body modifies the loop "
                                      "variable '" +
                                          V->getName() + "'");
    V = outerVariable(*Ref);
    if (!V)
      return;
    if (V->getType()->isPointerType())
      return fail(Ref->getLocation(),
                  Kind == AccessKind::Read
                      ? "pointer '" + V->getName() +
                            "' is used other than by subscript (pointer "
                            "arithmetic or aliasing)"
                      : "pointer '" + V->getName() +
                            "' is assigned in the loop");
    return record(V, Access{Kind, Ref});
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (M->isArrow())
      return visitValue(M->getBase());
    return visitObject(M->getBase(), Kind);
  }
  visitValue(E);
}

void AccessWalker::visitElement(const Expr *Site, const Expr *Base,
                                const Expr *Index, AccessKind Kind) {
  const Expr *Pointer = Base->IgnoreParenImpCasts();
  const DeclRefExpr *Ref = asVarRef(Pointer);
  const VarDecl *V = Ref ? outerVariable(*Ref) : nullptr;
  if (!V || !V->getType()->isPointerType()) {
    // Not an element of an outer pointer: the base itself is a value.
    visitValue(Base);
    return visitValue(Index);
  }
  visitValue(Index);
  record(V, Access{Kind, Site, Index});
}

/// The variable an lvalue designates (part of), e.g. x for `x[i].f`.
static const DeclRefExpr *designatedVariable(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
      E = Sub->getBase();
    else if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase();
    else if (const auto *U = dyn_cast<UnaryOperator>(E);
             U && U->getOpcode() == UO_Deref)
      E = U->getSubExpr();
    else
      return asVarRef(E);
  }
}

void AccessWalker::visitAddressOf(const UnaryOperator &AddrOf) {
  const DeclRefExpr *Ref = designatedVariable(AddrOf.getSubExpr());
  const auto *V = Ref ? cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (V && Locals.Vars.count(V))
    return visitValue(AddrOf.getSubExpr()); // an iteration-local address
  if (!V)
    return fail(AddrOf.getOperatorLoc(),
                "the loop takes an address the rewriter cannot trace");
  fail(AddrOf.getOperatorLoc(),
       "the loop takes the address of '" + V->getName() +
           "' or part of it (pointer arithmetic or aliasing)");
}

/// Records `s += e`, `s *= e`, `s = s + e`, `s = e * s` ... as a reduction
/// update of scalar s. Returns false when B is not of that form.
bool AccessWalker::visitScalarUpdate(const BinaryOperator &B) {
  const DeclRefExpr *Target = asVarRef(B.getLHS());
  if (!Target || Target->getType()->isPointerType() ||
      Locals.Vars.count(cast<VarDecl>(Target->getDecl())))
    return false;
  const VarDecl *S = cast<VarDecl>(Target->getDecl());
  BinaryOperatorKind Op = B.getOpcode();
  const Expr *Operand = nullptr;
  if (Op == BO_AddAssign || Op == BO_MulAssign) {
    Operand = B.getRHS();
    Op = Op == BO_AddAssign ? BO_Add : BO_Mul;
  } else if (Op == BO_Assign) {
    const auto *R = dyn_cast<BinaryOperator>(B.getRHS()->IgnoreParenImpCasts());
    if (!R || (R->getOpcode() != BO_Add && R->getOpcode() != BO_Mul))
      return false;
    Op = R->getOpcode();
    const DeclRefExpr *L = asVarRef(R->getLHS());
    if (L && L->getDecl() == S)
      Operand = R->getRHS();
    else if (const DeclRefExpr *RR = asVarRef(R->getRHS());
             RR && RR->getDecl() == S)
      Operand = R->getLHS();
    else
      return false;
  } else {
    return false;
  }
  visitValue(Operand);
  if (!outerVariable(*Target))
    return true;
  record(S, Access{Op == BO_Add ? AccessKind::SumUpdate
                                : AccessKind::ProductUpdate,
                   Target});
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
  for (const Expr *Arg : Call.arguments()) {
    const DeclRefExpr *Ref = asVarRef(Arg);
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (V && V->getType()->isPointerType() && !Locals.Vars.count(V))
      return fail(Ref->getLocation(),
                  "pointer '" + V->getName() +
                      "' is passed to a call; the rewriter cannot see what "
                      "the callee does with it");
    visitValue(Arg);
  }
}

llvm::Expected<LoopAccesses> AccessWalker::run() {
  visitValue(Loop.Lower);
  visitValue(Loop.Upper);
  visitStmt(Loop.Loop->getBody());
  if (Failed)
    return std::move(Failure);
  LoopAccesses Result;
  for (auto &Entry : Found)
    Result.Variables.push_back(std::move(Entry.second));
  const SourceManager &SM = Loop.Index->getASTContext().getSourceManager();
  llvm::sort(Result.Variables, [&](const VariableAccesses &A,
                                           const VariableAccesses &B) {
    return SM.isBeforeInTranslationUnit(A.Var->getLocation(),
                                        B.Var->getLocation());
  });
  return Result;
}

} // namespace

llvm::Expected<LoopAccesses> collectLoopAccesses(const CanonicalLoop &Loop) {
  LoopLocals Locals;
  Locals.TraverseStmt(const_cast<ForStmt *>(Loop.Loop));
  return AccessWalker(Loop, Locals).run();
}

} // namespace ownmap
