//===- StructFields.h - structs of arrays passed by pointer ---------------===//
//
// A struct that holds pointers cannot be mapped as a whole: its copy on the
// device would point at host memory. An OM_IN or OM_INOUT pointer to one,
//   typedef struct { float *x, *y; int n; } soa;
//   OM_KERNEL void push(OM_INOUT soa *p) { ... p->x[i] ... p->n ... }
// is instead read field by field: every field the kernel uses gets a local
// of its own, declared first thing in the body,
//   float *const p_x = p->x;   const int p_n = p->n;
// and `p->x` becomes `p_x` throughout the body. Each pointer field is then
// an annotated pointer of its own (OM_IN; under OM_INOUT, OM_INOUT when the
// kernel writes through it), so sections, borrow checks, exclusivity and
// data regions treat it as they treat a pointer parameter. OM_LEN on a
// pointer field in the struct's definition (`OM_LEN(nnz) float *val;`) is
// its count, over the locals of the arithmetic fields it names.
//
// The analyses read the kernel's AST, so the field uses are replaced there
// too: each `p->x` is swapped for a reference to a synthetic parameter
// `p_x` of the kernel (not in its parameter list), which the annotations
// map to its borrow. The kernel must use the struct only as `p->field`,
// reading fields that are arithmetic or pointers to plain data, and never
// change a field: the locals keep the values at entry.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_STRUCTFIELDS_H
#define OWNMAP_REWRITER_STRUCTFIELDS_H

#include "Annotations.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace ownmap {

/// True when T points to a struct that is not plain data (isPlainData):
/// an annotation on it is read field by field.
bool pointsToStructOfFields(clang::QualType T);

/// What the rewritten kernel needs for its struct parameters' fields.
struct FieldLocals {
  /// The declarations that open the body, e.g. `float *const p_x = p->x;`.
  std::vector<std::string> Declarations;
  /// The names they declare, e.g. `p_x`.
  std::vector<std::string> Names;
  /// `p->x` -> `p_x`, for every field use in the body.
  std::vector<clang::tooling::Replacement> Uses;
};

/// Replaces every annotated struct parameter of Annotations by its used
/// fields (see above), in Annotations and in the kernel's body. Fails on an
/// annotation other than OM_IN or OM_INOUT, on OM_LEN, and on a use of the
/// struct other than reading an arithmetic or pointer-to-plain-data field.
llvm::Expected<FieldLocals> expandStructParameters(KernelAnnotations &Annotations);

} // namespace ownmap

#endif
