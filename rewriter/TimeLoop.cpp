//===- TimeLoop.cpp - host loops around offloaded loops ------------------===//
#include "TimeLoop.h"
#include "HostUses.h"
#include "KernelRewrite.h"
#include "PointerExchange.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ownmap {

namespace {

/// The body of a for, while or do statement; null for any other.
const Stmt *loopBody(const Stmt *S) {
  if (const auto *For = dyn_cast_or_null<ForStmt>(S))
    return For->getBody();
  if (const auto *While = dyn_cast_or_null<WhileStmt>(S))
    return While->getBody();
  if (const auto *Do = dyn_cast_or_null<DoStmt>(S))
    return Do->getBody();
  return nullptr;
}

/// The loops around Body, innermost first: the loop whose body it is, and
/// each loop whose body is the previous one alone (`for (r) for (q) {`),
/// the outermost a statement of a block. Empty when there is none.
std::vector<const Stmt *> loopsAround(const Stmt *Body,
                                      const ParentMap &Parents) {
  std::vector<const Stmt *> Nest;
  const Stmt *Loop = Parents.getParent(Body);
  if (loopBody(Loop) != Body)
    return {};
  Nest.push_back(Loop);
  for (;;) {
    const Stmt *Parent = Parents.getParent(Loop);
    const auto *Only = dyn_cast_or_null<CompoundStmt>(Parent);
    if (Only && Only->size() == 1 &&
        loopBody(Parents.getParent(Only)) == Only)
      Parent = Parents.getParent(Only);
    else if (loopBody(Parent) != Loop)
      break;
    Nest.push_back(Parent);
    Loop = Parent;
  }
  if (!isa_and_nonnull<CompoundStmt>(Parents.getParent(Loop)))
    return {};
  return Nest;
}

/// True when S holds a loop of Loops.
bool holdsOffloadedLoop(const Stmt *S, llvm::ArrayRef<PlannedLoop> Loops) {
  llvm::SmallVector<const Stmt *, 32> Work{S};
  while (!Work.empty()) {
    const Stmt *Child = Work.pop_back_val();
    if (!Child)
      continue;
    if (llvm::any_of(Loops, [&](const PlannedLoop &L) {
          return L.Site.Loop == Child;
        }))
      return true;
    llvm::append_range(Work, Child->children());
  }
  return false;
}

/// The header of Loop: what runs on the host around every step.
std::vector<const Stmt *> headerOf(const Stmt &Loop) {
  std::vector<const Stmt *> Header;
  if (const auto *For = dyn_cast<ForStmt>(&Loop))
    Header = {For->getInit(), For->getConditionVariableDeclStmt(),
              For->getCond(), For->getInc()};
  else if (const auto *While = dyn_cast<WhileStmt>(&Loop))
    Header = {While->getConditionVariableDeclStmt(), While->getCond()};
  else
    Header = {cast<DoStmt>(&Loop)->getCond()};
  llvm::erase_if(Header, [](const Stmt *S) { return !S; });
  return Header;
}

/// Nest.back() as a time loop around Loops[First..Last], the loops of
/// Body, the body of Nest.front(): a block, or one of the loops (see
/// TimeLoop.h for when there is none).
std::optional<TimeLoop> timeLoop(llvm::ArrayRef<const Stmt *> Nest,
                                 const Stmt &Body,
                                 llvm::ArrayRef<PlannedLoop> Loops,
                                 size_t First, size_t Last, ASTContext &Ctx) {
  const Stmt &Loop = *Nest.back();
  const SourceManager &SM = Ctx.getSourceManager();
  if (Loop.getBeginLoc().isMacroID() || !startsLine(Loop.getBeginLoc(), SM) ||
      !canInsertLineAfter(Loop, SM, Ctx.getLangOpts()))
    return std::nullopt;
  auto Returns = loopReturns(Loop, Ctx);
  if (!Returns)
    return std::nullopt;
  TimeLoop T;
  T.Returns = std::move(*Returns);
  for (const LoopReturn &R : T.Returns)
    if (R.Deferred)
      T.Skipped.push_back(R.Return->getRetValue());
  T.Loop = &Loop;
  T.First = First;
  T.Last = Last;
  for (const Stmt *Header : Nest)
    llvm::append_range(T.Opaque, headerOf(*Header));
  std::vector<const Stmt *> Host = T.Opaque;
  std::optional<size_t> Before;
  HostRun Run;
  // A run ends where the next offloaded loop, opaque statement or the
  // body's closing brace starts: its `to` updates go there, and a jump in
  // the opaque statement cannot skip them. A run that no update line can
  // go before, or after, is opaque itself.
  auto EndRun = [&](SourceLocation Next, std::optional<size_t> After) {
    if (Run.Statements.empty())
      return;
    if (startsLine(Run.Statements.front()->getBeginLoc(), SM) &&
        startsLine(Next, SM)) {
      Run.LoopBefore = Before;
      Run.LoopAfter = After;
      Run.Next = Next;
      T.Runs.push_back(std::move(Run));
    } else {
      llvm::append_range(T.Opaque, Run.Statements);
    }
    Run = HostRun();
  };
  const Stmt *Alone = &Body;
  llvm::ArrayRef<const Stmt *> Statements(Alone);
  if (const auto *Block = dyn_cast<CompoundStmt>(&Body))
    Statements = llvm::ArrayRef(Block->body_begin(), Block->body_end());
  SourceLocation End = isa<CompoundStmt>(Body)
                           ? cast<CompoundStmt>(Body).getRBracLoc()
                           : SourceLocation();
  for (const Stmt *S : Statements) {
    auto Offloaded = llvm::find_if(
        Loops, [&](const PlannedLoop &L) { return L.Site.Loop == S; });
    if (Offloaded != Loops.end()) {
      size_t K = Offloaded - Loops.begin();
      EndRun(Loops[K].Site.Loop->getForLoc(), K);
      Before = K;
      continue;
    }
    Host.push_back(S);
    // A jump to the next step (or out) would skip the run's `to` updates.
    if (holdsOffloadedLoop(S, Loops) || mayJumpOut(S)) {
      EndRun(S->getBeginLoc(), std::nullopt);
      T.Opaque.push_back(S);
      continue;
    }
    Run.Statements.push_back(S);
  }
  EndRun(End, std::nullopt);
  if (const auto *Block = dyn_cast<CompoundStmt>(&Body))
    if (auto Exchange = findExchange(Loop, *Block,
                                     Loops.slice(First, Last - First + 1))) {
      T.Exchanged = std::move(Exchange->Pointers);
      llvm::append_range(T.Skipped, Exchange->Copies);
    }
  if (movesMappedPointer(collectHostUses(Host, Ctx, T.Skipped), Loops) ||
      callsProgramFunction(Host, SM))
    return std::nullopt;
  llvm::SmallVector<const Stmt *, 32> Work{&Loop};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          T.Declared.push_back(V);
    if (S)
      llvm::append_range(Work, S->children());
  }
  return T;
}

} // namespace

