//===- Escape.h - OM_IN pointers must not escape the kernel ---------------===//
//
// An OM_IN parameter is a shared borrow: the kernel may read through it and
// pass it on as `const T *`, but passing it on as a non-const pointer or
// storing it (in a variable, through a pointer, as the return value) lets
// someone write through it or keep it beyond the borrow. Callee bodies are
// not analysed: a `const T *` parameter is taken at its word.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_ESCAPE_H
#define OWNMAP_REWRITER_ESCAPE_H

#include "Annotations.h"
#include "llvm/Support/Error.h"

namespace ownmap {

/// Every escape of an OM_IN parameter in the kernel's body, each an error
/// with a note at the annotation.
llvm::Error checkEscapes(const KernelAnnotations &Annotations);

} // namespace ownmap

#endif
