//===- DenseSubscripts.h - subscripts as mixed-radix numbers --------------===//
//
// An affine subscript moves with each index of its nest by a stride; with
// strides and trip counts that are positive sizes it reads as a mixed-radix
// number whose digits are the indices. Whether it reaches each element at
// most once (injective) or every element of its range exactly once (dense)
// then follows from how the strides compare with what the digits before
// them reach.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_DENSESUBSCRIPTS_H
#define OWNMAP_REWRITER_DENSESUBSCRIPTS_H

#include "Subscript.h"
#include "llvm/ADT/ArrayRef.h"

namespace ownmap {

/// True when S takes a different value at every point of its nest.
bool isInjective(const AffineSubscript &S);

/// True when S reaches every element of [Min, Max] exactly once (in some
/// order of the indices, the first stride is one and each next one is
/// the number of elements the ones before it cover).
bool isDense(const AffineSubscript &S);

/// True when the subscripts All, which differ by constants only
/// (`z[2 * i]`, `z[2 * i + 1]`), together reach every element of their
/// range exactly once.
bool isDenseTogether(llvm::ArrayRef<AffineSubscript> All);

} // namespace ownmap

#endif
