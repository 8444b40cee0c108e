//===- TimeLoop.h - host loops around offloaded loops --------------------===//
//
// A host loop (a time loop: a `for`, `while` or `do` statement of a block
// whose body has offloaded loops as statements, or whose body is such a
// loop alone, as in `for (r) for (q) { ... }`) gets a data region around
// it, so that its arrays cross once in and once out, not on every step.
// The host statements of its body between those loops (a boundary
// condition, a halo exchange, one cell read for a residual) are runs that
// get `target update` of the cells they touch, like the host code between
// the loops of a region within one block. Host code where no update can go
// is opaque: the loop's header, a statement that holds an offloaded loop
// or jumps to the loop's next step or out of it, and a run that does not
// start its line or is followed by something that does not (no update line
// can go there). The region keeps no array that opaque code reaches. A
// `return` in the loop leaves the region with `break` (LoopReturns.h). No
// region goes around a loop that jumps out of itself otherwise (goto, a
// return under an inner loop or switch), moves a mapped pointer other than
// by exchanging buffers (PointerExchange.h), or calls a function of the
// program (which may reach an array through a global alias).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_TIMELOOP_H
#define OWNMAP_REWRITER_TIMELOOP_H

#include "DataRegion.h"
#include "LoopReturns.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"
#include <vector>

namespace ownmap {

/// A time loop and the offloaded loops of its body.
struct TimeLoop {
  const clang::Stmt *Loop = nullptr;
  /// Loops[First..Last] are the offloaded loops in its body.
  size_t First = 0, Last = 0;
  /// The runs of host statements of its body, in order.
  std::vector<HostRun> Runs;
  /// Host code that no update can surround.
  std::vector<const clang::Stmt *> Opaque;
  /// Variables declared in it: not in scope where the region starts.
  std::vector<const clang::VarDecl *> Declared;
  /// Its returns, which leave the region with `break`.
  std::vector<LoopReturn> Returns;
  /// Pointers the loops map that its body exchanges (PointerExchange.h).
  std::vector<const clang::VarDecl *> Exchanged;
  /// Host code the region's updates ignore: the returned values computed
  /// after the region, and the copies that exchange pointers.
  std::vector<const clang::Stmt *> Skipped;
};

/// The time loops around the loops of Loops (a kernel's offloaded loops,
/// in source order, in KernelBody) that a region can go around.
std::vector<TimeLoop> findTimeLoops(llvm::ArrayRef<PlannedLoop> Loops,
                                    const clang::Stmt &KernelBody,
                                    clang::ASTContext &Ctx);

/// True when Outer, around a time loop, contains Inner and keeps every
/// array Inner keeps: Inner adds nothing.
bool addsNothing(const DataRegion &Outer, const DataRegion &Inner);

} // namespace ownmap

#endif
