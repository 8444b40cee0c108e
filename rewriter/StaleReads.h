//===- StaleReads.h - host reads of data the device changed --------------===//
//
// After a device write to data that stays mapped without being copied back,
// the host copy is stale until a `target update from` (or a `target exit
// data map(from: ...)`). The first host access of the data after a point
// of a function, in source order, tells whether the host reads it stale.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_STALEREADS_H
#define OWNMAP_REWRITER_STALEREADS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace ownmap {

/// The first host read of an element of V in F after the statement After
/// (source order, outside target constructs), when nothing comes first that
/// brings the device's data back or ends the question: a `target update
/// from` or `target exit data map(from: ...)` of V, a host write of its elements, or a use
/// of V other than an element access (assigned, passed to a function whose
/// body is not in the translation unit). V passed to a function whose body
/// is here counts as what that function does first with it (a few calls
/// deep): a read there is a read at the call (the argument is returned). Null
/// when there is no such read before Until (when valid: the end of a
/// region that copies the data back).
const clang::Expr *firstStaleRead(const clang::VarDecl &V,
                                  const clang::Stmt &After,
                                  const clang::FunctionDecl &F,
                                  clang::ASTContext &Ctx,
                                  clang::SourceLocation Until = {});

} // namespace ownmap

#endif
