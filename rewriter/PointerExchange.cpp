//===- PointerExchange.cpp - ping-pong buffers of a time loop ------------===//
#include "PointerExchange.h"
#include "Annotations.h"
#include "HostUses.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ownmap {

namespace {

/// The pointer variable (a local or parameter) E names, or null.
const VarDecl *pointerNamed(const Expr *E) {
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && V->getType()->isPointerType() ? V
                                                                     : nullptr;
}

/// The destination and source of S when it copies one pointer variable
/// into another of the same type: `T *d = s;` or `d = s;`.
std::optional<std::pair<const VarDecl *, const VarDecl *>>
pointerCopy(const Stmt *S) {
  const VarDecl *Dst = nullptr;
  const Expr *Value = nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    const auto *D =
        DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (D && D->hasLocalStorage() && D->getType()->isPointerType()) {
      Dst = D;
      Value = D->getInit();
    }
  } else if (const auto *Assign = dyn_cast<BinaryOperator>(S)) {
    if (Assign->getOpcode() == BO_Assign) {
      Dst = pointerNamed(Assign->getLHS()->IgnoreParens());
      Value = Assign->getRHS();
    }
  }
  const VarDecl *Src =
      Value ? pointerNamed(Value->IgnoreParenImpCasts()) : nullptr;
  if (!Dst || !Src ||
      Dst->getType().getCanonicalType().getUnqualifiedType() !=
          Src->getType().getCanonicalType().getUnqualifiedType())
    return std::nullopt;
  return std::pair(Dst, Src);
}

/// True when a loop of Loops maps V.
bool mapped(llvm::ArrayRef<PlannedLoop> Loops, const VarDecl *V) {
  return llvm::any_of(Loops, [&](const PlannedLoop &L) {
    return llvm::any_of(L.Plan.Variables, [&](const VariablePlan &P) {
      return P.Var == V && P.Map;
    });
  });
}

/// True when every loop of Loops that maps one of Pointers maps it tofrom
/// (OM_INOUT), and all have one type and one OM_LEN (or none): buffers of
/// one length as far as the kernel says.
bool exchangeable(llvm::ArrayRef<const VarDecl *> Pointers,
                  llvm::ArrayRef<PlannedLoop> Loops) {
  const VarDecl &Front = *Pointers.front();
  for (const VarDecl *V : Pointers)
    if (V->getType().getCanonicalType() !=
            Front.getType().getCanonicalType() ||
        statedLength(*V) != statedLength(Front))
      return false;
  return llvm::all_of(Loops, [&](const PlannedLoop &L) {
    return llvm::all_of(L.Plan.Variables, [&](const VariablePlan &P) {
      return !llvm::is_contained(Pointers, P.Var) ||
             (P.Map == MapKind::ToFrom && P.Annotation == Ownership::InOut);
    });
  });
}

/// True when Loop's code outside the offloaded loops and the copies names
/// no variable of Vars.
bool namedOnlyInCopies(const Stmt &Loop, llvm::ArrayRef<PlannedLoop> Loops,
                       llvm::ArrayRef<const Stmt *> Copies,
                       llvm::ArrayRef<const VarDecl *> Mapped,
                       llvm::ArrayRef<const VarDecl *> Temporaries) {
  llvm::SmallVector<std::pair<const Stmt *, bool>, 32> Work{{&Loop, false}};
  while (!Work.empty()) {
    auto [S, InLoop] = Work.pop_back_val();
    if (!S || llvm::is_contained(Copies, S))
      continue;
    const Stmt *Here = S;
    InLoop |= llvm::any_of(
        Loops, [&](const PlannedLoop &L) { return L.Site.Loop == Here; });
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (llvm::is_contained(Temporaries, Ref->getDecl()) ||
          (!InLoop && llvm::is_contained(Mapped, Ref->getDecl())))
        return false;
    for (const Stmt *Child : S->children())
      Work.push_back({Child, InLoop});
  }
  return true;
}

} // namespace

std::optional<PointerExchange> findExchange(const Stmt &Loop,
                                            const CompoundStmt &Body,
                                            llvm::ArrayRef<PlannedLoop> Loops) {
  PointerExchange X;
  std::vector<const VarDecl *> Temporaries;
  auto Note = [&](const VarDecl *V) {
    if (llvm::is_contained(X.Pointers, V) || llvm::is_contained(Temporaries, V))
      return;
    (mapped(Loops, V) ? X.Pointers : Temporaries).push_back(V);
  };
  for (const Stmt *S : Body.body())
    if (auto Copy = pointerCopy(S)) {
      X.Copies.push_back(S);
      Note(Copy->first);
      Note(Copy->second);
    }
  if (X.Pointers.size() < 2 || !exchangeable(X.Pointers, Loops) ||
      !namedOnlyInCopies(Loop, Loops, X.Copies, X.Pointers, Temporaries))
    return std::nullopt;
  // Each temporary is declared by a copy: it holds nothing at a step's
  // start. Which entry value each variable holds (-1: none).
  llvm::DenseMap<const VarDecl *, int> Holds;
  for (size_t K = 0; K < X.Pointers.size(); ++K)
    Holds[X.Pointers[K]] = K;
  for (const VarDecl *T : Temporaries) {
    Holds[T] = -1;
    if (llvm::none_of(X.Copies, [&](const Stmt *S) {
          const auto *DS = dyn_cast<DeclStmt>(S);
          return DS && DS->getSingleDecl() == T;
        }))
      return std::nullopt;
  }
  auto Permutation = [&] {
    llvm::SmallVector<bool, 4> Seen(X.Pointers.size());
    for (const VarDecl *P : X.Pointers) {
      int K = Holds.lookup(P);
      if (K < 0 || Seen[K])
        return false;
      Seen[K] = true;
    }
    return true;
  };
  // Other statements (the loops among them) see the pointers holding entry
  // values; one that may jump to the next step or out, a permutation.
  for (const Stmt *S : Body.body()) {
    if (auto Copy = pointerCopy(S))
      Holds[Copy->first] = Holds.lookup(Copy->second);
    else if (llvm::any_of(X.Pointers,
                          [&](const VarDecl *P) { return Holds[P] < 0; }) ||
             (mayJumpOut(S) && !Permutation()))
      return std::nullopt;
  }
  if (!Permutation())
    return std::nullopt;
  return X;
}

} // namespace ownmap
