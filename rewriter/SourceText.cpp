//===- SourceText.cpp - an expression as the user wrote it ----------------===//
#include "SourceText.h"
#include "clang/Lex/Lexer.h"

namespace ownmap {

std::string sourceText(const clang::Stmt *S, const clang::ASTContext &Ctx) {
  return clang::Lexer::getSourceText(
             clang::CharSourceRange::getTokenRange(S->getSourceRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

std::string freshName(llvm::StringRef Base, unsigned Ordinal,
                      const clang::ASTContext &Ctx) {
  std::string Name = Base.str();
  if (Ordinal > 0)
    Name += "_" + std::to_string(Ordinal + 1);
  while (Ctx.Idents.find(Name) != Ctx.Idents.end())
    Name += "_x";
  return Name;
}

} // namespace ownmap
