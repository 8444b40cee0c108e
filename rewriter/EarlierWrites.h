//===- EarlierWrites.h - uninitialised data one loop writes, a later reads -===//
//
// OM_OUT and OM_SCRATCH data is uninitialised on the device, so a loop may
// read an element only after the device wrote it: earlier in the same
// iteration (BorrowChecks.h), or in an earlier loop of the kernel whose
// data region keeps the array on the device until this loop. The earlier loop must
// certainly write every element the later loop reads: unconditional writes
// over a dense range that contains the reads whenever the later loop runs,
// with bounds the host does not change in between.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_EARLIERWRITES_H
#define OWNMAP_REWRITER_EARLIERWRITES_H

#include "DataRegion.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace ownmap {

/// Checks, for every loop of Loops (a kernel's offloaded loops, in source
/// order) that reads OM_OUT or OM_SCRATCH data before its iteration writes
/// it, that
/// an earlier loop of one of Regions writes every such element and the
/// region keeps the array between them; the reading loop's reason then
/// names the writing loop. Every read that is not so is an error. Stated:
/// the kernel's facts P >= 0.
llvm::Error checkEarlierWrites(llvm::MutableArrayRef<PlannedLoop> Loops,
                               llvm::ArrayRef<DataRegion> Regions,
                               llvm::ArrayRef<Polynomial> Stated);

/// For a kernel that fails anyway (no regions are planned): the reads that
/// no earlier loop of their block writes at all, as errors.
llvm::Error checkEarlierWriters(llvm::ArrayRef<PlannedLoop> Loops);

} // namespace ownmap

#endif
