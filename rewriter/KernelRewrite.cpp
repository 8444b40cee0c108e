//===- KernelRewrite.cpp - place the offload directive of a kernel loop --===//
#include "KernelRewrite.h"
#include "Diagnostics.h"
#include "HostFallback.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ownmap {

static void collectLoops(const Stmt *S, const Stmt *Parent,
                         std::vector<LoopSite> &Out) {
  if (!S || isa<OMPExecutableDirective>(S))
    return;
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    Out.push_back(LoopSite{For, dyn_cast_or_null<CompoundStmt>(Parent)});
    return;
  }
  // The kernel as written, for a call where the plan's conditions fail.
  if (const auto *If = dyn_cast<IfStmt>(S); If && isDevicePathGuard(*If))
    return collectLoops(If->getThen(), If, Out);
  for (const Stmt *Child : S->children())
    collectLoops(Child, S, Out);
}

std::vector<LoopSite> findOutermostLoops(const Stmt &Body) {
  std::vector<LoopSite> Out;
  for (const Stmt *Child : Body.children())
    collectLoops(Child, &Body, Out);
  return Out;
}

bool containsLoop(const Stmt &Body) {
  if (isa<ForStmt>(Body))
    return true;
  // Neither a directive nor a captured statement lists the statement it
  // applies to among its children.
  if (const auto *D = dyn_cast<OMPExecutableDirective>(&Body))
    return D->hasAssociatedStmt() && containsLoop(*D->getAssociatedStmt());
  if (const auto *C = dyn_cast<CapturedStmt>(&Body))
    return containsLoop(*C->getCapturedStmt());
  return llvm::any_of(Body.children(), [](const Stmt *Child) {
    return Child && containsLoop(*Child);
  });
}

/// The text between the start of Loc's line and Loc.
static llvm::StringRef linePrefix(SourceLocation Loc, const SourceManager &SM) {
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  llvm::StringRef Buffer = SM.getBufferData(File);
  size_t LineStart = Buffer.rfind('\n', Offset);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  return Buffer.slice(LineStart, Offset);
}

llvm::Error checkInsertable(const LoopSite &Site, const SourceManager &SM) {
  SourceLocation For = Site.Loop->getForLoc();
  if (For.isMacroID())
    return sourceError(Rule::Macro, SM.getExpansionLoc(For),
                       "cannot offload: the loop comes from a macro "
                       "expansion; write it out to have it rewritten");
  if (!Site.Block && !Site.WrapInBraces)
    return sourceError(Rule::LoopUnsupported, For,
                       "cannot offload: the loop is not a statement of "
                            "a '{ }' block; add braces around it");
  if (!startsLine(For, SM))
    return sourceError(Rule::LoopUnsupported, For,
                       "cannot offload: the loop does not start its "
                            "line; put 'for' on a line of its own");
  return llvm::Error::success();
}

bool startsLine(SourceLocation Loc, const SourceManager &SM) {
  return linePrefix(Loc, SM).ltrim(" \t").empty();
}

tooling::Replacement insertLinesBefore(SourceLocation Begin,
                                       llvm::ArrayRef<std::string> Lines,
                                       const SourceManager &SM) {
  llvm::StringRef Indent = linePrefix(Begin, SM);
  SourceLocation LineStart = Begin.getLocWithOffset(-(int)Indent.size());
  std::string Text;
  for (const std::string &Line : Lines)
    Text += (Indent + Line + "\n").str();
  return tooling::Replacement(SM, LineStart, 0, Text);
}

llvm::Expected<tooling::Replacement>
insertLineAfter(const Stmt &S, llvm::StringRef Line, SourceLocation IndentOf,
                const SourceManager &SM, const LangOptions &LangOpts) {
  return insertLineAfterToken(S.getEndLoc(), Line, IndentOf, SM, LangOpts);
}

llvm::Expected<tooling::Replacement>
insertLineAfterToken(SourceLocation Last, llvm::StringRef Line,
                     SourceLocation IndentOf, const SourceManager &SM,
                     const LangOptions &LangOpts) {
  SourceLocation End = Lexer::getLocForEndOfToken(Last, 0, SM, LangOpts);
  if (End.isInvalid() || End.isMacroID())
    return sourceError(Rule::RewritePlacement, Last, "cannot find the end of the statement");
  auto [File, Offset] = SM.getDecomposedLoc(End);
  llvm::StringRef Rest = SM.getBufferData(File).substr(Offset);
  size_t LineEnd = Rest.find('\n');
  llvm::StringRef Tail = Rest.substr(0, LineEnd).trim(" \t\r");
  if (Tail.consume_front(";"))
    Tail = Tail.ltrim(" \t");
  if (!Tail.empty() && !Tail.starts_with("//"))
    return sourceError(Rule::RewritePlacement, End, "code follows the statement on its line");
  // Inserted at the end of S's last line (not at the start of the next), so
  // that the new line belongs to S's line (see LineDirectives.h) and an
  // insertion before the next line stays a separate edit.
  if (LineEnd == llvm::StringRef::npos)
    LineEnd = Rest.size();
  return tooling::Replacement(SM, End.getLocWithOffset(LineEnd), 0,
                              ("\n" + linePrefix(IndentOf, SM) + Line).str());
}

llvm::Expected<BodyTop> declareAtBodyTop(const ForStmt &Loop,
                                         llvm::StringRef Declarations,
                                         const SourceManager &SM,
                                         const LangOptions &LangOpts) {
  const Stmt *Body = Loop.getBody();
  const auto *Block = dyn_cast<CompoundStmt>(Body);
  SourceLocation At = Block ? Block->getLBracLoc() : Body->getBeginLoc();
  if (At.isMacroID())
    return sourceError(Rule::RewritePlacement, SM.getExpansionLoc(At),
                       "cannot declare the loop's views at the top of its "
                       "body: the body comes from a macro expansion; write "
                       "it out");
  if (!Block)
    return BodyTop{tooling::Replacement(SM, At, 0,
                                        ("{ " + Declarations + " ").str()),
                   /*NeedsClosingBrace=*/true};
  SourceLocation First =
      Block->body_empty() ? SourceLocation() : Block->body_front()->getBeginLoc();
  if (First.isFileID() && startsLine(First, SM)) {
    auto Line = insertLineAfterToken(At, Declarations, First, SM, LangOpts);
    if (Line)
      return BodyTop{*Line, /*NeedsClosingBrace=*/false};
    llvm::consumeError(Line.takeError());
  }
  return BodyTop{tooling::Replacement(SM, At.getLocWithOffset(1), 0,
                                      (" " + Declarations).str()),
                 /*NeedsClosingBrace=*/false};
}

bool canInsertLineAfter(const Stmt &S, const SourceManager &SM,
                        const LangOptions &LangOpts) {
  auto Edit = insertLineAfter(S, "", S.getBeginLoc(), SM, LangOpts);
  if (Edit)
    return true;
  llvm::consumeError(Edit.takeError());
  return false;
}

const VarDecl *
kernelVariableNamed(const FunctionDecl &Kernel, llvm::StringRef Name,
                    const llvm::SmallPtrSetImpl<const VarDecl *> *Skip) {
  auto Named = [&](const VarDecl *V) {
    return V->getName() == Name && !(Skip && Skip->count(V));
  };
  for (const ParmVarDecl *P : Kernel.parameters())
    if (Named(P))
      return P;
  llvm::SmallVector<const Stmt *, 32> Work{Kernel.getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && Named(V))
          return V;
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  return nullptr;
}

} // namespace ownmap
