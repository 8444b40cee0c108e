//===- LinearForm.cpp - integer expressions as sums of terms -------------===//
#include "LinearForm.h"
#include "Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ownmap {

void LinearForm::addTerm(const std::string &Text, int64_t Coefficient) {
  for (auto &Term : Terms)
    if (Term.first == Text) {
      Term.second += Coefficient;
      return;
    }
  Terms.emplace_back(Text, Coefficient);
}

LinearForm LinearForm::scaled(int64_t Factor) const {
  LinearForm R(Constant * Factor);
  for (const auto &Term : Terms)
    R.Terms.emplace_back(Term.first, Term.second * Factor);
  return R;
}

LinearForm LinearForm::operator+(const LinearForm &Other) const {
  LinearForm R = *this;
  R.Constant += Other.Constant;
  for (const auto &Term : Other.Terms)
    R.addTerm(Term.first, Term.second);
  return R;
}

LinearForm LinearForm::operator-(const LinearForm &Other) const {
  return *this + Other.scaled(-1);
}

/// Terms print bare when they are primary expressions; anything else gets
/// parentheses so that a coefficient or sign binds to all of it.
static bool isPrimary(const Expr &E) {
  return isa<DeclRefExpr, IntegerLiteral, CallExpr, ArraySubscriptExpr,
             MemberExpr, ParenExpr>(E);
}

llvm::Expected<LinearForm> LinearForm::fromExpr(const Expr &Expression,
                                                const ASTContext &Ctx) {
  const Expr &E = *Expression.IgnoreImpCasts();
  if (const auto *P = dyn_cast<ParenExpr>(&E))
    return fromExpr(*P->getSubExpr(), Ctx);
  if (!E.isValueDependent()) {
    Expr::EvalResult Value;
    if (E.EvaluateAsInt(Value, Ctx))
      return LinearForm(Value.Val.getInt().getExtValue());
  }
  if (const auto *B = dyn_cast<BinaryOperator>(&E)) {
    BinaryOperatorKind Op = B->getOpcode();
    if (Op == BO_Add || Op == BO_Sub || Op == BO_Mul) {
      auto L = fromExpr(*B->getLHS(), Ctx);
      if (!L)
        return L.takeError();
      auto R = fromExpr(*B->getRHS(), Ctx);
      if (!R)
        return R.takeError();
      if (Op == BO_Add)
        return *L + *R;
      if (Op == BO_Sub)
        return *L - *R;
      if (R->Terms.empty())
        return L->scaled(R->Constant);
      if (L->Terms.empty())
        return R->scaled(L->Constant);
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(&E)) {
    if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) {
      auto Sub = fromExpr(*U->getSubExpr(), Ctx);
      if (!Sub)
        return Sub.takeError();
      return U->getOpcode() == UO_Minus ? Sub->scaled(-1) : *Sub;
    }
  }
  bool Invalid = false;
  llvm::StringRef Text = Lexer::getSourceText(
      CharSourceRange::getTokenRange(E.getSourceRange()),
      Ctx.getSourceManager(), Ctx.getLangOpts(), &Invalid);
  if (Invalid || Text.empty())
    return sourceError(E.getBeginLoc(),
                       "cannot offload: a loop bound has no source text of "
                       "its own (macro argument?)");
  LinearForm R;
  R.addTerm(isPrimary(E) ? Text.str() : "(" + Text.str() + ")", 1);
  return R;
}

std::string LinearForm::str() const {
  std::string Out;
  auto Append = [&](int64_t Coefficient, const std::string &Text) {
    bool Negative = Coefficient < 0;
    uint64_t Magnitude = Negative ? -static_cast<uint64_t>(Coefficient)
                                  : static_cast<uint64_t>(Coefficient);
    if (Out.empty())
      Out = Negative ? "-" : "";
    else
      Out += Negative ? " - " : " + ";
    if (Text.empty())
      Out += std::to_string(Magnitude);
    else if (Magnitude == 1)
      Out += Text;
    else
      Out += std::to_string(Magnitude) + " * " + Text;
  };
  for (const auto &Term : Terms)
    if (Term.second != 0)
      Append(Term.second, Term.first);
  if (Constant != 0 || Out.empty())
    Append(Constant, "");
  return Out;
}

} // namespace ownmap
