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

} // namespace ownmap
