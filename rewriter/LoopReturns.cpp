//===- LoopReturns.cpp - leave a time loop's data region instead of returning =//
#include "LoopReturns.h"
#include "Diagnostics.h"
#include "SourceText.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ownmap {

namespace {

/// True when Loc lies in Loop's source text.
bool inside(SourceLocation Loc, const Stmt &Loop, const SourceManager &SM) {
  return Loc.isValid() &&
         SM.isPointWithin(SM.getExpansionLoc(Loc), Loop.getBeginLoc(),
                          Loop.getEndLoc());
}

/// True when type T, as written, names a typedef or tag that Loop declares.
bool namesTypeOf(QualType T, const Stmt &Loop, const SourceManager &SM) {
  while (!T.isNull()) {
    if (const auto *Typedef = T->getAs<TypedefType>())
      if (inside(Typedef->getDecl()->getLocation(), Loop, SM))
        return true;
    if (const TagDecl *Tag = T->getAsTagDecl())
      if (inside(Tag->getLocation(), Loop, SM))
        return true;
    if (T->isPointerType())
      T = T->getPointeeType();
    else if (T->isArrayType())
      T = QualType(T->getArrayElementTypeNoTypeQual(), 0);
    else
      break;
  }
  return false;
}

/// True when Value names a variable or type that Loop declares: it cannot
/// be computed after the loop.
bool namesLoopDeclaration(const Expr &Value, const Stmt &Loop,
                          const SourceManager &SM) {
  llvm::SmallVector<const Stmt *, 32> Work{&Value};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    QualType Written;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      if (inside(Ref->getDecl()->getLocation(), Loop, SM))
        return true;
    } else if (const auto *Cast = dyn_cast<ExplicitCastExpr>(S)) {
      Written = Cast->getTypeAsWritten();
    } else if (const auto *Trait = dyn_cast<UnaryExprOrTypeTraitExpr>(S)) {
      if (Trait->isArgumentType())
        Written = Trait->getArgumentType();
    } else if (const auto *Literal = dyn_cast<CompoundLiteralExpr>(S)) {
      Written = Literal->getType();
    } else if (const auto *Offset = dyn_cast<OffsetOfExpr>(S)) {
      Written = Offset->getTypeSourceInfo()->getType();
    }
    if (namesTypeOf(Written, Loop, SM))
      return true;
    llvm::append_range(Work, S->children());
  }
  return false;
}

} // namespace

std::optional<std::vector<LoopReturn>> loopReturns(const Stmt &Loop,
                                                   ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  struct Item {
    const Stmt *S;
    bool Inner; // under a loop, switch or statement expression of Loop
  };
  llvm::SmallVector<Item, 32> Work;
  for (const Stmt *Child : Loop.children())
    Work.push_back({Child, false});
  std::vector<LoopReturn> Returns;
  while (!Work.empty()) {
    auto [S, Inner] = Work.pop_back_val();
    if (!S)
      continue;
    if (isa<GotoStmt, IndirectGotoStmt, LabelStmt>(S))
      return std::nullopt;
    if (const auto *Return = dyn_cast<ReturnStmt>(S)) {
      if (Inner || Return->getBeginLoc().isMacroID())
        return std::nullopt;
      const Expr *Value = Return->getRetValue();
      Returns.push_back(
          {Return, Value && !namesLoopDeclaration(*Value, Loop, SM)});
    }
    Inner |= isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, StmtExpr>(S);
    for (const Stmt *Child : S->children())
      Work.push_back({Child, Inner});
  }
  llvm::sort(Returns, [&](const LoopReturn &A, const LoopReturn &B) {
    return SM.isBeforeInTranslationUnit(A.Return->getBeginLoc(),
                                        B.Return->getBeginLoc());
  });
  return Returns;
}

llvm::Expected<ReturnEdits> returnEdits(llvm::ArrayRef<LoopReturn> Returns,
                                        const FunctionDecl &Kernel,
                                        unsigned Ordinal, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Flag = freshName("ownmap_returned", Ordinal, Ctx);
  std::string Result = freshName("ownmap_return_value", Ordinal, Ctx);
  // Returns whose value is computed in place (or that have none) leave
  // with code 1; each deferred one with a code of its own.
  bool InPlace = llvm::any_of(
      Returns, [](const LoopReturn &R) { return !R.Deferred; });
  bool InPlaceValue = llvm::any_of(Returns, [](const LoopReturn &R) {
    return !R.Deferred && R.Return->getRetValue();
  });
  unsigned Codes =
      InPlace + llvm::count_if(Returns, [](const LoopReturn &R) {
        return R.Deferred;
      });
  auto When = [&](unsigned Code) {
    return "if (" + Flag + (Codes > 1 ? " == " + std::to_string(Code) : "") +
           ") return";
  };
  ReturnEdits Edits;
  Edits.Before.push_back("int " + Flag + " = 0;");
  if (InPlaceValue) {
    std::string Declaration;
    llvm::raw_string_ostream OS(Declaration);
    Kernel.getReturnType().getUnqualifiedType().print(
        OS, Ctx.getPrintingPolicy(), Result);
    Edits.Before.push_back(Declaration + ";");
  }
  if (InPlace)
    Edits.After.push_back(When(1) + (InPlaceValue ? " " + Result : "") + ";");
  unsigned Code = InPlace ? 1 : 0;
  for (const LoopReturn &R : Returns) {
    const Expr *Value = R.Return->getRetValue();
    std::string Text = "{ ";
    if (R.Deferred) {
      ++Code;
      Edits.After.push_back(When(Code) + " " + sourceText(Value, Ctx) + ";");
      Text += Flag + " = " + std::to_string(Code) + "; break; }";
    } else {
      if (Value)
        Text += Result + " = " + sourceText(Value, Ctx) + "; ";
      Text += Flag + " = 1; break; }";
    }
    SourceLocation Last = SM.getExpansionRange(R.Return->getEndLoc()).getEnd();
    SourceLocation AfterSemi = Lexer::findLocationAfterToken(
        Last, tok::semi, SM, Ctx.getLangOpts(), false);
    if (AfterSemi.isInvalid())
      return sourceError(Rule::RewritePlacement, R.Return->getBeginLoc(),
                         "cannot find the ';' that ends this return");
    Edits.Replacements.emplace_back(
        SM, CharSourceRange::getCharRange(R.Return->getBeginLoc(), AfterSemi),
        Text);
  }
  return Edits;
}

} // namespace ownmap
