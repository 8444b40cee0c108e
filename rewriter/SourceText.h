//===- SourceText.h - an expression as the user wrote it ------------------===//
#ifndef OWNMAP_REWRITER_SOURCETEXT_H
#define OWNMAP_REWRITER_SOURCETEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include <string>

namespace ownmap {

/// The source text of S (its tokens, as written), for messages and edits.
std::string sourceText(const clang::Stmt *S, const clang::ASTContext &Ctx);

} // namespace ownmap

#endif
