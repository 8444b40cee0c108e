//===- EmptyLoops.cpp - sections of loops that may not run ---------------===//
#include "EmptyLoops.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>

namespace ownmap {

/// True when Length is zero whenever a loop with Trip iterations runs none:
/// Trip is a positive constant, or one size that every term of Length has
/// as a factor (`m * n` over a loop of m iterations).
static bool vanishesWith(const Polynomial &Length, const Polynomial &Trip) {
  if (std::optional<int64_t> C = Trip.constant())
    return *C > 0;
  llvm::SmallVector<Atom, 4> Atoms = Trip.atoms();
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

/// Each loop of Common that is tested: its condition and what holds when
/// it runs.
struct Tested {
  std::string Condition; // `End > First`
  std::vector<Polynomial> Facts;
};

static std::vector<Polynomial> factsWhenRunning(const IndexRange &R) {
  std::vector<Polynomial> Facts{R.End - R.First - Polynomial(1)};
  // A strided loop that runs and ends steps forward: its step is positive.
  if (R.Step && !R.Step->constant())
    Facts.push_back(*R.Step - Polynomial(1));
  return Facts;
}

NonEmptyGuard nonEmptyCondition(const Polynomial &Length,
                                llvm::ArrayRef<std::vector<IndexRange>> Nests,
                                llvm::ArrayRef<Polynomial> Stated,
                                const ArithmeticType &In) {
  if (Nests.empty())
    return {};
  std::vector<Tested> Loops;
  for (const IndexRange &R : commonLoops(Nests)) {
    Polynomial Trip = R.End - R.First;
    if (vanishesWith(Length, Trip) && provenNonNegative(Trip, Stated))
      continue;
    if (dependsOnIndex(R, Nests.front()))
      continue; // cannot be written outside the loops: Length is tested
    std::string Condition = R.End.str(R.Type) + " > " + R.First.str(R.Type);
    if (llvm::none_of(Loops,
                      [&](const Tested &T) { return T.Condition == Condition; }))
      Loops.push_back({Condition, factsWhenRunning(R)});
  }
  // A loop's condition that another's implies goes (`n > 0` beside
  // `n - 1 > 0`).
  for (size_t K = 0; K < Loops.size();) {
    bool Implied = llvm::any_of(Loops, [&](const Tested &Other) {
      if (&Other == &Loops[K])
        return false;
      std::vector<Polynomial> Facts(Stated.begin(), Stated.end());
      llvm::append_range(Facts, Other.Facts);
      return llvm::all_of(Loops[K].Facts, [&](const Polynomial &F) {
        return provenNonNegative(F, Facts);
      });
    });
    if (Implied)
      Loops.erase(Loops.begin() + K);
    else
      ++K;
  }
  NonEmptyGuard Guard;
  std::vector<Polynomial> Facts(Stated.begin(), Stated.end());
  for (const Tested &T : Loops) {
    Guard.Terms.push_back(T.Condition);
    llvm::append_range(Guard.Facts, T.Facts);
  }
  llvm::append_range(Facts, Guard.Facts);
  if (!provenNonNegative(Length, Facts)) {
    Guard.Terms.push_back(Length.str(In) + " > 0");
    Guard.Facts.push_back(Length - Polynomial(1));
  }
  return Guard;
}

NonEmptyGuard reachedCondition(const Polynomial &Length,
                               const NonEmptyGuard &Guard,
                               llvm::ArrayRef<Polynomial> Stated,
                               const ArithmeticType &In) {
  if (!Guard.empty() || provenNonNegative(Length - Polynomial(1), Stated))
    return Guard;
  return {{Length.str(In) + " > 0"}, {Length - Polynomial(1)}};
}

std::string guardedLength(const Polynomial &Length,
                          const NonEmptyGuard &NonEmpty,
                          const ArithmeticType &In) {
  if (NonEmpty.empty())
    return Length.str(In);
  return "(" + llvm::join(NonEmpty.Terms, " && ") + " ? " + Length.str(In) +
         " : 0)";
}

/// True when every fact of B follows from A's.
static bool implies(const NonEmptyGuard &A, const NonEmptyGuard &B) {
  return llvm::all_of(B.Facts, [&](const Polynomial &F) {
    return provenNonNegative(F, A.Facts);
  });
}

std::string branchFreeLength(const Polynomial &Length,
                             llvm::ArrayRef<NonEmptyGuard> AnyOf,
                             const ArithmeticType &In) {
  std::vector<std::string> Products;
  for (size_t K = 0; K < AnyOf.size(); ++K) {
    const NonEmptyGuard &Guard = AnyOf[K];
    if (Guard.empty())
      return Length.str(In);
    // A || B is B when A implies B (the first of two that are alike stays).
    bool Redundant = false;
    for (size_t J = 0; J < AnyOf.size() && !Redundant; ++J)
      Redundant = J != K && !AnyOf[J].empty() && implies(Guard, AnyOf[J]) &&
               (!implies(AnyOf[J], Guard) || J < K);
    if (Redundant)
      continue;
    std::vector<std::string> Factors;
    for (const std::string &Term : Guard.Terms)
      Factors.push_back("(" + Term + ")");
    std::string Product = llvm::join(Factors, " * ");
    if (!llvm::is_contained(Products, Product))
      Products.push_back(Product);
  }
  if (Products.empty())
    return Length.str(In);
  std::string Condition = Products.size() == 1
                              ? Products.front()
                              : "(" + llvm::join(Products, " + ") + " > 0)";
  return Condition + " * " + operandText(Length, In);
}

} // namespace ownmap

namespace ownmap {

std::vector<Polynomial>
runningFacts(llvm::ArrayRef<std::vector<IndexRange>> Nests) {
  std::vector<Polynomial> Facts;
  for (const IndexRange &R : commonLoops(Nests))
    if (!dependsOnIndex(R, Nests.front()))
      llvm::append_range(Facts, factsWhenRunning(R));
  return Facts;
}

/// A fact `x - c >= 0` about one atom x (c >= 0): x and c.
static std::optional<std::pair<Atom, int64_t>>
atomAtLeast(const Polynomial &Fact) {
  llvm::SmallVector<Atom, 4> Atoms = Fact.atoms();
  if (Atoms.size() != 1)
    return std::nullopt;
  auto [Coefficient, Rest] = Fact.split(Atoms.front());
  std::optional<int64_t> C = Rest.constant();
  if (Coefficient != Polynomial(1) || !C || *C > 0)
    return std::nullopt;
  return std::make_pair(Atoms.front(), -*C);
}

/// True when P >= 0 follows from Facts, each atom of P being non-negative
/// when Known says so: P's coefficients are all positive, either as they
/// are or once each atom x that a fact puts at x >= c is written c plus a
/// non-negative rest; or the same holds of P less a small multiple of one
/// fact (`ld - 1` given `ld - n >= 0` and `n - 3 >= 0`: `n - 1`, with n
/// written 3 plus a rest, is `n + 2`).
static bool provenWith(const Polynomial &P, llvm::ArrayRef<Polynomial> Facts,
                       llvm::function_ref<bool(const Atom &)> Known) {
  auto Positive = [&](const Polynomial &Q) {
    std::optional<int> Sign = Q.sign();
    return Sign && *Sign >= 0 && llvm::all_of(Q.atoms(), Known);
  };
  // Writing x as c plus a rest is a substitution, so it commutes with
  // subtracting a fact: each polynomial is shifted once.
  auto Shifted = [&](Polynomial Q) {
    for (const Polynomial &Fact : Facts)
      if (auto AtLeast = atomAtLeast(Fact))
        Q = Q.substitute(AtLeast->first, Polynomial::atom(AtLeast->first) +
                                             Polynomial(AtLeast->second));
    return Q;
  };
  Polynomial ShiftedP = Shifted(P);
  if (Positive(P) || Positive(ShiftedP))
    return true;
  for (const Polynomial &Fact : Facts) {
    Polynomial ShiftedFact = Shifted(Fact);
    for (int64_t Times = 1; Times <= 4; ++Times)
      if (Positive(P - Fact * Polynomial(Times)) ||
          Positive(ShiftedP - ShiftedFact * Polynomial(Times)))
        return true;
  }
  return false;
}

bool nonNegativeWhenRunning(const Polynomial &P,
                            llvm::ArrayRef<Polynomial> Facts) {
  return provenWith(P, Facts, [](const Atom &) { return true; });
}

bool provenNonNegative(const Polynomial &P, llvm::ArrayRef<Polynomial> Facts) {
  std::vector<Atom> InProgress; // atoms whose sign is being proven
  std::function<bool(const Atom &)> Known = [&](const Atom &A) {
    if (A.isUnsigned())
      return true;
    if (llvm::is_contained(InProgress, A))
      return false;
    InProgress.push_back(A);
    bool Proven = llvm::any_of(Facts, [&](const Polynomial &F) {
      // A + Rest >= 0 with -Rest >= 0 (`ld - nb >= 0`, nb >= 0).
      auto [Coefficient, Rest] = F.split(A);
      return Coefficient == Polynomial(1) &&
             provenWith(Polynomial(0) - Rest, Facts, Known);
    });
    // A * Q + Rest >= 0 with Q >= 1 and Rest <= 0: A * Q >= 0, so A >= 0
    // (`rows * cols >= 0` where rows >= 1).
    Proven = Proven || llvm::any_of(Facts, [&](const Polynomial &F) {
      auto [Factor, Rest] = F.split(A);
      return Factor.degree(A) == 0 && !Factor.constant() &&
             provenWith(Factor - Polynomial(1), Facts, Known) &&
             provenWith(Polynomial(0) - Rest, Facts, Known);
    });
    Proven = Proven || (A.dividend() && provenWith(*A.dividend(), Facts, Known));
    InProgress.pop_back();
    return Proven;
  };
  return provenWith(P, Facts, Known);
}

} // namespace ownmap
