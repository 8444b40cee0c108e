//===- NestingDepth.h - refuse expressions too deep to analyse -----------===//
//
// Some walks over a kernel (clang's own HasSideEffects and Profile, and
// the rewriter's access walk) recurse once per level of an expression.
// Each input is processed on a thread with a deep stack (FileRunner.cpp),
// which covers everything clang parses on a default stack; a kernel nested
// deeper still is reported rather than risked.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_NESTINGDEPTH_H
#define OWNMAP_REWRITER_NESTINGDEPTH_H

#include "clang/AST/Stmt.h"
#include "llvm/Support/Error.h"

namespace ownmap {

/// The deepest nesting the rewriter analyses.
constexpr unsigned MaxNestingDepth = 100000;

/// Fails at the first statement or expression of Body that lies more than
/// MaxNestingDepth levels deep (found without recursion).
llvm::Error checkNestingDepth(const clang::Stmt &Body);

} // namespace ownmap

#endif
