//===- CanonicalLoop.cpp - recognise the loops OpenMP can distribute -----===//
#include "CanonicalLoop.h"
#include "Diagnostics.h"
#include "SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace ownmap {

static const VarDecl *referenced(const Expr *E) {
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts()
                                                    : nullptr);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

static bool refersTo(const Expr *E, const VarDecl *V) {
  return V && referenced(E) == V;
}

static bool isIndexType(const VarDecl *V) {
  return V && V->getType()->isIntegerType() && !V->getType()->isBooleanType();
}

/// The index and its first value: `T i = L` or `i = L`.
static std::pair<const VarDecl *, const Expr *> startOf(const Stmt *Init,
                                                        bool &Outside) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
    const auto *V = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl())
                                       : nullptr;
    if (!isIndexType(V) || !V->getInit())
      return {nullptr, nullptr};
    Outside = false;
    return {V, V->getInit()};
  }
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(
      Init ? cast<Expr>(Init)->IgnoreParens() : nullptr);
  if (!Assign || Assign->getOpcode() != BO_Assign)
    return {nullptr, nullptr};
  const VarDecl *V = referenced(Assign->getLHS());
  if (!isIndexType(V) || !V->hasLocalStorage())
    return {nullptr, nullptr};
  Outside = true;
  return {V, Assign->getRHS()};
}

namespace {
/// The step of an increment: its amount (null for one) and direction.
struct Stepping {
  const Expr *Amount = nullptr;
  bool Down = false;
};
} // namespace

/// `++i`, `i++`, `i += s`, `i = i + s`, `i = s + i` and their downward
/// twins; s a positive constant or an expression without side effects.
static std::optional<Stepping> stepOf(const Expr *Inc, const VarDecl *V,
                                      const ASTContext &Ctx) {
  if (!Inc)
    return std::nullopt;
  Inc = Inc->IgnoreParens();
  if (const auto *U = dyn_cast<UnaryOperator>(Inc)) {
    if (!U->isIncrementDecrementOp() || !refersTo(U->getSubExpr(), V))
      return std::nullopt;
    return Stepping{nullptr, U->isDecrementOp()};
  }
  const auto *B = dyn_cast<BinaryOperator>(Inc);
  if (!B || !refersTo(B->getLHS(), V))
    return std::nullopt;
  const Expr *Amount = nullptr;
  bool Down = false;
  if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
    Amount = B->getRHS();
    Down = B->getOpcode() == BO_SubAssign;
  } else if (B->getOpcode() == BO_Assign) {
    const auto *Sum = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParens());
    if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
      return std::nullopt;
    Down = Sum->getOpcode() == BO_Sub;
    if (refersTo(Sum->getLHS(), V))
      Amount = Sum->getRHS();
    else if (!Down && refersTo(Sum->getRHS(), V))
      Amount = Sum->getLHS();
    else
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (!Amount->getType()->isIntegerType() || Amount->HasSideEffects(Ctx))
    return std::nullopt;
  Expr::EvalResult Value;
  if (!Amount->isValueDependent() && Amount->EvaluateAsInt(Value, Ctx)) {
    const llvm::APSInt &S = Value.Val.getInt();
    if (!S.isStrictlyPositive())
      return std::nullopt;
    if (S == 1)
      Amount = nullptr;
  }
  return Stepping{Amount, Down};
}

