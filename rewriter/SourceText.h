//===- SourceText.h - an expression as the user wrote it, names to add ----===//
#ifndef OWNMAP_REWRITER_SOURCETEXT_H
#define OWNMAP_REWRITER_SOURCETEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include <string>

namespace ownmap {

/// The source text of S (its tokens, as written), for messages and edits.
std::string sourceText(const clang::Stmt *S, const clang::ASTContext &Ctx);

/// Base (Base_2 for Ordinal 1, ...), with `_x` added until no identifier
/// of the translation unit has that name: a name the rewrite may declare.
std::string freshName(llvm::StringRef Base, unsigned Ordinal,
                      const clang::ASTContext &Ctx);

} // namespace ownmap

#endif
