//===- FileRunner.h - run the ownmap action over many inputs at once ------===//
//
// Each input is independent: its own ClangTool (with its own working
// directory), its own results and its own diagnostics, kept in a buffer and
// printed whole when the input is done, so that the messages of files
// processed at the same time never interleave. Results are merged in input
// order, so the output does not depend on the number of jobs.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_FILERUNNER_H
#define OWNMAP_REWRITER_FILERUNNER_H

#include "OwnmapAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace ownmap {

struct RunSettings {
  RewriteOptions Options;
  /// Flags every compile command gets.
  clang::tooling::ArgumentsAdjuster Flags;
  /// Inputs processed at a time; 0: one per core.
  unsigned Jobs = 0;
  /// Print "[k/N] rewriting FILE" (or "auditing") before each input's
  /// diagnostics.
  bool Progress = false;
};

struct RunOutcome {
  RewriteResults Results;
  /// Inputs that did not compile or had errors, in input order.
  std::vector<std::string> Failed;
};

/// Runs the ownmap action over Inputs, printing each input's diagnostics to
/// Messages as one block when it is done.
RunOutcome runOnFiles(const clang::tooling::CompilationDatabase &Compilations,
                      llvm::ArrayRef<std::string> Inputs,
                      const RunSettings &Settings, llvm::raw_ostream &Messages);

/// The calls each of Files makes to functions with external linkage that
/// it does not define (CallerIndex.h), for an audit of several files: each
/// file parsed once more, its diagnostics dropped (the audit reports them).
CallerIndex indexCallers(const clang::tooling::CompilationDatabase &Compilations,
                         llvm::ArrayRef<std::string> Files,
                         const RunSettings &Settings);

} // namespace ownmap

#endif
