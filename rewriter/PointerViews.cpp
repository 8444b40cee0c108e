//===- PointerViews.cpp - local pointers that stand for part of a parameter ===//
#include "PointerViews.h"

using namespace clang;

namespace ownmap {

/// The pointer variable E names, if any.
static const VarDecl *pointerVariable(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *P = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return P && P->getType()->isPointerType() ? P : nullptr;
}

std::optional<PointerView> pointerViewOf(const VarDecl &V) {
  const Expr *Init = V.getInit();
  if (!Init || !V.getType()->isPointerType())
    return std::nullopt;
  Init = Init->IgnoreParenImpCasts();
  if (const VarDecl *P = pointerVariable(Init))
    return PointerView{P, nullptr};
  if (const auto *B = dyn_cast<BinaryOperator>(Init);
      B && B->getOpcode() == BO_Add) {
    if (const VarDecl *P = pointerVariable(B->getLHS()))
      return PointerView{P, B->getRHS()};
    if (const VarDecl *P = pointerVariable(B->getRHS()))
      return PointerView{P, B->getLHS()};
  }
  if (const auto *U = dyn_cast<UnaryOperator>(Init);
      U && U->getOpcode() == UO_AddrOf)
    if (const auto *Sub =
            dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens()))
      if (const VarDecl *P = pointerVariable(Sub->getBase()))
        return PointerView{P, Sub->getIdx()};
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
                       : changedInKernel(V, View->Offset) ||
                             changedInKernel(View->Base, nullptr)))
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
  if (View->Offset)
    Chain.Offsets.push_back(View->Offset);
  Chain.BeforeLoop |= !InLoop;
  Views[V] = Chain;
  return &*Views[V];
}

bool ViewResolver::changedInKernel(const VarDecl *V, const Expr *E) {
  if (!KernelChanged) {
    const auto *F = dyn_cast<FunctionDecl>(V->getDeclContext());
    KernelChanged = changedVariables(F ? F->getBody() : nullptr);
  }
  if (KernelChanged->count(V))
    return true;
  llvm::SmallVector<const Stmt *, 8> Work{E};
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
