//===- Subscript.cpp - ranges of affine subscripts over a loop nest -------===//
#include "Subscript.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ownmap {

static llvm::Error reason(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
}

SubscriptAnalysis::SubscriptAnalysis(const CanonicalLoop &Loop,
                                     const LoopAccesses &Accesses)
    : Loop(Loop), Accesses(Accesses), Ctx(Loop.Index->getASTContext()) {}

bool SubscriptAnalysis::isInvariantAtom(const Atom &A) const {
  if (!A.Var || A.Var == Loop.Index || Accesses.Locals.count(A.Var))
    return false;
  for (const VariableAccesses &VA : Accesses.Variables)
    if (VA.Var == A.Var)
      return llvm::all_of(VA.Accesses, [](const Access &Acc) {
        return Acc.Kind == AccessKind::Read;
      });
  return true;
}

static Atom indexAtom(const VarDecl *V) { return Atom{V->getName().str(), V}; }

llvm::Expected<IndexRange> SubscriptAnalysis::range(const CanonicalLoop &L,
                                                    bool Inner) const {
  if (Inner && Accesses.ModifiedLocals.count(L.Index))
    return reason("the loop body modifies the index '" +
                  L.Index->getName() + "'");
  auto Lower = Polynomial::fromExpr(*L.Lower, Ctx);
  if (!Lower)
    return Lower.takeError();
  auto Upper = Polynomial::fromExpr(*L.Upper, Ctx);
  if (!Upper)
    return Upper.takeError();
  if (Inner)
    for (const Polynomial *Bound : {&*Lower, &*Upper})
      for (const Atom &A : Bound->atoms())
        if (A.Var != Loop.Index && !isInvariantAtom(A))
          return reason("the bound '" + A.Text + "' of the loop over '" +
                        L.Index->getName() + "' is not loop-invariant");
  auto Text = [&](const Expr *E) {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()),
               Ctx.getSourceManager(), Ctx.getLangOpts())
        .str();
  };
  return IndexRange{indexAtom(L.Index), std::move(*Lower), std::move(*Upper),
                    L.Index->getName().str() + " in [" + Text(L.Lower) +
                        ", " + Text(L.Upper) + ")"};
}

static bool mentionsIndex(const Polynomial &P,
                          const std::vector<IndexRange> &Nest) {
  return llvm::any_of(P.atoms(), [&](const Atom &A) {
    return llvm::any_of(Nest,
                        [&](const IndexRange &R) { return R.Index == A; });
  });
}

/// Replaces the indices of Nest[From..] in P, innermost first, by the bound
/// that makes P smallest (Low) or largest.
llvm::Error SubscriptAnalysis::bound(Polynomial &P,
                                     const std::vector<IndexRange> &Nest,
                                     unsigned From, bool Low) const {
  for (unsigned I = Nest.size(); I-- > From;) {
    const IndexRange &R = Nest[I];
    if (P.degree(R.Index) > 1)
      return reason("'" + R.Index.Text + "' appears in a product with itself");
    Polynomial Coefficient = P.split(R.Index).first;
    if (Coefficient == Polynomial(0))
      continue;
    if (mentionsIndex(Coefficient, Nest))
      return reason("'" + R.Index.Text + "' is multiplied by another loop "
                                         "index");
    bool Positive;
    if (std::optional<int64_t> C = Coefficient.constant())
      Positive = *C > 0;
    else if (Coefficient.hasPositiveCoefficients())
      Positive = true; // a product of sizes
    else
      return reason("the sign of the stride '" + Coefficient.str() +
                    "' of '" + R.Index.Text + "' is unknown");
    P = P.substitute(R.Index,
                     Positive == Low ? R.Lower : R.Upper - Polynomial(1));
  }
  return llvm::Error::success();
}

llvm::Expected<AffineSubscript>
SubscriptAnalysis::analyse(const Access &A) const {
  if (!A.Index)
    return reason("it is not a subscript");
  AffineSubscript S;
  auto Outer = range(Loop, /*Inner=*/false);
  if (!Outer)
    return Outer.takeError();
  S.Nest.push_back(std::move(*Outer));
  for (const CanonicalLoop &L : A.InnerLoops) {
    auto R = range(L, /*Inner=*/true);
    if (!R)
      return R.takeError();
    S.Nest.push_back(std::move(*R));
  }
  auto Value = Polynomial::fromExpr(*A.Index, Ctx);
  if (!Value)
    return Value.takeError();
  S.Value = *Value;
  for (const Atom &At : S.Value.atoms()) {
    bool IsIndex = llvm::any_of(
        S.Nest, [&](const IndexRange &R) { return R.Index == At; });
    if (!IsIndex && !isInvariantAtom(At))
      return reason("'" + At.Text + "' is neither a loop index nor a "
                                    "loop-invariant scalar");
  }
  S.Min = S.Max = S.Value;
  if (auto E = bound(S.Min, S.Nest, 0, /*Low=*/true))
    return std::move(E);
  if (auto E = bound(S.Max, S.Nest, 0, /*Low=*/false))
    return std::move(E);
  return S;
}

bool SubscriptAnalysis::ownsElements(const AffineSubscript &S,
                                     unsigned Level) const {
  const Atom &Index = S.Nest[Level].Index;
  if (S.Value.degree(Index) != 1)
    return false;
  auto [Stride, Rest] = S.Value.split(Index);
  if (mentionsIndex(Stride, S.Nest))
    return false;
  Polynomial Low = Rest, High = Rest;
  if (llvm::Error E = bound(Low, S.Nest, Level + 1, /*Low=*/true)) {
    llvm::consumeError(std::move(E));
    return false;
  }
  if (llvm::Error E = bound(High, S.Nest, Level + 1, /*Low=*/false)) {
    llvm::consumeError(std::move(E));
    return false;
  }
  // The elements one iteration reaches span Extent; strides at least that
  // wide keep iterations apart.
  Polynomial Extent = High - Low + Polynomial(1);
  if (mentionsIndex(Extent, S.Nest))
    return false;
  if (std::optional<int64_t> C = Stride.constant()) {
    std::optional<int64_t> E = Extent.constant();
    return E && *E <= (*C < 0 ? -*C : *C);
  }
  std::optional<int64_t> Slack = (Stride - Extent).constant();
  return Stride.hasPositiveCoefficients() && Slack && *Slack >= 0;
}

bool SubscriptAnalysis::isDense(const AffineSubscript &S) const {
  Polynomial Covered(1);
  for (unsigned I = S.Nest.size(); I-- > 0;) {
    const IndexRange &R = S.Nest[I];
    Polynomial Stride = S.Value.split(R.Index).first;
    if (Stride == Polynomial(0))
      continue;
    if (Stride != Covered)
      return false;
    Covered = Covered * (R.Upper - R.Lower);
  }
  return !mentionsIndex(Covered, S.Nest);
}

} // namespace ownmap
