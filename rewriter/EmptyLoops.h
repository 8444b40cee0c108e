//===- EmptyLoops.h - sections of loops that may not run -----------------===//
//
// A section's length comes from the range of its subscripts over the loop
// nest, which assumes every loop runs: `y[i]` over [1, n - 1) gives
// `y[1:n - 2]`, and with n = 1 (no iteration, fine in C) the runtime is
// asked for `y[1:-1]` and aborts; `x[i - 1]`, `x[i + 1]` over [lo, hi)
// give `x[lo - 1:hi - lo + 2]`, two elements the empty loop never reaches.
// So where a loop around every access may run zero times and the length
// does not then vanish by itself, the length is guarded by the loops'
// conditions, `(n - 1 > 1 ? n - 2 : 0)`: an empty loop maps nothing. A
// trip count may also be negative (`i < n` with n = -3 runs zero times in
// C), so nothing is taken as non-negative that the program does not say
// is: `y[0:n]` over [0, n) becomes `y[0:(n > 0 ? n : 0)]` unless n is
// unsigned or a stated fact puts it at 0 or more.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_EMPTYLOOPS_H
#define OWNMAP_REWRITER_EMPTYLOOPS_H

#include "Polynomial.h"
#include "Subscript.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace ownmap {

/// When a section is not empty: terms that must all hold (`n > 0`), and
/// the same as facts `P >= 0` (`n - 1`).
struct NonEmptyGuard {
  std::vector<std::string> Terms;
  std::vector<Polynomial> Facts;
  bool empty() const { return Terms.empty(); }
};

/// The condition under which a section of Length elements, reached by
/// accesses over Nests (one per access, outermost loop first), is not
/// empty; no terms when Length needs no
/// guard (it is provably never negative, and zero whenever a loop around
/// every access runs zero times). Stated are facts `P >= 0` the program
/// states. A loop's condition computes in its bounds' type, Length in In.
NonEmptyGuard nonEmptyCondition(const Polynomial &Length,
                                llvm::ArrayRef<std::vector<IndexRange>> Nests,
                                llvm::ArrayRef<Polynomial> Stated,
                                const ArithmeticType &In);

/// The condition under which a section of Length elements, whose map
/// Guard guards, reaches some element: Guard when it has terms (its loops
/// run and Length is positive); else none when Length >= 1 follows from
/// Stated, or `Length > 0`. (A section without a guard may still be
/// empty: its length is zero where its loops run zero times. The union of
/// sections needs to know.)
NonEmptyGuard reachedCondition(const Polynomial &Length,
                               const NonEmptyGuard &Guard,
                               llvm::ArrayRef<Polynomial> Stated,
                               const ArithmeticType &In);

/// What holds whenever some access over Nests runs: each loop around all
/// of them runs at least once (End - First - 1 >= 0), as polynomials that
/// are then non-negative.
std::vector<Polynomial>
runningFacts(llvm::ArrayRef<std::vector<IndexRange>> Nests);

/// True when P >= 0 whenever Facts hold, taking every atom as a
/// non-negative size (P minus a small multiple of one fact has
/// non-negative coefficients): `n - 1 >= 0` given `n - 3 >= 0`. For
/// comparing the ends of accesses, not for lengths.
bool nonNegativeWhenRunning(const Polynomial &P,
                            llvm::ArrayRef<Polynomial> Facts);

/// True when P >= 0 whenever Facts hold, an atom being non-negative only
/// when its type is unsigned, a fact bounds it by what is (`n - 1 >= 0`,
/// `ld - nb >= 0` with nb so), or it is a quotient of a non-negative
/// dividend: `n * n - 2` given `n - 3 >= 0`.
bool provenNonNegative(const Polynomial &P, llvm::ArrayRef<Polynomial> Facts);

/// Length as a map clause writes it, computing in In: `(n > 0 && m > 0 ?
/// Length : 0)` for the terms of NonEmpty, or Length itself when there are
/// none.
std::string guardedLength(const Polynomial &Length,
                          const NonEmptyGuard &NonEmpty,
                          const ArithmeticType &In);

/// Length when one of AnyOf's guards holds, else 0, without `?:`, `&&` or
/// `||`: `(n > 0) * n`; a guard that implies another is left out. clang 19
/// miscompiles a branch in a `target data` map's length (the backend stops
/// with "Instruction does not dominate all uses"). Length itself when one
/// of them has no terms.
std::string branchFreeLength(const Polynomial &Length,
                             llvm::ArrayRef<NonEmptyGuard> AnyOf,
                             const ArithmeticType &In);

} // namespace ownmap

#endif
