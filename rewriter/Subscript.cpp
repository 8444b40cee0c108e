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

namespace {

/// An index a subscript moves with, seen as a digit of a mixed-radix
/// number: each of its Count steps moves the subscript by Stride.
struct Digit {
  Polynomial Stride, Count;
};

bool isPositiveSize(const Polynomial &P) {
  if (std::optional<int64_t> C = P.constant())
    return *C > 0;
  return P.hasPositiveCoefficients();
}

/// The digits of S (the indices with a non-zero stride, in nest order), or
/// none when a stride or a count is not a positive size free of indices.
std::optional<std::vector<Digit>> digits(const AffineSubscript &S) {
  std::vector<Digit> Out;
  for (const IndexRange &R : S.Nest) {
    if (S.Value.degree(R.Index) > 1)
      return std::nullopt;
    Polynomial Stride = S.Value.split(R.Index).first;
    if (Stride == Polynomial(0))
      continue;
    Polynomial Count = R.Upper - R.Lower;
    if (!isPositiveSize(Stride) || mentionsIndex(Stride, S.Nest) ||
        mentionsIndex(Count, S.Nest))
      return std::nullopt;
    Out.push_back({Stride, Count});
  }
  return Out;
}

/// True when S takes a different value at every point of its nest: in some
/// order, every digit's stride exceeds the largest sum the digits before it
/// reach (so two points that differ, differ at a highest digit by more than
/// the lower digits can make up). With `j * m + i` over i in [0, m), j in
/// [0, w): i first (stride 1 > 0), then j (stride m > m - 1). A nest with an
/// empty loop has no points at all.
bool injective(const AffineSubscript &S) {
  auto Left = digits(S);
  if (!Left)
    return false;
  Polynomial Reach(0);
  auto Fits = [&](const Digit &D) {
    std::optional<int> Gap = (D.Stride - Reach - Polynomial(1)).sign();
    return Gap && *Gap >= 0;
  };
  auto Smaller = [](const Digit &A, const Digit &B) {
    std::optional<int> Order = (B.Stride - A.Stride).sign();
    return Order && *Order > 0;
  };
  while (!Left->empty()) {
    auto Next = Left->end();
    for (auto It = Left->begin(); It != Left->end(); ++It)
      if (Fits(*It) && (Next == Left->end() || Smaller(*It, *Next)))
        Next = It;
    if (Next == Left->end())
      return false;
    Reach = Reach + Next->Stride * (Next->Count - Polynomial(1));
    Left->erase(Next);
  }
  return true;
}

} // namespace

bool SubscriptAnalysis::ownsElements(const AffineSubscript &S,
                                     unsigned Level) const {
  // Iterations of the loops down to Level run in parallel: each must move
  // the subscript for an injective one to keep them apart.
  bool LevelsMove = llvm::all_of(
      llvm::ArrayRef(S.Nest).take_front(Level + 1), [&](const IndexRange &R) {
        return S.Value.split(R.Index).first != Polynomial(0);
      });
  if (LevelsMove && injective(S))
    return true;
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
  // In some order (innermost first for row-major, outermost first for
  // column-major), each stride is the number of elements the digits before
  // it cover.
  auto Left = digits(S);
  if (!Left)
    return false;
  Polynomial Covered(1);
  while (!Left->empty()) {
    auto Next = llvm::find_if(
        *Left, [&](const Digit &D) { return D.Stride == Covered; });
    if (Next == Left->end())
      return false;
    Covered = Covered * Next->Count;
    Left->erase(Next);
  }
  return true;
}

} // namespace ownmap
