//===- LoopReturns.h - leave a time loop's data region instead of returning ===//
//
// A `return` cannot leave a `target data` block, and a region that keeps
// the arrays of a time loop must end (copying them back) before the kernel
// returns. So a `return` of the time loop's body becomes a `break` out of
// the loop, after setting a flag declared before the region; right after
// the region's end the kernel returns when the flag says so. The value is
// computed after the region, when it names nothing the loop declares (the
// region's end has then copied the device's data back, so `u[0]` is the
// device's); else where the return was, into a variable of the kernel's
// return type (host code there that reaches an array keeps that array out
// of the region, like any jump). A `break` leaves the time loop only where
// no inner loop or switch holds the `return`: other returns keep the loop
// without a region around it.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_LOOPRETURNS_H
#define OWNMAP_REWRITER_LOOPRETURNS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace ownmap {

/// A `return` of a time loop's body.
struct LoopReturn {
  const clang::ReturnStmt *Return = nullptr;
  /// True when its value is computed after the region (it names nothing
  /// declared in the loop, so it is in scope there and has the same value).
  bool Deferred = false;
};

/// The returns in Loop, when each can become a `break` out of it (none
/// under an inner loop, switch or statement expression, none written by a
/// macro) and Loop has no goto or label; nullopt otherwise.
std::optional<std::vector<LoopReturn>> loopReturns(const clang::Stmt &Loop,
                                                   clang::ASTContext &Ctx);

/// The code that takes a region's returns out of it.
struct ReturnEdits {
  /// Declarations that go before the region.
  std::vector<std::string> Before;
  /// The returns, each replaced by a `{ ...; break; }` block.
  std::vector<clang::tooling::Replacement> Replacements;
  /// The returns that go after the region's end.
  std::vector<std::string> After;
};

/// The edits for Returns of a time loop of Kernel. Ordinal numbers the
/// time loops of Kernel that return (from 0): each gets its own variables,
/// whose names no identifier of the translation unit has.
llvm::Expected<ReturnEdits> returnEdits(llvm::ArrayRef<LoopReturn> Returns,
                                        const clang::FunctionDecl &Kernel,
                                        unsigned Ordinal,
                                        clang::ASTContext &Ctx);

} // namespace ownmap

#endif
