//===- DenseSubscripts.cpp - subscripts as mixed-radix numbers ------------===//
#include "DenseSubscripts.h"
#include "llvm/ADT/STLExtras.h"

namespace ownmap {

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
    // Counting down by a size reaches what counting up by it does
    // (`y[n - 1 - i]`, `y[(m - 1 - i) * n + j]`).
    if (isPositiveSize(Polynomial(0) - Stride))
      Stride = Polynomial(0) - Stride;
    Polynomial Count = R.Upper - R.Lower;
    if (!isPositiveSize(Stride) || mentionsIndex(Stride, S.Nest) ||
        mentionsIndex(Count, S.Nest))
      return std::nullopt;
    Out.push_back({Stride, Count});
  }
  return Out;
}

} // namespace

/// True when S takes a different value at every point of its nest: in some
/// order, every digit's stride exceeds the largest sum the digits before it
/// reach (so two points that differ, differ at a highest digit by more than
/// the lower digits can make up). With `j * m + i` over i in [0, m), j in
/// [0, w): i first (stride 1 > 0), then j (stride m > m - 1). A nest with an
/// empty loop has no points at all.
bool isInjective(const AffineSubscript &S) {
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

bool isDenseTogether(llvm::ArrayRef<AffineSubscript> All) {
  // Offsets d from the first, consecutive: as one subscript, the first
  // plus an extra innermost digit of stride one over them.
  std::vector<int64_t> Offsets;
  for (const AffineSubscript &S : All) {
    std::optional<int64_t> D = (S.Value - All.front().Value).constant();
    if (!D || llvm::is_contained(Offsets, *D))
      return false;
    Offsets.push_back(*D);
  }
  llvm::sort(Offsets);
  for (size_t K = 1; K < Offsets.size(); ++K)
    if (Offsets[K] != Offsets[0] + static_cast<int64_t>(K))
      return false;
  AffineSubscript Together = All.front();
  IndexRange Offset;
  Offset.Index = Atom{"(offset)", nullptr};
  Offset.Lower = Polynomial(0);
  Offset.Upper = Polynomial(static_cast<int64_t>(Offsets.size()));
  Together.Value = Together.Value + Polynomial(Offsets[0]) +
                   Polynomial::atom(Offset.Index);
  Together.Nest.push_back(Offset);
  return isDense(Together);
}

bool isDense(const AffineSubscript &S) {
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
