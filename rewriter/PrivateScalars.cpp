//===- PrivateScalars.cpp - scalars each iteration of a loop writes first -===//
#include "PrivateScalars.h"
#include "ChangedVariables.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ownmap {
namespace {

enum class FirstUse { None, Write, Read };

/// `V = e` with e not naming V.
bool isPlainAssignment(const Stmt *S, const VarDecl &V) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return false;
  const auto *Assign = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (!Assign || Assign->getOpcode() != BO_Assign)
    return false;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == &V && !mentionsVariable(Assign->getRHS(), V);
}

/// What S does to V first when it runs.
FirstUse firstUse(const Stmt *S, const VarDecl &V) {
  if (!mentionsVariable(S, V))
    return FirstUse::None;
  if (isPlainAssignment(S, V))
    return FirstUse::Write;
  if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : Block->body())
      if (FirstUse U = firstUse(Child, V); U != FirstUse::None)
        return U;
    return FirstUse::None;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (mentionsVariable(If->getInit(), V) ||
        mentionsVariable(If->getCond(), V))
      return FirstUse::Read;
    FirstUse Then = firstUse(If->getThen(), V);
    FirstUse Else = firstUse(If->getElse(), V);
    return Then == FirstUse::Write && Else == FirstUse::Write ? FirstUse::Write
                                                              : FirstUse::Read;
  }
  return FirstUse::Read;
}

/// True when every mention of V in S outside Loop writes it without
/// reading it, or lies in a for loop whose iterations write it first.
bool onlyWrittenFirstOutside(const Stmt *S, const VarDecl &V,
                             const ForStmt &Loop) {
  if (!S || S == &Loop || !mentionsVariable(S, V))
    return true;
  if (isPlainAssignment(S, V))
    return true;
  if (const auto *For = dyn_cast<ForStmt>(S);
      For && !mentionsVariable(For->getInit(), V) &&
      !mentionsVariable(For->getCond(), V) &&
      !mentionsVariable(For->getInc(), V) &&
      firstUse(For->getBody(), V) == FirstUse::Write)
    return true; // what it reads, its iteration wrote

  if (isa<CompoundStmt, ForStmt, IfStmt, WhileStmt, DoStmt>(S)) {
    for (const Stmt *Child : S->children())
      if (!onlyWrittenFirstOutside(Child, V, Loop))
        return false;
    return true;
  }
  return false;
}

} // namespace

bool isPrivateToIterations(const VarDecl &V, const ForStmt &Loop,
                           const Stmt &KernelBody) {
  return !V.getType()->isReferenceType() &&
         firstUse(Loop.getBody(), V) == FirstUse::Write &&
         onlyWrittenFirstOutside(&KernelBody, V, Loop);
}

} // namespace ownmap
