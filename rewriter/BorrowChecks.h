//===- BorrowChecks.h - a loop's accesses against a pointer's borrow ------===//
//
// What an annotation promises the device, checked against what one loop
// does with the pointer: OM_IN data is only read; OM_OUT and OM_SCRATCH
// data is uninitialised on the device, so each read is of an element the
// iteration wrote before; OM_OUT data is copied back whole, so every
// element of its section must be written.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_BORROWCHECKS_H
#define OWNMAP_REWRITER_BORROWCHECKS_H

#include "Annotations.h"
#include "LoopAccess.h"
#include "Subscript.h"
#include "llvm/Support/Error.h"

namespace ownmap {

/// Writes through OM_IN, and reads of OM_OUT or OM_SCRATCH data before the
/// iteration writes the element.
llvm::Error checkBorrow(const SubscriptAnalysis &Subscripts,
                        const VariableAccesses &VA,
                        const ParamAnnotation &PA);

/// For OM_OUT: the loop certainly writes every element of the section it
/// reaches (unconditional writes whose subscripts together cover it
/// without gaps, and no access beyond them).
llvm::Error checkOutCoverage(const SubscriptAnalysis &Subscripts,
                             const VariableAccesses &VA,
                             const ParamAnnotation &PA);

} // namespace ownmap

#endif
