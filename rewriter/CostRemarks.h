//===- CostRemarks.h - what a kernel call moves beyond its arrays once ----===//
//
// A rewritten kernel call moves each array it maps once in and once out,
// unless the plan gives that up somewhere: a loop stays on the host (its
// iterations depend on each other), host code between offloaded loops
// needs `target update`s, or an array crosses with a loop's launch because
// no data region keeps it. A loop that runs on the device in one thread
// keeps its data there at the price of its parallelism. Each such place is a remark at its line, with
// the reason and the loop whose iterations repeat it, so that a user can
// predict what a call moves (docs/rewriter.md, "What a call moves").
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_COSTREMARKS_H
#define OWNMAP_REWRITER_COSTREMARKS_H

#include "DataRegion.h"
#include "Rules.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace ownmap {

/// A loop of a kernel that stays on the host, and why.
struct HostLoop {
  LoopSite Site;
  std::string Why;
  /// Loops inside it run on the device.
  bool InnerOffloaded;
};

/// One place where a call moves more than its arrays once.
struct CostRemark {
  Rule TheRule;
  clang::SourceLocation Loc;
  std::string Message;
};

/// A remark for each loop of Host (outer loops before the loops in them).
std::vector<CostRemark> hostLoopRemarks(llvm::ArrayRef<HostLoop> Host,
                                        const clang::SourceManager &SM);

/// A remark for each loop of Loops that runs on the device in one thread.
std::vector<CostRemark> serialLoopRemarks(llvm::ArrayRef<PlannedLoop> Loops,
                                          const clang::SourceManager &SM);

/// A host loop whose iterations copy data beyond each array once.
struct CopyingHostLoop {
  const HostLoop *Loop;
  /// Copies more than the data once: a region opened in it or a launch
  /// that copies a section not moving with the loop's variable or growing
  /// with it (not row i in step i), a whole section updated around host
  /// code. Else it only updates elements host code names (`x[i]` written
  /// on the host in step i, beside the region's copy of x).
  bool Bulk;
};

/// The host loops of Host whose iterations copy beyond each array once,
/// each the innermost loop of Host around such a copy.
std::vector<CopyingHostLoop>
copyingHostLoops(llvm::ArrayRef<PlannedLoop> Loops,
                 llvm::ArrayRef<DataRegion> Regions,
                 llvm::ArrayRef<HostLoop> Host, const clang::SourceManager &SM);

/// What a call of a kernel costs beyond its arrays once.
struct CallCosts {
  /// A remark for each copy beyond once in and once out: an update around
  /// host code, a region inside a host loop, and an array a loop maps that
  /// no region keeps while another loop maps it too or a host loop repeats
  /// the launch.
  std::vector<CostRemark> Copies;
  /// What a call moves, as formulas of the kernel's variables: at most so
  /// many bytes each way once, and in every iteration of each host loop
  /// that repeats copies (loops that run zero times move less).
  CostRemark Bytes;
};

CallCosts callCosts(llvm::ArrayRef<PlannedLoop> Loops,
                    llvm::ArrayRef<DataRegion> Regions,
                    llvm::ArrayRef<HostLoop> Host,
                    const clang::FunctionDecl &Kernel,
                    const clang::SourceManager &SM);

} // namespace ownmap

#endif
