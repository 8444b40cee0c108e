//===- Report.h - the text report of offloaded loops ---------------------===//
#ifndef OWNMAP_REWRITER_REPORT_H
#define OWNMAP_REWRITER_REPORT_H

#include "DataRegion.h"
#include "MapInference.h"
#include "clang/Basic/SourceManager.h"
#include <string>

namespace ownmap {

/// One block of the --report file: the loop, its directive and, per
/// variable, the map, the annotation, the first read and write, and why.
std::string formatLoopReport(const OffloadPlan &Plan,
                             const clang::FunctionDecl &Kernel,
                             const clang::SourceManager &SM);

/// One block of the --report file for a data region: its directive, the
/// arrays it keeps on the device and why, and its target updates.
std::string formatRegionReport(const DataRegion &Region,
                               llvm::ArrayRef<PlannedLoop> Loops,
                               const clang::FunctionDecl &Kernel,
                               const clang::SourceManager &SM);

} // namespace ownmap

#endif
