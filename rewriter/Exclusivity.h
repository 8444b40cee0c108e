//===- Exclusivity.h - exclusive borrows must not overlap other pointers --===//
//
// An exclusive borrow (OM_INOUT, OM_OUT, OM_SCRATCH) must not share
// elements with any other pointer parameter the loop maps: overlapping
// sections would be copied separately and one copy would overwrite the
// other's results (or scratch writes land in the other's data). Two
// `restrict`-qualified parameters are distinct by the language's promise;
// every other pair gets a one-line run-time check (ownmap.h's static inline
// ownmap_check_exclusive, so rewritten code links nothing extra) before the
// loop, or before the data region around it.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_EXCLUSIVITY_H
#define OWNMAP_REWRITER_EXCLUSIVITY_H

#include "Annotations.h"
#include "EmptyLoops.h"
#include "MapInference.h"
#include "Polynomial.h"
#include <string>
#include <vector>

namespace ownmap {

/// An exclusive borrow and another pointer parameter of one loop.
struct ExclusivityPair {
  const clang::ParmVarDecl *Exclusive = nullptr, *Other = nullptr;
  Ownership Kind = Ownership::InOut; // of Exclusive
  /// Both restrict-qualified: distinct without a run-time check.
  bool Proven = false;
  std::string Why;
  /// The element ranges [Lower, End) the loop maps of each pointer, and
  /// what their texts compute in.
  Polynomial ExclusiveLower, ExclusiveEnd, OtherLower, OtherEnd;
  ArithmeticType ExclusiveType, OtherType;
  /// The loops reach some element of a range when one of its guards holds
  /// (reachedCondition, EmptyLoops.h; one per loop the range unites); an
  /// empty guard: always.
  /// Where none holds the range is empty, whatever its bounds say (with
  /// m = n = -2, `y + m * n` lies above `y`).
  std::vector<NonEmptyGuard> ExclusiveReached, OtherReached;

  /// The statement that checks the pair at run time (when not Proven):
  /// `ownmap_check_exclusive("k", "OM_INOUT", "y", y, y + n, "x", x, x + n);`,
  /// under `if (m > 0 && n > 0) ` when the loops may reach nothing of a range.
  std::string check() const;
  /// Widens the ranges to cover Other's too, when Other is the same pair and
  /// the bounds can be compared; false otherwise.
  bool widen(const ExclusivityPair &Other);
  /// The four bounds and the facts of the guards: what must not change
  /// between a hoisted check and the loops.
  std::vector<Polynomial> bounds() const;
};

/// The pairs of Plan's mapped pointer parameters where at least one is an
/// exclusive borrow, each pair once, in parameter order.
std::vector<ExclusivityPair>
exclusivityPairs(const KernelAnnotations &Annotations, const OffloadPlan &Plan);

} // namespace ownmap

#endif
