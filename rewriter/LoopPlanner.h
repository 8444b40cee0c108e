//===- LoopPlanner.h - how each loop of a kernel runs ----------------------===//
//
// Plans the loops of a kernel one site at a time: a loop whose iterations
// run apart is offloaded (MapInference.h); one that carries a dependence
// stays on the host around the loops inside it that run apart, or runs on
// the device in one thread (SerialLoops.h chooses between the two for the
// whole kernel). Errors in annotations, borrows or sections are the
// kernel's to fix, and refuse it.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_LOOPPLANNER_H
#define OWNMAP_REWRITER_LOOPPLANNER_H

#include "Annotations.h"
#include "CostRemarks.h"
#include "DataRegion.h"
#include "KernelRewrite.h"
#include "MapInference.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <vector>

namespace ownmap {

class LoopPlanner {
public:
  LoopPlanner(const KernelAnnotations &Annotations,
              const clang::SourceManager &SM)
      : Annotations(Annotations), SM(SM) {}

  /// Plans Site's loop, and when it cannot be offloaded, the loops of its
  /// body (see LoopPlanner.cpp): offloaded loops go to Out, loops left on
  /// the host to Host, both in source order.
  llvm::Error planSite(const LoopSite &Site, std::vector<PlannedLoop> &Out,
                       std::vector<HostLoop> &Host) const;
  /// Site's loop run on the device in one thread, when it can and maps an
  /// array.
  std::optional<OffloadPlan> planSerial(const LoopSite &Site) const;

private:
  const KernelAnnotations &Annotations;
  const clang::SourceManager &SM;

  llvm::Expected<OffloadPlan> planLoop(const LoopSite &Site,
                                       Execution Runs) const;
};

/// Plans every loop of Sites (a kernel's outermost loops) with planSite,
/// then chooses between host and serial loops for the whole kernel
/// (SerialLoops.h). Every site's error is returned, joined; the sites that
/// plan go on.
llvm::Error planKernelLoops(const KernelAnnotations &Annotations,
                            llvm::ArrayRef<LoopSite> Sites,
                            clang::ASTContext &Ctx,
                            std::vector<PlannedLoop> &Loops,
                            std::vector<HostLoop> &Host);

} // namespace ownmap

#endif
