//===- NestingDepth.cpp - refuse expressions too deep to analyse ---------===//
#include "NestingDepth.h"
#include "Diagnostics.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

using namespace clang;

namespace ownmap {

llvm::Error checkNestingDepth(const Stmt &Body) {
  struct Item {
    const Stmt *S;
    unsigned Depth;
    const Stmt *Top; // the outermost expression S is part of, if any
  };
  llvm::SmallVector<Item, 64> Work{{&Body, 0, nullptr}};
  while (!Work.empty()) {
    auto [S, Depth, Top] = Work.pop_back_val();
    if (!Top && isa<Expr>(S))
      Top = S;
    if (Depth > MaxNestingDepth)
      return sourceError(Rule::LoopUnsupported, Top->getBeginLoc(),
                         "cannot offload: an expression is nested more than " +
                             std::to_string(MaxNestingDepth) +
                             " levels deep; the rewriter does not analyse it");
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back({Child, Depth + 1, Top});
  }
  return llvm::Error::success();
}

} // namespace ownmap
