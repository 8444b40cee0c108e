//===- LoopAccess.h - what an offload candidate loop reads and writes -----===//
//
// Walks one canonical loop (its bounds and body) in evaluation order and
// records, for every variable declared outside the loop, each read and write:
// element accesses `p[e]` / `*p` for pointers, whole-variable accesses for
// scalars. Uses it cannot describe that way (pointer arithmetic, a pointer
// passed to a call, an address taken, jumps out of the loop, globals,
// aggregates) are errors: the loop must not be offloaded on a guess.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_LOOPACCESS_H
#define OWNMAP_REWRITER_LOOPACCESS_H

#include "CanonicalLoop.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace ownmap {

enum class AccessKind {
  Read,
  Write,
  /// `s += e` / `s = s + e` (Sum) or `s *= e` / `s = s * e` (Product) on a
  /// scalar whose update expression e does not mention s.
  SumUpdate,
  ProductUpdate,
};

/// One access, in evaluation order within an iteration.
struct Access {
  AccessKind Kind;
  /// The accessing expression: `p[e]` or `*p` for pointers, the reference to
  /// the variable for scalars.
  const clang::Expr *Site;
  /// For element accesses: the subscript, or null for `*p`.
  const clang::Expr *Index = nullptr;
};

/// Everything one outer variable undergoes in the loop.
struct VariableAccesses {
  const clang::VarDecl *Var = nullptr;
  std::vector<Access> Accesses;

  bool isPointer() const { return Var->getType()->isPointerType(); }
};

/// Outer variables the loop uses, ordered by declaration.
struct LoopAccesses {
  std::vector<VariableAccesses> Variables;
};

llvm::Expected<LoopAccesses> collectLoopAccesses(const CanonicalLoop &Loop);

} // namespace ownmap

#endif
