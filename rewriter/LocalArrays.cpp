//===- LocalArrays.cpp - arrays local to a kernel that one loop holds -----===//
#include "LocalArrays.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ownmap {

/// A reference to V in S outside Loop, or null.
static const DeclRefExpr *useOutside(const Stmt *S, const VarDecl &V,
                                     const ForStmt &Loop) {
  if (!S || S == &Loop)
    return nullptr;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == &V)
    return Ref;
  for (const Stmt *Child : S->children())
    if (const DeclRefExpr *Ref = useOutside(Child, V, Loop))
      return Ref;
  return nullptr;
}

/// The innermost loop of S around Loop, or null; Found tells whether S
/// holds Loop.
static const Stmt *loopAround(const Stmt *S, const ForStmt &Loop,
                              bool &Found) {
  if (!S)
    return nullptr;
  if (S == &Loop) {
    Found = true;
    return nullptr;
  }
  for (const Stmt *Child : S->children()) {
    const Stmt *Inner = loopAround(Child, Loop, Found);
    if (Found)
      return Inner ? Inner
                   : (isa<ForStmt, WhileStmt, DoStmt>(S) ? S : nullptr);
  }
  return nullptr;
}

std::optional<std::string> whyLocalArrayCrosses(const VarDecl &Array,
                                                const ForStmt &Loop,
                                                const Stmt &KernelBody) {
  const SourceManager &SM = Array.getASTContext().getSourceManager();
  auto Line = [&](SourceLocation Loc) {
    return std::to_string(SM.getExpansionLineNumber(Loc));
  };
  if (Array.getInit())
    return "is initialised where it is declared";
  if (const DeclRefExpr *Use = useOutside(&KernelBody, Array, Loop))
    return "is used outside the loop, at line " + Line(Use->getLocation());
  bool Found = false;
  const Stmt *Around = loopAround(&KernelBody, Loop, Found);
  // An array declared in that loop's body is a new one in each iteration.
  if (Around && !SM.isPointWithin(Array.getLocation(), Around->getBeginLoc(),
                                  Around->getEndLoc()))
    return "keeps its values from one iteration of the loop at line " +
           Line(Around->getBeginLoc()) + " to the next";
  return std::nullopt;
}

} // namespace ownmap
