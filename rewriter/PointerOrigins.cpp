//===- PointerOrigins.cpp - which parameters a kernel's pointer may reach -===//
#include "PointerOrigins.h"
#include "Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ownmap {

namespace {

/// Records the values given to pointer variables and the pointers whose
/// address is taken.
class AssignmentCollector : public RecursiveASTVisitor<AssignmentCollector> {
public:
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 2>>
      &Assigned;
  llvm::SmallPtrSet<const VarDecl *, 4> &AddressTaken;

  AssignmentCollector(
      llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 2>>
          &Assigned,
      llvm::SmallPtrSet<const VarDecl *, 4> &AddressTaken)
      : Assigned(Assigned), AddressTaken(AddressTaken) {}

  static const VarDecl *pointerVariable(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return V && V->getType()->isPointerType() ? V : nullptr;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (V->getType()->isPointerType() && V->getInit())
      Assigned[V].push_back(V->getInit());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      if (const VarDecl *V = pointerVariable(B->getLHS()))
        Assigned[V].push_back(B->getRHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
          AddressTaken.insert(V);
    return true;
  }
};

/// The variables whose value (or whose array, for an array variable) the
/// pointer value E is derived from; sets Anywhere for what cannot be traced.
void collectRoots(const Expr *E, const ASTContext &Ctx,
                  llvm::SmallVectorImpl<const VarDecl *> &Roots,
                  bool &Anywhere) {
  llvm::SmallVector<const Expr *, 4> Work{E};
  while (!Work.empty()) {
    const Expr *X = Work.pop_back_val()->IgnoreParens();
    if (X->isNullPointerConstant(const_cast<ASTContext &>(Ctx),
                                 Expr::NPC_ValueDependentIsNotNull))
      continue;
    if (const auto *Cast = dyn_cast<CastExpr>(X)) {
      if (Cast->getCastKind() == CK_IntegralToPointer) {
        Anywhere = true;
        continue;
      }
      Work.push_back(Cast->getSubExpr());
      continue;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(X)) {
      if (B->getOpcode() == BO_Comma || B->isAssignmentOp()) {
        Work.push_back(B->getRHS());
        continue;
      }
      if (B->isAdditiveOp()) {
        // The pointer operand: the other is the offset.
        Work.push_back(B->getLHS()->getType()->isIntegerType() ? B->getRHS()
                                                               : B->getLHS());
        continue;
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(X)) {
      if (U->isIncrementDecrementOp()) {
        Work.push_back(U->getSubExpr());
        continue;
      }
      if (U->getOpcode() == UO_AddrOf) {
        // `&p[i]` and `&*p` point where p does; `&x` of a scalar local
        // points at that local, which no loop maps.
        const Expr *Object = U->getSubExpr()->IgnoreParens();
        if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Object))
          Work.push_back(Sub->getBase());
        else if (const auto *D = dyn_cast<UnaryOperator>(Object);
                 D && D->getOpcode() == UO_Deref)
          Work.push_back(D->getSubExpr());
        else if (!isa<DeclRefExpr>(Object))
          Anywhere = true;
        continue;
      }
    }
    if (const auto *C = dyn_cast<AbstractConditionalOperator>(X)) {
      Work.push_back(C->getTrueExpr());
      Work.push_back(C->getFalseExpr());
      continue;
    }
    if (isa<StringLiteral>(X))
      continue;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(X))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl())) {
        Roots.push_back(V);
        continue;
      }
    Anywhere = true;
  }
}

} // namespace

PointerOrigins::PointerOrigins(const KernelAnnotations &Annotations)
    : Annotations(Annotations) {
  AssignmentCollector Collector(Assigned, AddressTaken);
  Collector.TraverseDecl(const_cast<FunctionDecl *>(Annotations.Kernel));
}

PointerTargets PointerOrigins::targetsOf(const VarDecl *Pointer) const {
  PointerTargets Targets;
  const ASTContext &Ctx = Pointer->getASTContext();
  llvm::SmallPtrSet<const VarDecl *, 8> Seen;
  llvm::SmallVector<const VarDecl *, 8> Work{Pointer};
  while (!Work.empty() && !Targets.Anywhere) {
    const VarDecl *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (V->getType()->isArrayType() && V->isLocalVarDecl())
      continue; // a local array: no parameter's
    if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
      if (Annotations.lookup(P))
        Targets.Params.insert(P);
      else
        Targets.Anywhere = true;
    } else if (!V->isLocalVarDecl() || V->isStaticLocal()) {
      Targets.Anywhere = true;
    }
    if (V->getType()->isPointerType() && AddressTaken.count(V))
      Targets.Anywhere = true;
    auto It = Assigned.find(V);
    if (It == Assigned.end())
      continue;
    for (const Expr *Value : It->second)
      collectRoots(Value, Ctx, Work, Targets.Anywhere);
  }
  return Targets;
}

llvm::Error checkScratchShared(const KernelAnnotations &Annotations) {
  PointerOrigins Origins(Annotations);
  llvm::Error Errors = llvm::Error::success();
  auto IsScratch = [&](const ParmVarDecl *P) {
    return *Annotations.lookup(P)->Kind == Ownership::Scratch;
  };
  for (const ParmVarDecl *P : Annotations.Kernel->parameters()) {
    const ParamAnnotation *PA = Annotations.lookup(P);
    if (!PA || !PA->Kind || !IsScratch(P))
      continue;
    // Either may hold the other's array: look from both sides.
    for (const ParmVarDecl *Q : Annotations.Kernel->parameters()) {
      const ParamAnnotation *QA = Annotations.lookup(Q);
      if (Q == P || !QA || !QA->Kind || IsScratch(Q) ||
          (!Origins.targetsOf(P).Params.count(Q) &&
           !Origins.targetsOf(Q).Params.count(P)))
        continue;
      Errors = llvm::joinErrors(
          std::move(Errors),
          sourceError(Rule::BorrowScratchShared, P->getLocation(),
                      "OM_SCRATCH '" + P->getName() + "' and " +
                          macroName(*QA->Kind) + " '" + Q->getName() +
                          "' are assigned to each other: data a loop writes "
                          "through one and reads through the other would "
                          "not cross between host and device; annotate "
                          "both " + macroName(*QA->Kind)));
    }
  }
  return Errors;
}

} // namespace ownmap
