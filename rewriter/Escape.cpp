//===- Escape.cpp - OM_IN pointers must not escape the kernel -------------===//
#include "Escape.h"
#include "Diagnostics.h"
#include "SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ownmap {
namespace {

class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  explicit EscapeFinder(const KernelAnnotations &Annotations)
      : Annotations(Annotations) {}

  llvm::Error Errors = llvm::Error::success();

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      const ParmVarDecl *P = borrowedIn(Arg);
      if (!P)
        continue;
      const ParmVarDecl *Target =
          Callee && I < Callee->getNumParams() ? Callee->getParamDecl(I)
                                               : nullptr;
      const auto *PT =
          Target ? Target->getType()->getAs<PointerType>() : nullptr;
      if (PT && PT->getPointeeType().isConstQualified())
        continue;
      std::string Where =
          Target ? "parameter '" + Target->getName().str() + "' of type '" +
                       Target->getType().getAsString() + "' of '" +
                       Callee->getName().str() + "'"
                 : std::string("a call whose parameter type is unknown");
      escape(*P, Arg, "'" + P->getName().str() +
                          "' is OM_IN but is passed on as a non-const "
                          "pointer (" +
                          Where + "); pass it as 'const T *'");
    }
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      if (const ParmVarDecl *P = borrowedIn(B->getRHS()))
        stored(*P, B->getRHS(), "assigned to '" + text(B->getLHS()) + "'");
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (!isa<ParmVarDecl>(V) && V->getInit())
      if (const ParmVarDecl *P = borrowedIn(V->getInit()))
        stored(*P, V->getInit(), "stored in '" + V->getName().str() + "'");
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *R) {
    if (R->getRetValue())
      if (const ParmVarDecl *P = borrowedIn(R->getRetValue()))
        stored(*P, R->getRetValue(), "returned");
    return true;
  }
  bool VisitInitListExpr(InitListExpr *List) {
    for (const Expr *E : List->inits())
      if (const ParmVarDecl *P = borrowedIn(E))
        stored(*P, E, "stored in an initializer list");
    return true;
  }

private:
  const KernelAnnotations &Annotations;

  /// The OM_IN parameter E denotes as a pointer value, if any.
  const ParmVarDecl *borrowedIn(const Expr *E) const {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
    const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
    const ParamAnnotation *PA = P ? Annotations.lookup(P) : nullptr;
    return PA && *PA->Kind == Ownership::In ? P : nullptr;
  }
  std::string text(const Expr *E) const {
    return sourceText(E, Annotations.Kernel->getASTContext());
  }
  void stored(const ParmVarDecl &P, const Expr *At, const std::string &How) {
    escape(P, At, "'" + P.getName().str() + "' is OM_IN but is " + How +
                      " (escape): a shared borrow may only be read through "
                      "or passed on as 'const T *'");
  }
  void escape(const ParmVarDecl &P, const Expr *At, const std::string &Message) {
    const ParamAnnotation *PA = Annotations.lookup(&P);
    Errors = llvm::joinErrors(
        std::move(Errors),
        sourceError(Rule::BorrowInEscape, At->getBeginLoc(), Message,
                    FindingDetails{P.getName().str(), "", "", ""}, PA->KindLoc,
                    "'" + P.getName() + "' is annotated OM_IN here"));
  }
};

} // namespace

llvm::Error checkEscapes(const KernelAnnotations &Annotations) {
  EscapeFinder Finder(Annotations);
  Finder.TraverseStmt(const_cast<Stmt *>(Annotations.Kernel->getBody()));
  return std::move(Finder.Errors);
}

} // namespace ownmap
