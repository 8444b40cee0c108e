//===- StatedFacts.cpp - facts a kernel states with OM_FACT --------------===//
#include "StatedFacts.h"
#include "ChangedVariables.h"
#include "Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ownmap {

static constexpr llvm::StringLiteral FactPrefix = "ownmap.fact:";

namespace {

/// Reads `A OP B` over +, -, * and parentheses, with the kernel's integer
/// parameters and decimal constants as leaves.
class FactParser {
public:
  FactParser(llvm::StringRef Text, const FunctionDecl &Kernel,
             const MacroText &Macros, unsigned Depth = 0)
      : Text(Text), Kernel(Kernel), Macros(Macros), Depth(Depth) {}

  /// The whole text as one sum (a macro's expansion).
  llvm::Expected<Polynomial> parseSum() {
    auto Value = sum();
    skipSpace();
    if (Value && At != Text.size())
      return error("unexpected '" + Text.substr(At).str() + "'");
    return Value;
  }

  /// The fact as P >= 0, or why it cannot be read.
  llvm::Expected<Polynomial> parse() {
    auto Left = sum();
    if (!Left)
      return Left.takeError();
    skipSpace();
    llvm::StringRef Op;
    for (llvm::StringRef Candidate : {">=", "<=", ">", "<"})
      if (Text.substr(At).starts_with(Candidate)) {
        Op = Candidate;
        break;
      }
    if (Op.empty())
      return error("expected one of >=, >, <=, <");
    At += Op.size();
    auto Right = sum();
    if (!Right)
      return Right.takeError();
    skipSpace();
    if (At != Text.size())
      return error("unexpected '" + Text.substr(At).str() + "'");
    Polynomial Difference = Op[0] == '>' ? *Left - *Right : *Right - *Left;
    return Op.size() == 1 ? Difference - Polynomial(1) : Difference;
  }

private:
  llvm::StringRef Text;
  const FunctionDecl &Kernel;
  const MacroText &Macros;
  unsigned Depth; // macros expanded to reach this text
  size_t At = 0;

  llvm::Error error(const std::string &Why) const {
    return llvm::createStringError(Why);
  }
  void skipSpace() {
    while (At < Text.size() && isWhitespace(Text[At]))
      ++At;
  }
  bool eat(char C) {
    skipSpace();
    if (At < Text.size() && Text[At] == C)
      return ++At, true;
    return false;
  }
  llvm::Expected<Polynomial> sum() {
    bool Negative = eat('-');
    auto Value = product();
    if (!Value)
      return Value.takeError();
    Polynomial Total = Negative ? Polynomial(0) - *Value : *Value;
    while (true) {
      bool Plus = eat('+');
      if (!Plus && !eat('-'))
        return Total;
      auto Next = product();
      if (!Next)
        return Next.takeError();
      Total = Plus ? Total + *Next : Total - *Next;
    }
  }
  llvm::Expected<Polynomial> product() {
    auto Value = leaf();
    if (!Value)
      return Value.takeError();
    while (eat('*')) {
      auto Next = leaf();
      if (!Next)
        return Next.takeError();
      *Value = *Value * *Next;
    }
    return Value;
  }
  llvm::Expected<Polynomial> leaf() {
    if (eat('(')) {
      auto Inner = sum();
      if (!Inner)
        return Inner.takeError();
      if (!eat(')'))
        return error("expected ')'");
      return Inner;
    }
    skipSpace();
    size_t Start = At;
    while (At < Text.size() && isAsciiIdentifierContinue(Text[At]))
      ++At;
    llvm::StringRef Word = Text.slice(Start, At);
    if (Word.empty())
      return error("expected a parameter or a number");
    int64_t Number;
    if (isDigit(Word.front())) {
      if (Word.getAsInteger(10, Number))
        return error("'" + Word.str() + "' is not a decimal integer");
      return Polynomial(Number);
    }
    for (const ParmVarDecl *P : Kernel.parameters())
      if (P->getName() == Word) {
        if (!P->getType()->isIntegerType())
          return error("'" + Word.str() + "' is not an integer parameter");
        return Polynomial::atom(Atom{Word.str(), P});
      }
    if (std::optional<std::string> Expansion =
            Macros ? Macros(Word) : std::nullopt) {
      // Macros of macros, but not one that names itself through others.
      if (Depth >= 16)
        return error("macro '" + Word.str() + "' expands too deep");
      auto Value =
          FactParser(*Expansion, Kernel, Macros, Depth + 1).parseSum();
      if (!Value)
        return error("macro '" + Word.str() + "' (" + *Expansion +
                     "): " + llvm::toString(Value.takeError()));
      return Value;
    }
    return error("'" + Word.str() + "' is not a parameter of the kernel");
  }
};

} // namespace

/// The fact A states, or an error that says why it cannot be used.
static llvm::Expected<StatedFact> readFact(const AnnotateAttr &A,
                                           const FunctionDecl &Kernel,
                                           const VariableSet &Changed,
                                           const MacroText &Macros) {
  llvm::StringRef S = A.getAnnotation().drop_front(FactPrefix.size());
  SourceLocation Loc =
      Kernel.getASTContext().getSourceManager().getExpansionLoc(A.getLocation());
  auto Value = FactParser(S, Kernel, Macros).parse();
  if (!Value)
    return sourceError(Rule::AnnotationFact, Loc,
                       "cannot read OM_FACT(" + S + "): " +
                           llvm::toString(Value.takeError()) +
                           "; a fact compares sums and products of the "
                           "kernel's integer parameters, constants and "
                           "macros of them");
  for (const Atom &Named : Value->atoms())
    if (Changed.contains(Named.var()))
      return sourceError(Rule::AnnotationFact, Loc,
                         "OM_FACT(" + S + ") names '" + Named.text() +
                             "', which the kernel changes: the fact is "
                             "checked on entry and must hold at every loop");
  return StatedFact{S.str(), *Value};
}

llvm::Expected<std::vector<StatedFact>>
readStatedFacts(const FunctionDecl &Kernel, const MacroText &Macros) {
  std::vector<StatedFact> Facts;
  llvm::Error Errors = llvm::Error::success();
  VariableSet Changed = changedVariables(Kernel.getBody());
  for (const auto *A : Kernel.specific_attrs<AnnotateAttr>()) {
    if (!A->getAnnotation().starts_with(FactPrefix))
      continue;
    if (auto Fact = readFact(*A, Kernel, Changed, Macros))
      Facts.push_back(std::move(*Fact));
    else
      Errors = llvm::joinErrors(std::move(Errors), Fact.takeError());
  }
  if (Errors)
    return std::move(Errors);
  return Facts;
}

std::string factCheck(const FunctionDecl &Kernel, const StatedFact &Fact) {
  std::string Quoted;
  for (char C : Fact.Text) {
    if (C == '"' || C == '\\')
      Quoted += '\\';
    Quoted += C;
  }
  return "ownmap_check_fact(\"" + Kernel.getName().str() + "\", \"" + Quoted +
         "\", " + Fact.Text + ");";
}

} // namespace ownmap
