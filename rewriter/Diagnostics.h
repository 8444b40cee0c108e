//===- Diagnostics.h - ownmap-rewrite errors as clang diagnostics ---------===//
//
// Analyses report what they cannot handle as an llvm::Error carrying a source
// location, the rule it breaks (chosen right there, never from the wording),
// the facts a report reads as fields (FindingDetails) and optionally a note,
// e.g. at the annotation involved. The action turns those into clang
// diagnostics, so they print as `file:line:col: error: ...` with a caret
// like any compiler error, and into report findings.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_DIAGNOSTICS_H
#define OWNMAP_REWRITER_DIAGNOSTICS_H

#include "Rules.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include <string>

namespace ownmap {

/// What a finding is about, as fields of the JSON and SARIF reports (empty:
/// not applicable).
struct FindingDetails {
  std::string Variable;
  /// The copies concerned: "to_device", "from_device" or "both".
  std::string Direction;
  /// The bytes a narrower map saves per run of the construct, as an
  /// expression of the program's variables ("4 * n").
  std::string Bytes;
  /// The clause or annotation to write instead ("map(to: x[0:n])", "OM_IN").
  std::string Suggestion;
};

/// An error at a source location, with an optional note elsewhere.
class SourceError : public llvm::ErrorInfo<SourceError> {
public:
  static char ID;

  SourceError(Rule R, clang::SourceLocation Loc, std::string Message)
      : TheRule(R), Loc(Loc), Message(std::move(Message)) {}

  Rule TheRule;
  clang::SourceLocation Loc;
  std::string Message;
  FindingDetails Details;
  clang::SourceLocation NoteLoc;
  std::string Note;

  void log(llvm::raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
};

/// An error under rule R at Loc; `Note` is attached at NoteLoc when NoteLoc
/// is valid.
llvm::Error sourceError(Rule R, clang::SourceLocation Loc,
                        const llvm::Twine &Message,
                        clang::SourceLocation NoteLoc = {},
                        const llvm::Twine &Note = "");
/// The same, with the fields a report reads.
llvm::Error sourceError(Rule R, clang::SourceLocation Loc,
                        const llvm::Twine &Message, FindingDetails Details,
                        clang::SourceLocation NoteLoc = {},
                        const llvm::Twine &Note = "");

/// E with Prefix before the message of each SourceError in it: analyses
/// shared by the rewriter and the audit say what the code does, and each
/// caller says what it cannot do ("cannot offload: ", "cannot audit the
/// target construct: ").
llvm::Error withPrefix(llvm::Error E, llvm::StringRef Prefix);

/// Emits every SourceError in E through Diags; other errors are emitted
/// without a location. Consumes E.
void reportErrors(llvm::Error E, clang::DiagnosticsEngine &Diags);

/// Emits a warning at Loc through Diags, and Note at NoteLoc when valid.
void reportWarning(clang::SourceLocation Loc, const llvm::Twine &Message,
                   clang::DiagnosticsEngine &Diags,
                   clang::SourceLocation NoteLoc = {},
                   const llvm::Twine &Note = "");
/// Emits a finding of level note that follows no error or warning: clang
/// prints such a one as `remark:` (a note alone would be dropped).
void reportRemark(clang::SourceLocation Loc, const llvm::Twine &Message,
                clang::DiagnosticsEngine &Diags);

} // namespace ownmap

#endif
