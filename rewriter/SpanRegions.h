//===- SpanRegions.h - one region over a kernel's loops and host loops ----===//
//
// Regions within one block (DataRegion.h) and around one host loop
// (TimeLoop.h) each copy their arrays in and out: a factorisation followed
// by two substitutions, or a loop that clears an array before a host loop
// that fills it, moves the array once per region. A span region goes
// around consecutive statements of the kernel's body that hold offloaded
// loops (offloaded loops and host loops around them), keeping each array
// that two of them map whole, so that it crosses once a call (a span
// without a host loop is a block region's):
//
//   #pragma omp target data map(tofrom: a[0:n])
//   {
//   for (i ...) { ...offloaded loops... }   // a host loop with its region
//   #pragma omp target ...
//   for (i ...) ...                         // a loop in one thread
//   }
//
// An array is kept when every loop maps it whole over the same count
// (its annotation's or its declaration's, VariablePlan::WholeCount) and
// nothing in the span changes that count or the pointer. The host
// statements between the span's loops may not name a kept array, declare
// anything, jump or call a function of the program; host code inside a host loop that names a
// kept array must be covered by that loop's own region keeping it (whose
// updates move what host code touches). What the span's statements
// declare (a stride in a block) has no name where the span begins: an
// array whose count names it is not kept, and an exclusivity check over it
// stays before its loop. The regions inside stay: their
// maps find the data present and copy nothing. The rewriter checks before
// the span that its arrays do not overlap (Exclusivity.h).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_SPANREGIONS_H
#define OWNMAP_REWRITER_SPANREGIONS_H

#include "DataRegion.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace ownmap {

/// The span regions of KernelBody over Loops, given the kernel's other
/// Regions.
std::vector<DataRegion> planSpanRegions(llvm::ArrayRef<PlannedLoop> Loops,
                                        llvm::ArrayRef<DataRegion> Regions,
                                        const clang::Stmt &KernelBody,
                                        clang::ASTContext &Ctx);

} // namespace ownmap

#endif
