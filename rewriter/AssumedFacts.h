//===- AssumedFacts.h - leading dimensions taken as wide enough -----------===//
//
// A linearised subscript `a[i * ld + j]`, with j over [0, n), keeps the
// rows of different i apart only when the leading dimension is not
// negative and at least a row (ld >= 0, ld >= n): facts the analysis
// cannot prove and the program checks in two comparisons. A kernel that
// leaves loops on the host without them is planned again with them
// assumed; when that leaves fewer loops on the host and its body can be
// copied, the facts join the conditions it checks on entry, with the
// kernel as written, on the host, as the fallback (HostFallback.h), and no
// OM_FACT is needed.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_ASSUMEDFACTS_H
#define OWNMAP_REWRITER_ASSUMEDFACTS_H

#include "Annotations.h"
#include "CostRemarks.h"
#include "DataRegion.h"
#include "KernelRewrite.h"
#include <vector>

namespace ownmap {

/// The facts above for the products of a loop index with an integer
/// parameter the kernel does not change (`i * ld`) in the body of
/// Annotations' kernel, each added to a sum with the index of a loop that
/// starts at 0 below a parameter (`+ j`, j < n), other than those it
/// states.
std::vector<StatedFact>
leadingDimensionFacts(const KernelAnnotations &Annotations);

/// Plans the kernel's loops again with leadingDimensionFacts assumed, and
/// takes that plan (and the facts, into Annotations) when it leaves fewer
/// loops on the host, refuses nothing, and the body can be copied. Loops
/// and Host are the plan so far.
void assumeLeadingDimensions(KernelAnnotations &Annotations,
                             llvm::ArrayRef<LoopSite> Sites,
                             std::vector<PlannedLoop> &Loops,
                             std::vector<HostLoop> &Host);

} // namespace ownmap

#endif
