//===- LengthSnapshots.h - OM_LEN counts as the caller passed them -------===//
//
// OM_LEN(n) on a parameter states how many elements the caller passes, so
// it means n's value at kernel entry. A map clause is evaluated where its
// loop starts: after `n = n / 2;` a pasted `x[0:n]` would map half the
// data. When the kernel changes (assigns, increments, takes the address
// of) a variable that an OM_LEN expression names, the rewritten kernel
// keeps the count in a local declared first thing in its body,
//   const __typeof__(n) ownmap_len_x = n;
// and every map of x from OM_LEN uses that local.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_LENGTHSNAPSHOTS_H
#define OWNMAP_REWRITER_LENGTHSNAPSHOTS_H

#include "Annotations.h"
#include <string>

namespace ownmap {

/// Sets LengthSnapshot on every OM_LEN annotation of Annotations whose
/// expression names a variable the kernel changes.
void snapshotChangedLengths(KernelAnnotations &Annotations);

/// The declaration that keeps A's count at kernel entry (A has a
/// LengthSnapshot), e.g. `const __typeof__(n) ownmap_len_x = n;`.
std::string snapshotDeclaration(const ParamAnnotation &A);

} // namespace ownmap

#endif
