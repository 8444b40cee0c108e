//===- CanonicalLoop.h - recognise `for (int i = L; i < U; ++i)` ----------===//
#ifndef OWNMAP_REWRITER_CANONICALLOOP_H
#define OWNMAP_REWRITER_CANONICALLOOP_H

#include "clang/AST/Stmt.h"
#include "llvm/Support/Error.h"

namespace ownmap {

/// The header of a loop that runs i over [Lower, Upper) in steps of one.
struct CanonicalLoop {
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Index = nullptr;
  const clang::Expr *Lower = nullptr;
  const clang::Expr *Upper = nullptr;
};

/// Matches `for (T i = L; i < U; ++i | i++ | i += 1)` with integral T;
/// any other header is an error that says what form is expected.
llvm::Expected<CanonicalLoop> matchCanonicalLoop(const clang::ForStmt &Loop);

} // namespace ownmap

#endif