llvm::Expected<CanonicalLoop> matchCanonicalLoop(const ForStmt &Loop) {
  bool Outside = false;
  auto [Index, Start] = startOf(Loop.getInit(), Outside);
  if (!Index)
    return sourceError(Rule::LoopUnsupported, Loop.getForLoc(),
                       "the loop's header does not start an "
                       "integer index ('for (int i = L; ...)' or "
                       "'for (i = L; ...)')");
  const ASTContext &Ctx = Index->getASTContext();
  std::string Name = Index->getName().str();
  auto Step = stepOf(Loop.getInc(), Index, Ctx);
  if (!Step)
    return sourceError(
        Rule::LoopUnsupported, Loop.getForLoc(),
        "the loop's increment " +
            (Loop.getInc() ? "'" + sourceText(Loop.getInc(), Ctx) + "' "
                           : std::string("(none) ")) +
            "does not step '" + Name +
            "' by a fixed positive amount ('++" + Name + "', '" + Name +
            " += s', '--" + Name + "', '" + Name + " -= s')");
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      Loop.getCond() ? Loop.getCond()->IgnoreParenImpCasts() : nullptr);
  std::optional<BinaryOperatorKind> Op;
  const Expr *Limit = nullptr;
  if (Cond && Cond->isRelationalOp()) {
    if (refersTo(Cond->getLHS(), Index)) {
      Op = Cond->getOpcode();
      Limit = Cond->getRHS();
    } else if (refersTo(Cond->getRHS(), Index)) {
      Op = BinaryOperator::reverseComparisonOp(Cond->getOpcode());
      Limit = Cond->getLHS();
    }
  }
  bool Upward = Op == BO_LT || Op == BO_LE;
  bool Downward = Op == BO_GT || Op == BO_GE;
  if ((!Upward && !Downward) || Downward != Step->Down)
    return sourceError(
        Rule::LoopUnsupported, Loop.getForLoc(),
        "the loop's condition " +
            (Loop.getCond() ? "'" + sourceText(Loop.getCond(), Ctx) + "' "
                            : std::string("(none) ")) +
            "does not bound '" + Name + "' in the direction it steps ('" +
            Name + " < U' or '" + Name + " <= U' stepping up, '" + Name +
            " > L' or '" + Name + " >= L' stepping down)");
  bool Inclusive = Op == BO_LE || Op == BO_GE;
  if (Downward && Inclusive && Index->getType()->isUnsignedIntegerType())
    return sourceError(Rule::LoopUnsupported, Loop.getForLoc(),
                       "'" + Name +
                           "' is unsigned, so the loop's condition '" +
                           sourceText(Loop.getCond(), Ctx) +
                           "' may never become false");
  CanonicalLoop Result;
  Result.Loop = &Loop;
  Result.Index = Index;
  Result.Init = Start;
  Result.Limit = Limit;
  Result.Step = Step->Amount;
  Result.Downward = Downward;
  Result.Inclusive = Inclusive;
  Result.IndexDeclaredOutside = Outside;
  return Result;
}

llvm::Error checkIndexOnlyInItsLoops(const VarDecl &Index, const Stmt &Body) {
  // (statement, inside a loop over Index)
  llvm::SmallVector<std::pair<const Stmt *, bool>, 64> Work{{&Body, false}};
  while (!Work.empty()) {
    auto [S, Covered] = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *For = dyn_cast<ForStmt>(S); For && !Covered) {
      auto Loop = matchCanonicalLoop(*For);
      if (Loop && Loop->Index == &Index) {
        Covered = true;
        // The header's start value is read before the index is set.
        Work.push_back({Loop->Init, false});
        Work.push_back({For->getCond(), true});
        Work.push_back({For->getInc(), true});
        Work.push_back({For->getBody(), true});
        continue;
      }
      if (!Loop)
        llvm::consumeError(Loop.takeError());
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S);
        Ref && Ref->getDecl() == &Index && !Covered)
      return sourceError(
          Rule::LoopUnsupported, Ref->getLocation(),
          "'" + Index.getName() +
              "' indexes a loop and is also used outside the loops over it, "
              "where it holds what a loop left in it; each device thread has "
              "its own '" +
              Index.getName() + "': declare it in the loop header ('for (int " +
              Index.getName() + " = ...')",
          Index.getLocation(), "'" + Index.getName() + "' is declared here");
    for (const Stmt *Child : S->children())
      Work.push_back({Child, Covered});
  }
  return llvm::Error::success();
}

} // namespace ownmap
