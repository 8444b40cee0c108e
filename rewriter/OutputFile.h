//===- OutputFile.h - write output files so that none is ever lost -------===//
//
// Every file ownmap-rewrite writes (-o, -i, --out-dir, --report, standard
// output) goes through writeOutputFiles, by the rules the runtime's run
// report follows (rtl/output.h, docs/reports.md): a regular file, or a path
// that does not exist yet, is written to a temporary file next to it,
// flushed, fsync'ed and renamed over it only when everything was written,
// so that a failure leaves the old file as it was; a symbolic link is
// followed and what it points to is replaced; a FIFO, a device or a file of
// a kernel pseudo-filesystem (/proc, /sys) is written straight into, never
// replaced.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_OUTPUTFILE_H
#define OWNMAP_REWRITER_OUTPUTFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace ownmap {

/// One file to write, whole. Path "-" is standard output.
struct OutputText {
  std::string Path;
  std::string Text;
};

/// Writes every file. All the temporary files are written before the first
/// target is replaced, so that a full disk or an unwritable directory
/// changes none of them (with -i, none of the sources). The error names the
/// file and says why and what became of it, e.g. "cannot write out.c: No
/// space left on device; out.c was not changed".
llvm::Error writeOutputFiles(llvm::ArrayRef<OutputText> Files);

} // namespace ownmap

#endif
