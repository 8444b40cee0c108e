//===- Independence.h - iterations that touch disjoint elements -----------===//
//
// A loop can run its iterations in parallel when no two of them touch an
// element that one of them writes; and its nest can be collapsed when the
// same holds for every (outer, inner) pair of a rectangular nest.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_INDEPENDENCE_H
#define OWNMAP_REWRITER_INDEPENDENCE_H

#include "AffineConflicts.h"
#include "CanonicalLoop.h"
#include "LoopAccess.h"
#include "Subscript.h"
#include "llvm/Support/Error.h"

namespace ownmap {

/// No two iterations of Loop may touch an element of VA's array that one
/// of them writes: a written array accessed at one subscript that
/// iterations keep apart, or accesses that stay in a block of each
/// iteration's own, or else what isl proves (AffineConflicts.h), with the
/// run-time condition it may need. Anything else may depend on another
/// iteration.
llvm::Expected<ConflictFree>
checkIndependence(const SubscriptAnalysis &Subscripts, const CanonicalLoop &Loop,
                  const VariableAccesses &VA);

/// collapse(2) is safe when Loop's body is one canonical loop with
/// invariant bounds (a rectangular nest) and distinct (outer, inner) index
/// pairs write distinct elements of every written array: the run-time
/// conditions the proofs need, or none when it is not safe.
std::optional<std::vector<ExtentCondition>>
collapsible(const SubscriptAnalysis &Subscripts, const CanonicalLoop &Loop,
            const LoopAccesses &Accesses);

} // namespace ownmap

#endif
