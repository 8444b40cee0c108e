//===- KernelRewrite.h - place the offload directive of a kernel loop ----===//
#ifndef OWNMAP_REWRITER_KERNELREWRITE_H
#define OWNMAP_REWRITER_KERNELREWRITE_H

#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace ownmap {

/// An outermost `for` loop of a kernel body.
struct LoopSite {
  const clang::ForStmt *Loop = nullptr;
  /// The loop is a statement of a `{ }` block, where a directive may go.
  bool InBlock = false;
};

/// The outermost `for` loops of Body, in source order. Loops under an
/// OpenMP directive are left out: they are already offloaded (or managed by
/// hand), which makes a second rewrite change nothing.
std::vector<LoopSite> findOutermostLoops(const clang::Stmt &Body);

/// Fails when a directive cannot be inserted on a line of its own before
/// the loop: the loop comes from a macro, is not a statement of a block, or
/// shares its line with code before it.
llvm::Error checkInsertable(const LoopSite &Site,
                            const clang::SourceManager &SM);

/// Inserts `Directive` on its own line before a loop that passed
/// checkInsertable, with the loop's indentation.
clang::tooling::Replacement insertDirective(const LoopSite &Site,
                                            llvm::StringRef Directive,
                                            const clang::SourceManager &SM);

} // namespace ownmap

#endif
