//===- LocalArrays.h - arrays local to a kernel that one loop holds -------===//
//
// An array declared in the kernel's body (`double z[N];`, isKernelLocalArray)
// that only one offloaded loop names, with no initialiser, and that loop in
// no other loop of the kernel, holds nothing the host's code gives it or
// takes from it: its values before the loop are indeterminate, and nothing
// reads them after. The device's copy then needs no transfer at all
// (`map(alloc: z)`). Arrays that code outside the loop names would need the
// host's values, or give theirs back, like an array parameter's; the loop
// stays on the host for them.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_LOCALARRAYS_H
#define OWNMAP_REWRITER_LOCALARRAYS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <optional>
#include <string>

namespace ownmap {

/// Why Loop's device copy of Array, an array local to the kernel whose
/// body is KernelBody, needs the host's values or gives them back (see
/// above), e.g. "is used outside the loop at line 12"; none when it does
/// not.
std::optional<std::string> whyLocalArrayCrosses(const clang::VarDecl &Array,
                                                const clang::ForStmt &Loop,
                                                const clang::Stmt &KernelBody);

} // namespace ownmap

#endif
