//===- OwnmapAction.h - run the analyses over each kernel of a file ------===//
#ifndef OWNMAP_REWRITER_OWNMAPACTION_H
#define OWNMAP_REWRITER_OWNMAPACTION_H

#include "CallerIndex.h"
#include "Report.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"
#include <memory>
#include <string>
#include <vector>

namespace ownmap {

/// What the tool found in all its inputs; nothing is written until every
/// input has been processed without error.
struct RewriteResults {
  struct File {
    std::string Path;     // as the compiler opened it
    std::string Original; // its text
    clang::tooling::Replacements Edits;
  };
  std::vector<File> Files; // in processing order, each path once
  Report Findings;         // loops, data regions and findings for --report
  bool HadErrors = false;
};

struct RewriteOptions {
  /// Check the target loop constructs already in the main file (see
  /// Audit.h) instead of planning edits.
  bool Audit = false;
  /// With Audit: the calls made in the other inputs (CallerIndex.h).
  const CallerIndex *Callers = nullptr;
  /// Add `#line` directives that keep the original file's lines (see
  /// LineDirectives.h).
  bool LineDirectives = true;
  /// Report what the rewriter gives up (a loop left on the host, an array
  /// copied more than once a call) as errors, not remarks.
  bool CostErrors = false;
};

/// Creates actions that analyse every OM_KERNEL function defined in the
/// main file, report problems as diagnostics, and add the directives and
/// report blocks of the loops they can offload to Results.
/// With Options.Audit, the actions instead check the map clauses of the
/// target loop constructs already in the main file and report what they
/// find; they plan no edits.
std::unique_ptr<clang::tooling::FrontendActionFactory>
newOwnmapActionFactory(RewriteResults &Results, const RewriteOptions &Options);

} // namespace ownmap

#endif
