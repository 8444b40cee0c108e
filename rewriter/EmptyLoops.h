//===- EmptyLoops.h - sections of loops that may not run -----------------===//
//
// A section's length comes from the range of its subscripts over the loop
// nest, which assumes every loop runs: `y[i]` over [1, n - 1) gives
// `y[1:n - 2]`, and with n = 1 (no iteration, fine in C) the runtime is
// asked for `y[1:-1]` and aborts; `x[i - 1]`, `x[i + 1]` over [lo, hi)
// give `x[lo - 1:hi - lo + 2]`, two elements the empty loop never reaches.
// So where a loop around every access may run zero times and the length
// does not then vanish by itself, the length is guarded by the loops'
// conditions, `(n - 1 > 1 ? n - 2 : 0)`: an empty loop maps nothing.
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

/// The condition under which a section of Length elements, reached by
/// accesses over Nests (one per access, outermost loop first), is not
/// empty; empty when Length needs no guard (it is never negative, and zero
/// whenever a loop around every access runs zero times).
std::string nonEmptyCondition(const Polynomial &Length,
                              llvm::ArrayRef<std::vector<IndexRange>> Nests);

/// What holds whenever some access over Nests runs: each loop around all
/// of them runs at least once (End - First - 1 >= 0), as polynomials that
/// are then non-negative.
std::vector<Polynomial>
runningFacts(llvm::ArrayRef<std::vector<IndexRange>> Nests);

/// True when P >= 0 whenever Facts hold (P minus a small multiple of one
/// fact has non-negative coefficients): `n - 1 >= 0` given `n - 3 >= 0`.
bool nonNegativeWhenRunning(const Polynomial &P,
                            llvm::ArrayRef<Polynomial> Facts);

/// Length as a map clause writes it: `(NonEmpty ? Length : 0)`, or Length
/// itself when NonEmpty is empty.
std::string guardedLength(const Polynomial &Length, llvm::StringRef NonEmpty);

} // namespace ownmap

#endif
