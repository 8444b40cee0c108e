//===- LineDirectives.h - keep rewritten lines at their original place ---===//
//
// The rewritten file is compiled instead of the original, so without help
// every location clang records for it (diagnostics, map names, ident_t
// source locations, debug line tables) names the rewritten file and lines
// shifted by the inserted ones. `#line` directives put them back: the
// original text keeps its file and line, and an inserted line takes the
// line its insertion point lies on, e.g. a directive inserted before a loop
// takes the loop's line, so that map names point at the user's loop.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_LINEDIRECTIVES_H
#define OWNMAP_REWRITER_LINEDIRECTIVES_H

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

namespace ownmap {

/// `#line N "file"` naming the presumed location of Loc; without the file
/// name (which stays as it is) unless WithFile.
std::string lineDirective(clang::SourceLocation Loc,
                          const clang::SourceManager &SM, bool WithFile);

/// Edits (insertions into File) extended with `#line` directives: one with
/// the file name at the top (unless File starts with a line directive of
/// its own, as the tool's output does, so that a second rewrite changes
/// nothing) and `#line N` after every line break an insertion adds, giving
/// the next line the presumed line N of the insertion point, up to a line
/// of the insertion that is a `#line` directive itself: from there on the
/// insertion numbers its own lines. Fails on an edit that removes text.
llvm::Expected<clang::tooling::Replacements>
addLineDirectives(const clang::tooling::Replacements &Edits,
                  const clang::SourceManager &SM, clang::FileID File);

} // namespace ownmap

#endif