std::vector<TimeLoop> findTimeLoops(llvm::ArrayRef<PlannedLoop> Loops,
                                    const Stmt &KernelBody, ASTContext &Ctx) {
  // The loops of each block (or a loop that is a loop's whole body):
  // between its first and its last, all loops are inside the statement
  // whose body it is.
  llvm::MapVector<const Stmt *, std::pair<size_t, size_t>> Blocks;
  for (size_t K = 0; K < Loops.size(); ++K) {
    const Stmt *Body = Loops[K].Site.Block;
    if (Loops[K].Site.WrapInBraces)
      Body = Loops[K].Site.Loop;
    if (Body) {
      auto [It, New] = Blocks.try_emplace(Body, K, K);
      It->second.second = K;
    }
  }
  std::vector<TimeLoop> Found;
  ParentMap Parents(const_cast<Stmt *>(&KernelBody));
  for (const auto &[Body, Range] : Blocks) {
    std::vector<const Stmt *> Nest = loopsAround(Body, Parents);
    if (!Nest.empty())
      if (auto T = timeLoop(Nest, *Body, Loops, Range.first, Range.second,
                            Ctx))
        Found.push_back(std::move(*T));
  }
  return Found;
}

bool addsNothing(const DataRegion &Outer, const DataRegion &Inner) {
  return Outer.First <= Inner.First && Inner.Last <= Outer.Last &&
         llvm::all_of(Inner.Variables, [&](const RegionVariable &V) {
           return llvm::any_of(Outer.Variables, [&](const RegionVariable &O) {
             return O.Var == V.Var;
           });
         });
}

} // namespace ownmap
