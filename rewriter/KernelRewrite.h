//===- KernelRewrite.h - place the offload directive of a kernel loop ----===//
#ifndef OWNMAP_REWRITER_KERNELREWRITE_H
#define OWNMAP_REWRITER_KERNELREWRITE_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace ownmap {

/// An outermost `for` loop of a kernel body.
struct LoopSite {
  const clang::ForStmt *Loop = nullptr;
  /// The `{ }` block the loop is a statement of (where a directive may go),
  /// or null.
  const clang::CompoundStmt *Block = nullptr;
  /// The loop is the whole body of another loop, without braces
  /// (`for (..) for (..)`): the rewrite puts braces around it and what
  /// goes before it.
  bool WrapInBraces = false;
};

/// The outermost `for` loops of Body, in source order. Loops under an
/// OpenMP directive are left out: they are already offloaded (or managed by
/// hand), which makes a second rewrite change nothing.
std::vector<LoopSite> findOutermostLoops(const clang::Stmt &Body);

/// True when Body has a `for` loop anywhere, under a directive or not.
bool containsLoop(const clang::Stmt &Body);

/// Fails when a directive cannot be inserted on a line of its own before
/// the loop: the loop comes from a macro, is not a statement of a block, or
/// shares its line with code before it.
llvm::Error checkInsertable(const LoopSite &Site,
                            const clang::SourceManager &SM);

/// True when only blanks precede Loc on its line.
bool startsLine(clang::SourceLocation Loc, const clang::SourceManager &SM);

/// Inserts Lines, each on a line of its own with Begin's indentation, before
/// the line that Begin starts (see startsLine).
clang::tooling::Replacement
insertLinesBefore(clang::SourceLocation Begin,
                  llvm::ArrayRef<std::string> Lines,
                  const clang::SourceManager &SM);

/// Inserts Line, with the indentation of IndentOf, on a line of its own
/// after the line on which S ends. Fails when code other than a `;` or a
/// `//` comment follows S there.
llvm::Expected<clang::tooling::Replacement>
insertLineAfter(const clang::Stmt &S, llvm::StringRef Line,
                clang::SourceLocation IndentOf, const clang::SourceManager &SM,
                const clang::LangOptions &LangOpts);

/// insertLineAfter for the statement or declaration whose last token
/// (its `;`, or what precedes one) is at Last.
llvm::Expected<clang::tooling::Replacement>
insertLineAfterToken(clang::SourceLocation Last, llvm::StringRef Line,
                     clang::SourceLocation IndentOf,
                     const clang::SourceManager &SM,
                     const clang::LangOptions &LangOpts);

/// The edit that puts Declarations at the top of Loop's body: on a line
/// of their own after its `{` when its statements start their lines, else
/// right after the `{`; a body that is not a `{ }` block becomes one, and
/// its closing brace must go on a line after the loop (insertLineAfter).
struct BodyTop {
  clang::tooling::Replacement Opening;
  bool NeedsClosingBrace = false;
};
llvm::Expected<BodyTop> declareAtBodyTop(const clang::ForStmt &Loop,
                                         llvm::StringRef Declarations,
                                         const clang::SourceManager &SM,
                                         const clang::LangOptions &LangOpts);

/// True when insertLineAfter can insert a line after S.
bool canInsertLineAfter(const clang::Stmt &S, const clang::SourceManager &SM,
                        const clang::LangOptions &LangOpts);

/// A parameter or local of Kernel called Name, other than those in Skip:
/// a name the rewrite may not give a variable of its own, nor use for a
/// global of that name.
const clang::VarDecl *
kernelVariableNamed(const clang::FunctionDecl &Kernel, llvm::StringRef Name,
                    const llvm::SmallPtrSetImpl<const clang::VarDecl *> *Skip =
                        nullptr);

} // namespace ownmap

#endif
