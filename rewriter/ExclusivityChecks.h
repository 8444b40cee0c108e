//===- ExclusivityChecks.h - where each run-time exclusivity check goes ---===//
//
// The exclusivity pairs of a kernel's loops (Exclusivity.h) that are not
// proven statically are checked at run time: before the data region around
// the loop when their bounds are the same at region entry (one check per
// pair, over the union of the loops' ranges where they compare), else
// right before the loop; a span region (SpanRegions.h) checks the pairs of
// its arrays over all their data before it opens.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_EXCLUSIVITYCHECKS_H
#define OWNMAP_REWRITER_EXCLUSIVITYCHECKS_H

#include "Annotations.h"
#include "DataRegion.h"
#include "llvm/ADT/ArrayRef.h"

namespace ownmap {

/// Sets each loop's Exclusivity pairs and puts each unproven pair's check
/// in the Checks of the loop or of the region around it (see above).
void placeExclusivityChecks(const KernelAnnotations &Annotations,
                            llvm::MutableArrayRef<PlannedLoop> Loops,
                            llvm::MutableArrayRef<DataRegion> Regions);

} // namespace ownmap

#endif
