//===- HostUses.cpp - what host code between offloaded loops does --------===//
#include "HostUses.h"
#include "LoopAccess.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace ownmap {

bool HostUses::touches(const VarDecl *V) const {
  return Variables.count(V) ||
         llvm::any_of(Elements,
                      [&](const ElementUse &E) { return E.Pointer == V; });
}

std::string ElementUse::section() const {
  return Pointer->getName().str() + "[" + Index.str(IndexType) + ":1]";
}

namespace {

/// The statements under some roots, each with its parent, found without
/// recursion (expressions may be nested thousands deep).
class ParentMap {
public:
  ParentMap(llvm::ArrayRef<const Stmt *> Roots,
            llvm::ArrayRef<const Stmt *> Skip) {
    llvm::SmallVector<const Stmt *, 64> Work(Roots.begin(), Roots.end());
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (llvm::is_contained(Skip, S))
        continue;
      if (isa<DeclRefExpr>(S))
        Refs.push_back(cast<DeclRefExpr>(S));
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            Declared.insert(V);
      for (const Stmt *Child : S->children())
        if (Child) {
          Parents[Child] = S;
          Work.push_back(Child);
        }
    }
  }

  /// The parent expression of E, with E moved up over parentheses; null
  /// when the parent is not an expression.
  const Expr *parentOf(const Expr *&E) const {
    while (true) {
      const Expr *P = dyn_cast_or_null<Expr>(Parents.lookup(E));
      if (!isa_and_nonnull<ParenExpr>(P))
        return P;
      E = P;
    }
  }

  /// True when S runs whenever its root statement does: only blocks lie
  /// between them.
  bool runsWithRoot(const Stmt *S) const {
    for (const Stmt *P = Parents.lookup(S); P; P = Parents.lookup(P))
      if (!isa<CompoundStmt>(P))
        return false;
    return true;
  }

  std::vector<const DeclRefExpr *> Refs; // every variable reference
  llvm::SmallPtrSet<const VarDecl *, 4> Declared;

private:
  llvm::DenseMap<const Stmt *, const Stmt *> Parents;
};

bool isLoad(const Expr *E) {
  const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(E);
  return Cast && Cast->getCastKind() == CK_LValueToRValue;
}

/// True when Parent, the parent of E, changes E's object itself.
bool moves(const Expr *Parent, const Expr *E) {
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(Parent))
    return B->isAssignmentOp() && B->getLHS() == E;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Parent))
    return U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf;
  return false;
}

