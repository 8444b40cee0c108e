//===- Diagnostics.cpp - ownmap-rewrite errors as clang diagnostics -------===//
#include "Diagnostics.h"

using namespace clang;

namespace ownmap {

char SourceError::ID = 0;

llvm::Error sourceError(Rule R, SourceLocation Loc, const llvm::Twine &Message,
                        FindingDetails Details, SourceLocation NoteLoc,
                        const llvm::Twine &Note) {
  auto E = std::make_unique<SourceError>(R, Loc, Message.str());
  E->Details = std::move(Details);
  E->NoteLoc = NoteLoc;
  E->Note = Note.str();
  return llvm::Error(std::move(E));
}

llvm::Error sourceError(Rule R, SourceLocation Loc, const llvm::Twine &Message,
                        SourceLocation NoteLoc, const llvm::Twine &Note) {
  return sourceError(R, Loc, Message, FindingDetails(), NoteLoc, Note);
}

llvm::Error withPrefix(llvm::Error E, llvm::StringRef Prefix) {
  return llvm::handleErrors(
      std::move(E), [&](std::unique_ptr<SourceError> S) -> llvm::Error {
        S->Message = (Prefix + S->Message).str();
        return llvm::Error(std::move(S));
      });
}

static void emit(DiagnosticsEngine &Diags, DiagnosticsEngine::Level Level,
                 SourceLocation Loc, llvm::StringRef Message) {
  // One custom ID per level; "%0" keeps the message text verbatim.
  unsigned ID = Diags.getCustomDiagID(Level, "%0");
  Diags.Report(Loc, ID) << Message;
}

void reportErrors(llvm::Error E, DiagnosticsEngine &Diags) {
  llvm::handleAllErrors(
      std::move(E),
      [&](const SourceError &SE) {
        emit(Diags, DiagnosticsEngine::Error, SE.Loc, SE.Message);
        if (SE.NoteLoc.isValid())
          emit(Diags, DiagnosticsEngine::Note, SE.NoteLoc, SE.Note);
      },
      [&](const llvm::ErrorInfoBase &Other) {
        emit(Diags, DiagnosticsEngine::Error, SourceLocation(),
             Other.message());
      });
}

void reportWarning(SourceLocation Loc, const llvm::Twine &Message,
                   DiagnosticsEngine &Diags, SourceLocation NoteLoc,
                   const llvm::Twine &Note) {
  emit(Diags, DiagnosticsEngine::Warning, Loc, Message.str());
  if (NoteLoc.isValid())
    emit(Diags, DiagnosticsEngine::Note, NoteLoc, Note.str());
}

void reportRemark(SourceLocation Loc, const llvm::Twine &Message,
                DiagnosticsEngine &Diags) {
  emit(Diags, DiagnosticsEngine::Remark, Loc, Message.str());
}

} // namespace ownmap
