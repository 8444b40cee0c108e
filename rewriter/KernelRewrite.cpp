//===- KernelRewrite.cpp - place the offload directive of a kernel loop --===//
#include "KernelRewrite.h"
#include "Diagnostics.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace ownmap {

static void collectLoops(const Stmt *S, const Stmt *Parent,
                         std::vector<LoopSite> &Out) {
  if (!S || isa<OMPExecutableDirective>(S))
    return;
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    Out.push_back(LoopSite{For, isa_and_nonnull<CompoundStmt>(Parent)});
    return;
  }
  for (const Stmt *Child : S->children())
    collectLoops(Child, S, Out);
}

std::vector<LoopSite> findOutermostLoops(const Stmt &Body) {
  std::vector<LoopSite> Out;
  for (const Stmt *Child : Body.children())
    collectLoops(Child, &Body, Out);
  return Out;
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
    return sourceError(SM.getExpansionLoc(For),
                       "cannot offload: the loop comes from a macro "
                       "expansion; write it out to have it rewritten");
  if (!Site.InBlock)
    return sourceError(For, "cannot offload: the loop is not a statement of "
                            "a '{ }' block; add braces around it");
  if (!linePrefix(For, SM).ltrim(" \t").empty())
    return sourceError(For, "cannot offload: the loop does not start its "
                            "line; put 'for' on a line of its own");
  return llvm::Error::success();
}

tooling::Replacement insertDirective(const LoopSite &Site,
                                     llvm::StringRef Directive,
                                     const SourceManager &SM) {
  SourceLocation For = Site.Loop->getForLoc();
  llvm::StringRef Indent = linePrefix(For, SM);
  SourceLocation LineStart = For.getLocWithOffset(-(int)Indent.size());
  return tooling::Replacement(SM, LineStart, 0,
                              (Indent + Directive + "\n").str());
}

} // namespace ownmap
