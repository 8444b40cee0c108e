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
    return llvm::is_contained(Range.First.atoms(), Outer.Index) ||
           llvm::is_contained(Range.End.atoms(), Outer.Index);
  });
}

/// The loops around every access (the offloaded loop always is).
static std::vector<IndexRange>
commonLoops(llvm::ArrayRef<std::vector<IndexRange>> Nests) {
  std::vector<IndexRange> Common;
  if (Nests.empty())
    return Common;
  for (const IndexRange &R : Nests.front())
    if (llvm::all_of(Nests.drop_front(), [&](const std::vector<IndexRange> &N) {
          return llvm::any_of(
              N, [&](const IndexRange &O) { return O.Index == R.Index; });
        }))
      Common.push_back(R);
  return Common;
}

std::string nonEmptyCondition(const Polynomial &Length,
                              llvm::ArrayRef<std::vector<IndexRange>> Nests) {
  if (Nests.empty())
    return "";
  std::vector<IndexRange> Common = commonLoops(Nests);
  std::vector<std::string> Terms;
  std::vector<Polynomial> Trips; // of the loops the terms test
  bool Unwritable = false;
  for (const IndexRange &R : Common) {
    Polynomial Trip = R.End - R.First;
    if (vanishesWith(Length, Trip) && isNonNegative(Trip))
      continue;
    if (dependsOnIndex(R, Nests.front())) {
      Unwritable = true;
      continue;
    }
    std::string Term = R.End.str() + " > " + R.First.str();
    if (!llvm::is_contained(Terms, Term))
      Terms.push_back(Term);
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

namespace ownmap {

std::vector<Polynomial>
runningFacts(llvm::ArrayRef<std::vector<IndexRange>> Nests) {
  std::vector<Polynomial> Facts;
  for (const IndexRange &R : commonLoops(Nests))
    if (!dependsOnIndex(R, Nests.front()))
      Facts.push_back(R.End - R.First - Polynomial(1));
  return Facts;
}

/// A fact `x - c >= 0` about one atom x: x and c.
static std::optional<std::pair<Atom, int64_t>>
atomAtLeast(const Polynomial &Fact) {
  std::vector<Atom> Atoms = Fact.atoms();
  if (Atoms.size() != 1)
    return std::nullopt;
  auto [Coefficient, Rest] = Fact.split(Atoms.front());
  std::optional<int64_t> C = Rest.constant();
  if (Coefficient != Polynomial(1) || !C || *C >= 0)
    return std::nullopt;
  return std::make_pair(Atoms.front(), -*C);
}

bool nonNegativeWhenRunning(const Polynomial &P,
                            llvm::ArrayRef<Polynomial> Facts) {
  if (isNonNegative(P))
    return true;
  // x >= c: x is c plus a non-negative size (`nx * ny - 1 >= 0` given
  // nx >= 3 and ny >= 3).
  Polynomial Shifted = P;
  for (const Polynomial &Fact : Facts)
    if (auto AtLeast = atomAtLeast(Fact))
      if (Shifted.degree(AtLeast->first) == 1)
        Shifted = Shifted.substitute(
            AtLeast->first, Polynomial::atom(AtLeast->first) +
                                Polynomial(AtLeast->second));
  if (isNonNegative(Shifted))
    return true;
  for (const Polynomial &Fact : Facts)
    for (int64_t Times = 1; Times <= 4; ++Times)
      if (isNonNegative(P - Fact * Polynomial(Times)))
        return true;
  return false;
}

} // namespace ownmap
