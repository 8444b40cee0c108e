//===- EmptyLoops.cpp - sections of loops that may not run ---------------===//
#include "EmptyLoops.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace ownmap {

static bool isNonNegative(const Polynomial &P) {
  std::optional<int> Sign = P.sign();
  return Sign && *Sign >= 0;
}

/// True when Length is zero whenever a loop with Trip iterations runs none:
/// Trip is a positive constant, or one size that every term of Length has
/// as a factor (`m * n` over a loop of m iterations).
static bool vanishesWith(const Polynomial &Length, const Polynomial &Trip) {
  if (std::optional<int64_t> C = Trip.constant())
    return *C > 0;
  std::vector<Atom> Atoms = Trip.atoms();
  return Atoms.size() == 1 && Trip == Polynomial::atom(Atoms.front()) &&
         Length.split(Atoms.front()).second == Polynomial(0);
}

/// True when Range's bounds mention an index of Nest: its condition cannot
/// be written outside the loops.
static bool dependsOnIndex(const IndexRange &Range,
                           llvm::ArrayRef<IndexRange> Nest) {
  return llvm::any_of(Nest, [&](const IndexRange &Outer) {
    return llvm::is_contained(Range.Lower.atoms(), Outer.Index) ||
           llvm::is_contained(Range.Upper.atoms(), Outer.Index);
  });
}

std::string nonEmptyCondition(const Polynomial &Length,
                              llvm::ArrayRef<std::vector<IndexRange>> Nests) {
  if (Nests.empty())
    return "";
  // The loops around every access (the offloaded loop always is).
  std::vector<IndexRange> Common;
  for (const IndexRange &R : Nests.front())
    if (llvm::all_of(Nests.drop_front(), [&](const std::vector<IndexRange> &N) {
          return llvm::any_of(
              N, [&](const IndexRange &O) { return O.Index == R.Index; });
        }))
      Common.push_back(R);
  std::vector<std::string> Terms;
  std::vector<Polynomial> Trips; // of the loops the terms test
  bool Unwritable = false;
  for (const IndexRange &R : Common) {
    Polynomial Trip = R.Upper - R.Lower;
    if (vanishesWith(Length, Trip) && isNonNegative(Trip))
      continue;
    if (dependsOnIndex(R, Nests.front())) {
      Unwritable = true;
      continue;
    }
    Terms.push_back(R.Upper.str() + " > " + R.Lower.str());
    Trips.push_back(Trip);
  }
  if (Terms.empty() && !Unwritable && isNonNegative(Length))
    return "";
  // With one of the tested loops running at least once, Length >= Trip - 1
  // >= 0 makes it non-negative; otherwise test it too.
  bool Implied = llvm::any_of(Trips, [&](const Polynomial &Trip) {
    return isNonNegative(Length - Trip + Polynomial(1));
  });
  if (!isNonNegative(Length) && !Implied)
    Terms.push_back(Length.str() + " > 0");
  return llvm::join(Terms, " && ");
}

std::string guardedLength(const Polynomial &Length, llvm::StringRef NonEmpty) {
  if (NonEmpty.empty())
    return Length.str();
  return ("(" + NonEmpty + " ? " + Length.str() + " : 0)").str();
}

} // namespace ownmap
