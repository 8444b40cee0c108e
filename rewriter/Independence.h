//===- Independence.h - iterations that touch disjoint elements -----------===//
//
// A loop can run its iterations in parallel when no two of them touch an
// element that one of them writes; and its nest can be collapsed when the
// same holds for every (outer, inner) pair of a rectangular nest.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_INDEPENDENCE_H
#define OWNMAP_REWRITER_INDEPENDENCE_H

#include "CanonicalLoop.h"
#include "LoopAccess.h"
#include "Subscript.h"
#include "llvm/Support/Error.h"

namespace ownmap {

/// A written array must be accessed at one subscript only, and iterations
/// of Loop must reach disjoint elements through it, or each iteration's
/// accesses must stay in a block of its own; anything else may depend on
/// another iteration.
llvm::Error checkIndependence(const SubscriptAnalysis &Subscripts,
                              const CanonicalLoop &Loop,
                              const VariableAccesses &VA);

/// collapse(2) is safe when Loop's body is one canonical loop with
/// invariant bounds (a rectangular nest) and distinct (outer, inner) index
/// pairs write distinct elements of every written array.
bool collapsible(const SubscriptAnalysis &Subscripts, const CanonicalLoop &Loop,
                 const LoopAccesses &Accesses);

} // namespace ownmap

#endif
