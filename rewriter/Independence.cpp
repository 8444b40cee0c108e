//===- Independence.cpp - iterations that touch disjoint elements ---------===//
#include "Independence.h"
#include "Diagnostics.h"
#include "SourceText.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace ownmap {

/// The pattern checks: one written subscript that no two iterations share,
/// or a block of elements of each iteration's own.
static llvm::Error checkSubscriptPatterns(const SubscriptAnalysis &Subscripts,
                                          const CanonicalLoop &Loop,
                                          const VariableAccesses &VA) {
  const ASTContext &Ctx = VA.Var->getASTContext();
  auto text = [&](const Expr *E) { return sourceText(E, Ctx); };
  const Access *Write = nullptr;
  for (const Access &A : VA.Accesses)
    if (isWrite(A.Kind)) {
      Write = &A;
      break;
    }
  if (!Write)
    return llvm::Error::success();
  llvm::StringRef Name = VA.Var->getName();
  auto Owned = Subscripts.analyse(*Write);
  if (!Owned)
    return sourceError(Rule::ParallelDistinct, Write->Site->getBeginLoc(),
                       "cannot offload: cannot prove that iterations write "
                       "distinct elements of '" +
                           Name + "' (subscript '" + text(Write->Site) +
                           "': " + llvm::toString(Owned.takeError()) + ")",
                       FindingDetails{Name.str(), "", "", ""});
  // Every access at the written subscript, which no two iterations share.
  const Access *Elsewhere = nullptr;
  std::vector<AffineSubscript> All;
  for (const Access &A : VA.Accesses) {
    auto Other = Subscripts.analyse(A);
    if (!Other) {
      llvm::consumeError(Other.takeError());
      Elsewhere = Elsewhere ? Elsewhere : &A;
      continue;
    }
    if (Other->Value != Owned->Value)
      Elsewhere = Elsewhere ? Elsewhere : &A;
    All.push_back(std::move(*Other));
  }
  if (!Elsewhere && Subscripts.ownsElements(*Owned, 0))
    return llvm::Error::success();
  // Or the accesses of each iteration stay in a block of their own
  // (`xyz[3 * i + k]`, `a[2 * i] = a[2 * i + 1]`).
  if (All.size() == VA.Accesses.size() && Subscripts.iterationsDisjoint(All))
    return llvm::Error::success();
  if (!Elsewhere)
    return sourceError(Rule::ParallelDistinct, Write->Site->getBeginLoc(),
                       "cannot offload: cannot prove that iterations write "
                       "distinct elements of '" +
                           Name + "' (subscript '" + text(Write->Site) +
                           "' may reach the same element from two "
                           "iterations of '" +
                           Loop.Index->getName() + "')",
                       FindingDetails{Name.str(), "", "", ""});
  return sourceError(Rule::ParallelDependence, Elsewhere->Site->getBeginLoc(),
                     "cannot offload: possible loop-carried dependence: '" +
                         Name + "' is written at '" + text(Write->Site) +
                         "' and accessed at '" + text(Elsewhere->Site) +
                         "', which another iteration may write or read",
                     FindingDetails{Name.str(), "", "", ""},
                     Write->Site->getBeginLoc(),
                     "'" + Name + "' is written here");
}

llvm::Expected<ConflictFree>
checkIndependence(const SubscriptAnalysis &Subscripts, const CanonicalLoop &Loop,
                  const VariableAccesses &VA) {
  llvm::Error Patterns = checkSubscriptPatterns(Subscripts, Loop, VA);
  if (!Patterns)
    return ConflictFree{};
  if (std::optional<ConflictFree> Proven =
          proveConflictFree(Subscripts, VA, /*Levels=*/1)) {
    llvm::consumeError(std::move(Patterns));
    return *Proven;
  }
  return std::move(Patterns);
}

/// The loop's body, when it is exactly one canonical loop.
static std::optional<CanonicalLoop> perfectlyNested(const CanonicalLoop &Loop) {
  const Stmt *Body = Loop.Loop->getBody();
  if (const auto *Block = dyn_cast<CompoundStmt>(Body)) {
    if (Block->size() != 1)
      return std::nullopt;
    Body = Block->body_front();
  }
  const auto *Inner = dyn_cast<ForStmt>(Body);
  if (!Inner)
    return std::nullopt;
  auto Canonical = matchCanonicalLoop(*Inner);
  if (!Canonical) {
    llvm::consumeError(Canonical.takeError());
    return std::nullopt;
  }
  return *Canonical;
}

/// Distinct (outer, inner) index pairs write distinct elements of VA's
/// array through its one written subscript.
static bool pairsWriteApart(const SubscriptAnalysis &Subscripts,
                            const CanonicalLoop &Inner,
                            const VariableAccesses &VA) {
  std::optional<Polynomial> Written;
  for (const Access &A : VA.Accesses) {
    auto S = Subscripts.analyse(A);
    if (!S) {
      llvm::consumeError(S.takeError());
      return false;
    }
    // Blocks shared by an outer iteration (`xyz[3 * i + k]`) are not
    // split between inner ones: only one subscript per written array.
    if (Written && *Written != S->Value)
      return false;
    Written = S->Value;
    if (S->Nest.size() < 2 || S->Nest[1].Var != Inner.Index ||
        !Subscripts.ownsElements(*S, 1))
      return false;
  }
  return true;
}

std::optional<std::vector<ExtentCondition>>
collapsible(const SubscriptAnalysis &Subscripts, const CanonicalLoop &Loop,
            const LoopAccesses &Accesses) {
  std::optional<CanonicalLoop> Inner = perfectlyNested(Loop);
  if (!Inner)
    return std::nullopt;
  auto Outer = Subscripts.range(Loop, {});
  if (!Outer) {
    llvm::consumeError(Outer.takeError());
    return std::nullopt;
  }
  auto Range = Subscripts.range(*Inner, {*Outer});
  if (!Range) {
    llvm::consumeError(Range.takeError());
    return std::nullopt;
  }
  for (const Polynomial *Bound : {&Range->First, &Range->End, &Range->Upper})
    if (llvm::any_of(Bound->atoms(),
                     [&](const Atom &A) { return A.var() == Loop.Index; }))
      return std::nullopt;
  std::vector<ExtentCondition> Checked;
  for (const VariableAccesses &VA : Accesses.Variables) {
    if (!VA.byElement() || llvm::none_of(VA.Accesses, [](const Access &A) {
          return isWrite(A.Kind);
        }))
      continue;
    if (pairsWriteApart(Subscripts, *Inner, VA))
      continue;
    std::optional<ConflictFree> Proven =
        proveConflictFree(Subscripts, VA, /*Levels=*/2);
    if (!Proven)
      return std::nullopt;
    if (!Proven->InBounds.empty())
      Checked.push_back({VA.Var, Proven->InBounds});
  }
  return Checked;
}

} // namespace ownmap
