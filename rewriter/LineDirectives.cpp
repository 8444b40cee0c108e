//===- LineDirectives.cpp - keep rewritten lines at their original place -===//
#include "LineDirectives.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <utility>

using namespace clang;

namespace ownmap {

/// Name as the body of a C string literal.
static std::string escapeFileName(llvm::StringRef Name) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (unsigned char C : Name) {
    if (C == '\\' || C == '"')
      OS << '\\' << C;
    else if (isPrintable(C))
      OS << C;
    else
      OS << '\\' << llvm::format("%03o", C);
  }
  return Out;
}

std::string lineDirective(SourceLocation Loc, const SourceManager &SM,
                          bool WithFile) {
  PresumedLoc P = SM.getPresumedLoc(Loc);
  std::string Directive = "#line " + std::to_string(P.getLine());
  if (WithFile)
    Directive += " \"" + escapeFileName(P.getFilename()) + "\"";
  return Directive;
}

/// True when the first line of Buffer is `#line ...` or a linemarker
/// `# N "file"`.
static bool startsWithLineDirective(llvm::StringRef Buffer) {
  llvm::StringRef First = Buffer.substr(0, Buffer.find('\n')).ltrim(" \t");
  if (!First.consume_front("#"))
    return false;
  First = First.ltrim(" \t");
  return First.starts_with("line") || (!First.empty() && isDigit(First[0]));
}

llvm::Expected<tooling::Replacements>
addLineDirectives(const tooling::Replacements &Edits, const SourceManager &SM,
                  FileID File) {
  SourceLocation Start = SM.getLocForStartOfFile(File);
  std::string Top = startsWithLineDirective(SM.getBufferData(File))
                        ? ""
                        : lineDirective(Start, SM, true) + "\n";
  tooling::Replacements Out;
  llvm::StringRef Buffer = SM.getBufferData(File);
  for (const tooling::Replacement &R : Edits) {
    if (R.getLength() != 0) {
      // Text replaced within a line (a struct field's use by its local)
      // moves no line.
      if (Buffer.substr(R.getOffset(), R.getLength()).contains('\n') ||
          R.getReplacementText().contains('\n'))
        return llvm::createStringError(
            "cannot add line directives to an edit that replaces lines");
      if (auto E = Out.add(R))
        return std::move(E);
      continue;
    }
    // The text before the insertion point is in the file the point is in,
    // so only the line needs saying.
    SourceLocation At = Start.getLocWithOffset(R.getOffset());
    std::string Directive = lineDirective(At, SM, false);
    std::string Text;
    if (R.getOffset() == 0)
      Text = std::exchange(Top, "");
    // From a line of its own that is a `#line` directive on, the inserted
    // text numbers its lines itself (a copy of the user's code).
    llvm::StringRef Inserted = R.getReplacementText();
    bool Numbered = false;
    for (size_t K = 0; K < Inserted.size(); ++K) {
      Text += Inserted[K];
      if (Inserted[K] != '\n')
        continue;
      Numbered |= Inserted.substr(K + 1).starts_with("#line ");
      if (!Numbered)
        Text += Directive + "\n";
    }
    if (auto E = Out.add(tooling::Replacement(SM, At, 0, Text)))
      return std::move(E);
  }
  if (!Top.empty())
    if (auto E = Out.add(tooling::Replacement(SM, Start, 0, Top)))
      return std::move(E);
  return Out;
}

} // namespace ownmap
