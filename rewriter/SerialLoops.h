//===- SerialLoops.h - loops that run on the device in one thread ---------===//
//
// A loop whose iterations depend on each other stays on the host, around
// the loops inside it that run apart, or runs on the device in one thread
// (MapInference.h, Execution::Serial), which keeps its data there at the
// price of its parallelism. The planner (OwnmapAction) offloads what runs
// apart first; these rules then choose between the two:
// - a host loop whose iterations copy more than the data once (the same
//   or growing sections at a region or launch inside it, updates of whole
//   sections around its host code) runs in one thread instead,
//   innermost first, when it can: its arrays then cross once;
// - so does one whose host code updates elements it names (`x[i] = w`
//   beside the region's copy of x), when each of its loops that runs apart
//   is a single loop (no loop inside: one team takes a step's work) and
//   goes to the team's threads in the one thread's plan: the elements then
//   cross with their arrays, and the loops launch once;
// - a kernel none of whose loops runs apart (every offloaded loop serial,
//   with no inner loop on a team's threads) gains nothing from the device:
//   its loops stay on the host.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_SERIALLOOPS_H
#define OWNMAP_REWRITER_SERIALLOOPS_H

#include "CostRemarks.h"
#include "DataRegion.h"
#include "PointerOrigins.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <vector>

namespace ownmap {

/// Plans a loop to run on the device in one thread, or says it cannot.
using SerialPlanner =
    llvm::function_ref<std::optional<OffloadPlan>(const LoopSite &)>;

/// Replaces each host loop of Host whose iterations copy arrays by
/// its serial plan (see above). Loops and Host stay in source order.
void runCopyingHostLoopsSerially(std::vector<PlannedLoop> &Loops,
                                 std::vector<HostLoop> &Host,
                                 SerialPlanner PlanSerial,
                                 const clang::Stmt &KernelBody,
                                 const PointerOrigins &Origins,
                                 llvm::ArrayRef<Polynomial> Stated,
                                 clang::ASTContext &Ctx);

/// Moves every loop of Loops to Host when none runs apart (see above).
void keepLoneSerialLoopsOnHost(std::vector<PlannedLoop> &Loops,
                               std::vector<HostLoop> &Host);

} // namespace ownmap

#endif