/// What one reference does to its variable: a scalar is read when loaded;
/// a pointer's elements are read by `p[e]` / `*p` loads and by passing p as
/// `const T *`, written by plain assignment to `p[e]` / `*p`. Anything else
/// counts as both. An element at a polynomial subscript is returned as an
/// ElementUse.
void classify(const DeclRefExpr &Ref, const VarDecl &V, const ParentMap &Map,
              const ASTContext &Ctx, HostUses &Uses) {
  HostUse &Use = Uses.Variables[&V];
  const Expr *E = &Ref;
  const Expr *P = Map.parentOf(E);
  auto Unknown = [&] { Use.Read = Use.Write = true; };
  if (!isLoad(P)) {
    Use.Moved |= moves(P, E);
    return Unknown();
  }
  if (!Ref.getType()->isPointerType()) {
    Use.Read = true;
    return;
  }
  E = P;
  P = Map.parentOf(E);
  while (isa_and_nonnull<ImplicitCastExpr>(P)) { // e.g. to `const T *`
    E = P;
    P = Map.parentOf(E);
  }
  if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) == E &&
          readOnlyParameter(Call->getDirectCallee(), I)) {
        Use.Read = true;
        return;
      }
    return Unknown();
  }
  const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(P);
  const auto *Deref = dyn_cast_or_null<UnaryOperator>(P);
  if (!(Sub && Sub->getBase() == E) &&
      !(Deref && Deref->getOpcode() == UO_Deref))
    return Unknown();
  // An element that is itself a pointer leads to memory this cannot follow.
  if (Ref.getType()->getPointeeType()->isPointerType())
    return Unknown();
  std::optional<Polynomial> Index = Polynomial(0);
  ArithmeticType IndexType;
  if (Sub) {
    IndexType = ArithmeticType::of(Sub->getIdx()->getType(), Ctx);
    auto Subscript = Polynomial::fromExpr(*Sub->getIdx(), Ctx);
    Index = Subscript ? std::optional(std::move(*Subscript)) : std::nullopt;
    if (!Subscript)
      llvm::consumeError(Subscript.takeError());
  }
  E = P;
  P = Map.parentOf(E);
  // A row of an array parameter (`a[i]` of `a[i][j]`): follow the later
  // subscripts to the element, and count a use of the whole data.
  while (E->getType()->isArrayType()) {
    const Expr *Decay = dyn_cast_or_null<ImplicitCastExpr>(P);
    const auto *Inner =
        Decay ? dyn_cast_or_null<ArraySubscriptExpr>(Map.parentOf(Decay))
              : nullptr;
    if (!Inner || Inner->getBase() != Decay)
      return Unknown();
    Index = std::nullopt;
    E = Inner;
    P = Map.parentOf(E);
  }
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(P);
  const auto *Step = dyn_cast_or_null<UnaryOperator>(P);
  // `*edge += 2`, `++u[0]`: the cell is read and written in place.
  bool InPlace = (Assign && Assign->isCompoundAssignmentOp() &&
                  Assign->getLHS() == E) ||
                 (Step && Step->isIncrementDecrementOp());
  bool Read = isLoad(P) || InPlace;
  bool Write = (Assign && Assign->getOpcode() == BO_Assign &&
                Assign->getLHS() == E) ||
               InPlace;
  if (!Read && !Write)
    return Unknown();
  if (!Index) {
    Use.Read |= Read;
    Use.Write |= Write;
    return;
  }
  if (Read)
    Uses.Elements.push_back({&V, *Index, false, false, IndexType});
  if (Write)
    Uses.Elements.push_back({&V, std::move(*Index), true,
                             !Read && Map.runsWithRoot(P), IndexType});
}

} // namespace

bool mayJumpOut(const Stmt *Root) {
  // Without recursion: expressions may be nested thousands deep.
  struct Item {
    const Stmt *S;
    bool InLoop, InSwitch;
  };
  llvm::SmallVector<Item, 32> Work{{Root, false, false}};
  while (!Work.empty()) {
    auto [S, InLoop, InSwitch] = Work.pop_back_val();
    if (!S)
      continue;
    if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, LabelStmt>(S))
      return true;
    if (isa<ContinueStmt>(S) && !InLoop)
      return true;
    if (isa<BreakStmt>(S) && !InLoop && !InSwitch)
      return true;
    InLoop |= isa<ForStmt, WhileStmt, DoStmt>(S);
    InSwitch |= isa<SwitchStmt>(S);
    for (const Stmt *Child : S->children())
      Work.push_back({Child, InLoop, InSwitch});
  }
  return false;
}

bool callsProgramFunction(llvm::ArrayRef<const Stmt *> Host,
                          const SourceManager &SM) {
  llvm::SmallVector<const Stmt *, 32> Work(Host.begin(), Host.end());
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (!Callee || !SM.isInSystemHeader(Callee->getLocation()))
        return true;
    }
    llvm::append_range(Work, S->children());
  }
  return false;
}

HostUses collectHostUses(llvm::ArrayRef<const Stmt *> Host, ASTContext &Ctx,
                         llvm::ArrayRef<const Stmt *> Skip) {
  ParentMap Map(Host, Skip);
  HostUses Uses;
  // In source order, so that the updates and reasons derived from them are
  // stable.
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(Map.Refs, [&](const DeclRefExpr *A, const DeclRefExpr *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  for (const DeclRefExpr *Ref : Map.Refs)
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      classify(*Ref, *V, Map, Ctx, Uses);
  Uses.Declared = std::move(Map.Declared);
  return Uses;
}

} // namespace ownmap
