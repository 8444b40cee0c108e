//===- HostFallback.cpp - the kernel as written when a condition fails ----===//
#include "HostFallback.h"
#include "LineDirectives.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace ownmap {

/// True when Condition (C text over the kernel's variables) names only
/// parameters of Kernel that its body does not change (not in Changed),
/// and integer types.
static bool holdsForWholeCall(llvm::StringRef Condition,
                              const FunctionDecl &Kernel,
                              const VariableSet &Changed) {
  static const llvm::StringSet<> IntegerTypes = {
      "char", "short", "int", "long", "signed", "unsigned", "size_t"};
  auto InWord = [](char C) { return isAsciiIdentifierContinue(C); };
  llvm::StringRef Rest = Condition;
  while (!Rest.empty()) {
    if (!isAsciiIdentifierStart(Rest.front())) {
      // A number's digits and suffix are one token (`80u`).
      Rest = isDigit(Rest.front()) ? Rest.drop_while(InWord)
                                   : Rest.drop_front();
      continue;
    }
    llvm::StringRef Word = Rest.take_while(InWord);
    Rest = Rest.drop_front(Word.size());
    if (IntegerTypes.contains(Word))
      continue;
    const ParmVarDecl *Param = nullptr;
    for (const ParmVarDecl *P : Kernel.parameters())
      if (P->getName() == Word)
        Param = P;
    if (!Param || !Param->getType()->isIntegerType() || Changed.count(Param))
      return false;
  }
  return true;
}

/// True when S holds a label or a static local.
static bool definesOnce(const Stmt *S) {
  if (!S)
    return false;
  if (isa<LabelStmt>(S))
    return true;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->isStaticLocal())
        return true;
  return llvm::any_of(S->children(), definesOnce);
}

std::optional<BodyCopy> copyOfBody(const FunctionDecl &Kernel) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Kernel.getBody());
  if (!Body || definesOnce(Body))
    return std::nullopt;
  const SourceManager &SM = Kernel.getASTContext().getSourceManager();
  SourceLocation Open = Body->getLBracLoc(), Close = Body->getRBracLoc();
  if (Open.isMacroID() || Close.isMacroID() ||
      SM.getFileID(Open) != SM.getFileID(Close))
    return std::nullopt;
  llvm::StringRef Text = Lexer::getSourceText(
      CharSourceRange::getCharRange(Open.getLocWithOffset(1), Close), SM,
      Kernel.getASTContext().getLangOpts());
  if (Text.contains("\\\n") || Text.contains("\\\r\n"))
    return std::nullopt;
  llvm::StringRef Kept = Text.ltrim("\r\n");
  return BodyCopy{Kept.rtrim("\r\n").str(),
                  Open.getLocWithOffset(1 + Text.size() - Kept.size())};
}

std::string KernelGuard::opening() const {
  std::string All;
  for (const std::string &C : Conditions)
    All += (All.empty() ? "(" : " && (") + C + ")";
  return "if (" + DevicePathFunction.str() + "(\"" + Kernel + "\", " + All +
         ")) {";
}

std::string KernelGuard::closing(llvm::StringRef Indent, bool LineDirectives,
                                 SourceLocation End,
                                 const SourceManager &SM) const {
  if (!LineDirectives)
    return "} else {\n" + Copy.Text + "\n" + Indent.str() + "}";
  return "} else {\n" + lineDirective(Copy.Begin, SM, false) + "\n" +
         Copy.Text + "\n" + lineDirective(End, SM, false) + "\n" +
         Indent.str() + "}";
}

/// `ownmap_check_extents("k", "a", n <= 80);`, which stops the program
/// when the condition fails.
static std::string extentCheck(const FunctionDecl &Kernel,
                               const ExtentCondition &C) {
  return "ownmap_check_extents(\"" + Kernel.getName().str() + "\", \"" +
         C.Var->getName().str() + "\", " + C.Condition + ");";
}

std::optional<KernelGuard>
placeRunTimeConditions(const FunctionDecl &Kernel,
                       llvm::ArrayRef<StatedFact> Facts,
                       std::vector<PlannedLoop> &Loops) {
  std::optional<BodyCopy> Copy = copyOfBody(Kernel);
  KernelGuard Guard{Kernel.getName().str(), {}, Copy.value_or(BodyCopy())};
  for (const StatedFact &Fact : Facts)
    if (Fact.Assumed && Copy)
      Guard.Conditions.push_back(Fact.Text);
  VariableSet Changed = changedVariables(Kernel.getBody());
  for (PlannedLoop &Loop : Loops)
    for (const ExtentCondition &C : Loop.Plan.Extents) {
      if (Copy && holdsForWholeCall(C.Condition, Kernel, Changed)) {
        if (!llvm::is_contained(Guard.Conditions, C.Condition))
          Guard.Conditions.push_back(C.Condition);
        continue;
      }
      std::string Check = extentCheck(Kernel, C);
      if (!llvm::is_contained(Loop.Checks, Check))
        Loop.Checks.push_back(Check);
    }
  if (Guard.Conditions.empty())
    return std::nullopt;
  return Guard;
}

bool isDevicePathGuard(const IfStmt &If) {
  const auto *Call = dyn_cast_or_null<CallExpr>(If.getCond()->IgnoreParenImpCasts());
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && Callee->getName() == DevicePathFunction;
}

} // namespace ownmap
