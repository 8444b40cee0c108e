//===- PointerViews.cpp - local pointers that stand for part of a parameter ===//
#include "PointerViews.h"
#include "SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ownmap {

/// The pointer variable E names, if any.
static const VarDecl *pointerVariable(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *P = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return P && P->getType()->isPointerType() ? P : nullptr;
}

/// Reads the pointer expression E as a pointer variable plus signed terms,
/// appending the terms to View; false when E is not of that form.
static bool readView(const Expr *E, PointerView &View) {
  E = E->IgnoreParenImpCasts();
  if (const VarDecl *P = pointerVariable(E)) {
    View.Base = P;
    return true;
  }
  const Expr *Pointer = nullptr;
  ViewOffset Term;
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getType()->isPointerType()) {
    bool PointerLeft = B->getLHS()->getType()->isPointerType();
    if (B->getOpcode() == BO_Add) {
      Pointer = PointerLeft ? B->getLHS() : B->getRHS();
      Term.Term = PointerLeft ? B->getRHS() : B->getLHS();
    } else if (B->getOpcode() == BO_Sub && PointerLeft) {
      Pointer = B->getLHS();
      Term = {B->getRHS(), /*Negated=*/true};
    }
  } else if (const auto *U = dyn_cast<UnaryOperator>(E);
             U && U->getOpcode() == UO_AddrOf) {
    if (const auto *Sub =
            dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens())) {
      Pointer = Sub->getBase();
      Term.Term = Sub->getIdx();
    }
  }
  if (!Pointer || !readView(Pointer, View))
    return false;
  View.Offsets.push_back(Term);
  return true;
}

std::optional<PointerView> pointerViewOf(const VarDecl &V) {
  const Expr *Init = V.getInit();
  PointerView View;
  if (!Init || !V.getType()->isPointerType() || !readView(Init, View))
    return std::nullopt;
  return View;
}

/// True when E reads only scalar locals and parameters, enumerators and
/// constants, and neither calls nor assigns.
static bool fromScalars(const Stmt *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    return V && V->hasLocalStorage() && V->getType()->isScalarType() &&
           !V->getType()->isPointerType();
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_Deref ||
        U->getOpcode() == UO_AddrOf)
      return false;
  } else if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp() || B->isCommaOp())
      return false;
  } else if (isa<UnaryExprOrTypeTraitExpr>(E)) {
    return true; // its operand is not evaluated
  } else if (!isa<IntegerLiteral, CharacterLiteral, FloatingLiteral,
                  ParenExpr, CastExpr, ConditionalOperator, ConstantExpr>(
                 E)) {
    return false;
  }
  return llvm::all_of(E->children(), [](const Stmt *Child) {
    return Child && fromScalars(Child);
  });
}

bool offsetsFromScalars(const PointerView &View) {
  return llvm::all_of(View.Offsets, [](const ViewOffset &O) {
    return fromScalars(O.Term);
  });
}

bool viewIsReassigned(const VarDecl &View) {
  return !View.getType().isConstQualified();
}

std::string viewAtBodyTop(const VarDecl &View) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  const PrintingPolicy &Policy = View.getASTContext().getPrintingPolicy();
  if (!viewIsReassigned(View)) {
    View.print(OS, Policy);
    return Text + ";";
  }
  OS << View.getName() << " = ";
  View.getInit()->printPretty(OS, nullptr, Policy);
  return Text + ";";
}

/// The declarations of Scope's own statements (not of nested blocks).
static bool declaresName(const CompoundStmt &Scope, StringRef Name) {
  for (const Stmt *S : Scope.body())
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *N = dyn_cast<NamedDecl>(D);
            N && N->getIdentifier() && N->getName() == Name)
          return true;
  return false;
}

/// A variable of the kernel, other than V, with V's name, declared after
/// Begin and before End: it may hide V there.
static const VarDecl *namesake(const VarDecl &V, SourceLocation Begin,
                               SourceLocation End) {
  const auto *F = dyn_cast<FunctionDecl>(V.getDeclContext());
  const SourceManager &SM = V.getASTContext().getSourceManager();
  llvm::SmallVector<const Stmt *, 16> Work{F ? F->getBody() : nullptr};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *Other = dyn_cast<VarDecl>(D);
            Other && Other != &V && Other->getIdentifier() &&
            Other->getName() == V.getName() &&
            SM.isBeforeInTranslationUnit(Begin, Other->getLocation()) &&
            SM.isBeforeInTranslationUnit(Other->getLocation(), End))
          return Other;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return nullptr;
}

std::optional<std::string> whyNotRedeclarable(const VarDecl &View,
                                              const ForStmt &Loop) {
  std::string Name = View.getName().str();
  std::string Quoted =
      "'" + Name + "' ('" + sourceText(View.getInit(), View.getASTContext()) +
      "')";
  const auto *Body = dyn_cast<CompoundStmt>(Loop.getBody());
  if (Body && declaresName(*Body, Name))
    return "the loop's body declares another '" + Name +
           "', and the device declares view " + Quoted +
           " again at its top; rename one of them";
  llvm::SmallVector<const Stmt *, 8> Work{View.getInit()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    const auto *Ref = dyn_cast<DeclRefExpr>(S);
    const auto *Read = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (const VarDecl *Hiding =
            Read ? namesake(*Read, View.getEndLoc(),
                            Loop.getBody()->getBeginLoc())
                 : nullptr)
      return "the '" + Hiding->getName().str() +
             "' declared between view " + Quoted +
             " and the loop's body hides the one the view reads, and the "
             "device computes the view again in the loop; rename one of "
             "them";
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  return std::nullopt;
}

const ViewChain *ViewResolver::viewOf(const VarDecl *V) {
  if (!V || !V->getType()->isPointerType() || isa<ParmVarDecl>(V) ||
      !V->hasLocalStorage())
    return nullptr;
  auto [It, New] = Views.try_emplace(V);
  if (!New)
    return It->second ? &*It->second : nullptr;
  std::optional<PointerView> View = pointerViewOf(*V);
  bool InLoop = LoopVars.count(V) > 0;
  if (!View || (InLoop ? LoopChanged.count(V) > 0
                       : changedInKernel(V, View->Offsets) ||
                             changedInKernel(View->Base, {}) ||
                             (Redeclared && !offsetsFromScalars(*View))))
    return nullptr;
  ViewChain Chain;
  if (isa<ParmVarDecl>(View->Base) && View->Base->getType()->isPointerType() &&
      !LoopVars.count(View->Base)) {
    Chain.Root = View->Base;
  } else if (const ViewChain *Outer = viewOf(View->Base)) {
    Chain = *Outer;
  } else {
    return nullptr;
  }
  llvm::append_range(Chain.Offsets, View->Offsets);
  if (!InLoop)
    Chain.DeclaredBeforeLoop.push_back(V);
  Views[V] = Chain;
  return &*Views[V];
}

bool ViewResolver::changedInKernel(const VarDecl *V,
                                   llvm::ArrayRef<ViewOffset> Offsets) {
  if (!KernelChanged) {
    const auto *F = dyn_cast<FunctionDecl>(V->getDeclContext());
    KernelChanged = changedVariables(F ? F->getBody() : nullptr);
  }
  if (KernelChanged->count(V))
    return true;
  llvm::SmallVector<const Stmt *, 8> Work;
  for (const ViewOffset &O : Offsets)
    Work.push_back(O.Term);
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *R = dyn_cast<VarDecl>(Ref->getDecl());
          R && KernelChanged->count(R))
        return true;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}

} // namespace ownmap
