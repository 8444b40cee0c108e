//===- Facts.h - tell the plugin which sections a kernel only reads ------===//
//
// The rewriter rejects every write through an OM_IN parameter, so a loop's
// kernel only reads the OM_IN sections it maps `to`. libownmap-plugin.so,
// which keeps device copies resident across target regions, cannot know
// that: for a section mapped `to` only it keeps a device snapshot, to throw
// away device writes as the program expects. So the rewritten code states
// the fact right before the loop's directive (ownmap.h):
//   ownmap_kernel_reads_only(x + 1, (n - 2) * sizeof *x);
// and withdraws it after the loop, in case the kernel never reached the
// runtime (a translation unit built without offload targets):
//   ownmap_kernel_facts_done();
// Without the plugin both do nothing.
//
// Sections that a `target data` region around the loop keeps get no fact:
// the program maps them there, and the plugin leaves mapped data to the
// runtime, which then copies nothing for the loop. Nor does a loop after
// which no line can be inserted (code follows it on its last line).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_FACTS_H
#define OWNMAP_REWRITER_FACTS_H

#include "DataRegion.h"
#include "clang/AST/ASTContext.h"
#include <string>
#include <vector>

namespace ownmap {

/// The statements that state Loop's facts, one per OM_IN section it maps
/// `to` that Region (the data region around it, or null) does not keep.
std::vector<std::string> readsOnlyFacts(const PlannedLoop &Loop,
                                        const DataRegion *Region,
                                        clang::ASTContext &Ctx);

/// The statement after the loop that withdraws its facts.
llvm::StringRef factsDone();

} // namespace ownmap

#endif
