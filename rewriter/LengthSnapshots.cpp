//===- LengthSnapshots.cpp - OM_LEN counts as the caller passed them -----===//
#include "LengthSnapshots.h"
#include "Polynomial.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ownmap {

namespace {

/// The variables a function body changes.
class ChangedVariables : public RecursiveASTVisitor<ChangedVariables> {
public:
  llvm::SmallPtrSet<const VarDecl *, 8> Vars;

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

void snapshotChangedLengths(KernelAnnotations &Annotations) {
  ChangedVariables Changed;
  Changed.TraverseStmt(Annotations.Kernel->getBody());
  for (auto &[Param, A] : Annotations.Params) {
    if (!A.Length)
      continue;
    Atom Count{*A.Length, nullptr};
    if (llvm::any_of(Changed.Vars,
                     [&](const VarDecl *V) { return Count.mentions(*V); }))
      A.LengthSnapshot = "ownmap_len_" + Param->getName().str();
  }
}

std::string snapshotDeclaration(const ParamAnnotation &A) {
  return "const __typeof__(" + *A.Length + ") " + *A.LengthSnapshot + " = " +
         *A.Length + ";";
}

} // namespace ownmap
