//===- Diagnostics.h - ownmap-rewrite errors as clang diagnostics ---------===//
//
// Analyses report what they cannot handle as an llvm::Error carrying a source
// location (and optionally a note, e.g. at the annotation involved). The
// action turns those into clang diagnostics, so they print as
// `file:line:col: error: ...` with a caret like any compiler error.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_DIAGNOSTICS_H
#define OWNMAP_REWRITER_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include <string>

namespace ownmap {

/// An error at a source location, with an optional note elsewhere.
class SourceError : public llvm::ErrorInfo<SourceError> {
public:
  static char ID;

  SourceError(clang::SourceLocation Loc, std::string Message)
      : Loc(Loc), Message(std::move(Message)) {}

  clang::SourceLocation Loc;
  std::string Message;
  clang::SourceLocation NoteLoc;
  std::string Note;

  void log(llvm::raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
};

/// An error at Loc; `Note` is attached at NoteLoc when NoteLoc is valid.
llvm::Error sourceError(clang::SourceLocation Loc, const llvm::Twine &Message,
                        clang::SourceLocation NoteLoc = {},
                        const llvm::Twine &Note = "");

/// Emits every SourceError in E through Diags; other errors are emitted
/// without a location. Consumes E.
void reportErrors(llvm::Error E, clang::DiagnosticsEngine &Diags);

/// Emits a warning at Loc through Diags.
void reportWarning(clang::SourceLocation Loc, const llvm::Twine &Message,
                   clang::DiagnosticsEngine &Diags);

} // namespace ownmap

#endif
