//===- Reductions.cpp - recognise reduction updates of a scalar -----------===//
#include "Reductions.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/FoldingSet.h"

using namespace clang;

namespace ownmap {

llvm::StringRef reductionIdentifier(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Add:
    return "+";
  case ReductionOp::Mul:
    return "*";
  case ReductionOp::Min:
    return "min";
  case ReductionOp::Max:
    return "max";
  case ReductionOp::BitAnd:
    return "&";
  case ReductionOp::BitOr:
    return "|";
  case ReductionOp::BitXor:
    return "^";
  case ReductionOp::And:
    return "&&";
  case ReductionOp::Or:
    return "||";
  }
  llvm_unreachable("unknown reduction");
}

namespace {

/// The reduction variable of a match: a scalar, or an element of an array
/// written as an expression without side effects.
class Target {
public:
  Target(const VarDecl &S, const ASTContext &Ctx) : Scalar(&S), Ctx(Ctx) {}
  Target(const Expr &Element, const ASTContext &Ctx)
      : Element(&Element), Ctx(Ctx) {}

  bool isReferredToBy(const Expr *E) const;
  const ASTContext &context() const { return Ctx; }

private:
  const VarDecl *Scalar = nullptr;
  const Expr *Element = nullptr;
  const ASTContext &Ctx;
};

} // namespace

static std::optional<ReductionOp> binaryReduction(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
  case BO_AddAssign:
  case BO_Sub: // `s -= e` is a sum of negated terms
  case BO_SubAssign:
    return ReductionOp::Add;
  case BO_Mul:
  case BO_MulAssign:
    return ReductionOp::Mul;
  case BO_And:
  case BO_AndAssign:
    return ReductionOp::BitAnd;
  case BO_Or:
  case BO_OrAssign:
    return ReductionOp::BitOr;
  case BO_Xor:
  case BO_XorAssign:
    return ReductionOp::BitXor;
  case BO_LAnd:
    return ReductionOp::And;
  case BO_LOr:
    return ReductionOp::Or;
  default:
    return std::nullopt;
  }
}

bool sameValue(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  if (A->HasSideEffects(Ctx) || B->HasSideEffects(Ctx))
    return false;
  llvm::FoldingSetNodeID IA, IB;
  A->IgnoreParenImpCasts()->Profile(IA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

bool Target::isReferredToBy(const Expr *E) const {
  if (Element)
    return sameValue(E, Element, Ctx);
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == Scalar;
}

/// For a comparison of s with E (`s < E`, `E >= s`, ...) that selects E when
/// true (TrueSelectsE) or s: Min or Max.
static std::optional<ReductionOp> selectReduction(const Expr *Cond,
                                                  const Target &S,
                                                  const Expr *E,
                                                  bool TrueSelectsE) {
  const ASTContext &Ctx = S.context();
  const auto *C = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!C || !C->isRelationalOp())
    return std::nullopt;
  const Expr *Less = C->getLHS(), *More = C->getRHS();
  if (C->getOpcode() == BO_GT || C->getOpcode() == BO_GE)
    std::swap(Less, More);
  bool SIsLess = S.isReferredToBy(Less) && sameValue(More, E, Ctx);
  if (!SIsLess && !(S.isReferredToBy(More) && sameValue(Less, E, Ctx)))
    return std::nullopt;
  return SIsLess == TrueSelectsE ? ReductionOp::Max : ReductionOp::Min;
}

/// `s = s op e`, `s = e op s` (op commutative), `s = s < e ? s : e`,
/// `s = fminf(s, e)` and the like, for the right-hand side R of `s = R`.
static std::optional<ReductionUpdate>
assignedUpdate(const Expr *R, const Target &S) {
  R = R->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(R)) {
    std::optional<ReductionOp> Op = binaryReduction(B->getOpcode());
    if (!Op || B->isAssignmentOp())
      return std::nullopt;
    if (S.isReferredToBy(B->getLHS()))
      return ReductionUpdate{*Op, B->getRHS()};
    if (B->getOpcode() != BO_Sub && S.isReferredToBy(B->getRHS()))
      return ReductionUpdate{*Op, B->getLHS()};
    return std::nullopt;
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(R)) {
    bool TrueIsS = S.isReferredToBy(C->getTrueExpr());
    const Expr *E = TrueIsS ? C->getFalseExpr() : C->getTrueExpr();
    if (TrueIsS == S.isReferredToBy(C->getFalseExpr()))
      return std::nullopt;
    if (auto Op = selectReduction(C->getCond(), S, E, !TrueIsS))
      return ReductionUpdate{*Op, E};
    return std::nullopt;
  }
  if (const auto *Call = dyn_cast<CallExpr>(R)) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F || !F->getIdentifier() || Call->getNumArgs() != 2)
      return std::nullopt;
    llvm::StringRef Name = F->getName();
    std::optional<ReductionOp> Op;
    if (Name == "fmin" || Name == "fminf" || Name == "fminl")
      Op = ReductionOp::Min;
    else if (Name == "fmax" || Name == "fmaxf" || Name == "fmaxl")
      Op = ReductionOp::Max;
    if (!Op)
      return std::nullopt;
    if (S.isReferredToBy(Call->getArg(0)))
      return ReductionUpdate{*Op, Call->getArg(1)};
    if (S.isReferredToBy(Call->getArg(1)))
      return ReductionUpdate{*Op, Call->getArg(0)};
  }
  return std::nullopt;
}

static std::optional<ReductionUpdate> assignmentUpdate(const BinaryOperator &B,
                                                       const Target &S) {
  if (B.getOpcode() == BO_Assign)
    return assignedUpdate(B.getRHS(), S);
  if (auto Op = binaryReduction(B.getOpcode()))
    return ReductionUpdate{*Op, B.getRHS()};
  return std::nullopt;
}

std::optional<ReductionUpdate> assignmentUpdate(const BinaryOperator &B,
                                                const VarDecl &S,
                                                const ASTContext &Ctx) {
  return assignmentUpdate(B, Target(S, Ctx));
}

std::optional<ReductionUpdate> elementUpdate(const BinaryOperator &B,
                                             const ASTContext &Ctx) {
  const Expr *Element = B.getLHS()->IgnoreParens();
  if (!Element->getType()->isArithmeticType() || Element->HasSideEffects(Ctx))
    return std::nullopt;
  return assignmentUpdate(B, Target(*Element, Ctx));
}

const BinaryOperator *guardedAssignment(const IfStmt &If) {
  if (If.getElse() || If.getInit() || If.getConditionVariable())
    return nullptr;
  const Stmt *Then = If.getThen();
  if (const auto *Block = dyn_cast<CompoundStmt>(Then)) {
    if (Block->size() != 1)
      return nullptr;
    Then = Block->body_front();
  }
  const auto *Assign = dyn_cast<BinaryOperator>(Then);
  return Assign && Assign->getOpcode() == BO_Assign ? Assign : nullptr;
}

std::optional<ReductionUpdate> guardedUpdate(const IfStmt &If,
                                             const BinaryOperator &Assign,
                                             const VarDecl &S,
                                             const ASTContext &Ctx) {
  auto Op = selectReduction(If.getCond(), Target(S, Ctx), Assign.getRHS(),
                            /*TrueSelectsE=*/true);
  if (!Op)
    return std::nullopt;
  return ReductionUpdate{*Op, Assign.getRHS()};
}

} // namespace ownmap
