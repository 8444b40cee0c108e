//===- CanonicalLoop.h - recognise the loops OpenMP can distribute -------===//
//
// A canonical loop steps one integer index by a fixed amount toward a bound:
// `for (int i = L; i < U; ++i)`, `i <= U`, `i += s`, downward
// `for (i = U - 1; i >= L; --i)` / `i -= s`, with the index declared in the
// header or before the loop.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_CANONICALLOOP_H
#define OWNMAP_REWRITER_CANONICALLOOP_H

#include "clang/AST/Stmt.h"
#include "llvm/Support/Error.h"

namespace ownmap {

/// The header of a loop whose index runs from Init toward Limit in steps
/// of Step (one when null): up while `i < Limit` (`<=` when Inclusive), or
/// down while `i > Limit` (`>=`).
struct CanonicalLoop {
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Index = nullptr;
  const clang::Expr *Init = nullptr;
  const clang::Expr *Limit = nullptr;
  const clang::Expr *Step = nullptr;
  bool Downward = false;
  bool Inclusive = false;
  /// `int i; for (i = 0; ...)`: the index outlives the loop.
  bool IndexDeclaredOutside = false;
};

/// Matches the loop forms above; any other header is an error that says
/// what the header does.
llvm::Expected<CanonicalLoop> matchCanonicalLoop(const clang::ForStmt &Loop);

/// For an index declared outside its loops: an error unless every use of
/// Index in Body is inside a canonical loop over Index (its header sets it
/// before any read), so that no code reads the value a loop leaves in it.
llvm::Error checkIndexOnlyInItsLoops(const clang::VarDecl &Index,
                                     const clang::Stmt &Body);

} // namespace ownmap

#endif
