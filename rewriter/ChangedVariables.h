//===- ChangedVariables.h - the variables a statement may change ---------===//
//
// The variables a statement assigns, increments or decrements, or takes the
// address of (after which it may change through the pointer), and whether
// it names a variable at all. Shared by
// the OM_LEN snapshots (a count the kernel changes) and the loop analysis
// (an offset or base a pointer view depends on).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_CHANGEDVARIABLES_H
#define OWNMAP_REWRITER_CHANGEDVARIABLES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace ownmap {

using VariableSet = llvm::SmallPtrSet<const clang::VarDecl *, 8>;

/// The variables S changes; empty for a null S.
VariableSet changedVariables(const clang::Stmt *S);

/// The variables S declares (in it, at any depth).
VariableSet declaredVariables(const clang::Stmt *S);

/// True when S names V anywhere; false for a null S.
bool mentionsVariable(const clang::Stmt *S, const clang::VarDecl &V);

} // namespace ownmap

#endif
