//===- PrivateScalars.h - scalars each iteration of a loop writes first ---===//
//
// A scalar declared outside a loop that every iteration assigns before it
// reads it (`w = a[i][j]; for (k ..) w -= ...; a[i][j] = w;`) carries no
// value from one iteration to the next: each thread may have its own copy
// (`private(w)`), provided no code after the loop reads the value the last
// iteration left. That holds when every other mention of it in the kernel
// is an assignment of a value that does not read it, or lies in a loop
// whose iterations also write it first: any read of it then follows a
// write that is not the loop's.
//
// "First" is decided on the statements of the body in order: an assignment
// `v = e` with e not naming v writes first; any other mention (a compound
// assignment, an argument, a condition, a loop that may run zero times, a
// branch that writes it on one side only) reads first.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_PRIVATESCALARS_H
#define OWNMAP_REWRITER_PRIVATESCALARS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

namespace ownmap {

/// True when every iteration of Loop writes V before it reads it, and no
/// code of Kernel outside Loop reads the value Loop leaves in it.
bool isPrivateToIterations(const clang::VarDecl &V, const clang::ForStmt &Loop,
                           const clang::Stmt &KernelBody);

} // namespace ownmap

#endif
