//===- BorrowChecks.h - a loop's accesses against a pointer's borrow ------===//
//
// What an annotation promises the device, checked against what one loop
// does with the pointer: OM_IN data is only read; OM_OUT and OM_SCRATCH
// data is uninitialised on the device, so each read is of an element the
// iteration wrote before, or an earlier loop did (EarlierWrites.h); OM_OUT
// data is copied back whole, so every element of its section that the
// loop writes must be written.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_BORROWCHECKS_H
#define OWNMAP_REWRITER_BORROWCHECKS_H

#include "Annotations.h"
#include "LoopAccess.h"
#include "Subscript.h"
#include "llvm/Support/Error.h"

namespace ownmap {

/// Writes through OM_IN.
llvm::Error checkBorrow(const VariableAccesses &VA, const ParamAnnotation &PA);

/// Elements [Min, Max] (inclusive) of one array that some accesses of a
/// loop reach, where the loops around them run (Running: facts P >= 0 that
/// then hold).
struct ElementRange {
  Polynomial Min, Max;
  std::vector<Polynomial> Running;
  clang::SourceLocation Site; // the first of the accesses
};

/// For OM_OUT and OM_SCRATCH: the elements that reads of VA reach before
/// the iteration has certainly written them (a write counts when it runs
/// whenever the read does: unconditional, in no inner loop the read is not
/// in), which an earlier loop of the kernel must have written on the
/// device (EarlierWrites.h); none when there are none. Fails when they
/// cannot be bounded. Stated: the kernel's facts P >= 0.
llvm::Expected<std::optional<ElementRange>>
earlyReads(const SubscriptAnalysis &Subscripts,
                        const VariableAccesses &VA, const ParamAnnotation &PA,
                        llvm::ArrayRef<Polynomial> Stated);

/// The elements the loop writes through VA in every iteration, when they
/// form one range without gaps; none otherwise.
std::optional<ElementRange>
certainlyWritten(const SubscriptAnalysis &Subscripts,
                 const VariableAccesses &VA,
                 llvm::ArrayRef<Polynomial> Stated);

/// For OM_OUT that the loop writes: it certainly writes every element of
/// the section it reaches (unconditional writes whose subscripts together cover it
/// without gaps, and no access beyond them).
llvm::Error checkOutCoverage(const SubscriptAnalysis &Subscripts,
                             const VariableAccesses &VA,
                             const ParamAnnotation &PA);

} // namespace ownmap

#endif
