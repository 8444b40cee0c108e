//===- LostWrites.cpp - host reads that miss a device write --------------===//
#include "LostWrites.h"
#include "StaleReads.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ownmap {

namespace {

/// Callers followed up past the function that holds a map that never
/// copies back.
constexpr unsigned MaxCallerDepth = 8;

using Search = llvm::function_ref<const Expr *(const VarDecl &, const Stmt &,
                                               const FunctionDecl &)>;

/// Up Calls (innermost first) from a search that found nothing in the
/// function of At; Var is the data's name, set to the one read.
const Expr *searchUp(const VarDecl *&Var, const Stmt &At,
                     llvm::ArrayRef<const CallExpr *> Calls,
                     const PresenceAnalysis &Presences, Search Find,
                     const FunctionDecl *&ReadIn) {
  ReadIn = Presences.functionOf(At);
  if (!ReadIn)
    return nullptr;
  const Expr *Read = Find(*Var, At, *ReadIn);
  for (auto It = Calls.rbegin(); !Read && It != Calls.rend(); ++It) {
    const auto *Param = dyn_cast<ParmVarDecl>(Var);
    const FunctionDecl *Caller = Presences.functionOf(**It);
    if (!Param || !Caller ||
        Param->getFunctionScopeIndex() >= (*It)->getNumArgs())
      break;
    Var = argumentBase((*It)->getArg(Param->getFunctionScopeIndex()));
    if (!Var)
      break;
    ReadIn = Caller;
    Read = Find(*Var, **It, *Caller);
  }
  return Read;
}

/// The first stale read of parameter Var of F after a call of F, in the
/// callers (and theirs, a few calls up), with Var set to the variable read.
const Expr *readInCallers(const VarDecl *&Var, const FunctionDecl &F,
                          const PresenceAnalysis &Presences, Search Find,
                          unsigned Depth) {
  const auto *Param = dyn_cast<ParmVarDecl>(Var);
  if (!Param || Depth >= MaxCallerDepth)
    return nullptr;
  for (const CallExpr *Call : Presences.callsOf(F)) {
    const FunctionDecl *Caller = Presences.functionOf(*Call);
    const VarDecl *Arg =
        Param->getFunctionScopeIndex() < Call->getNumArgs()
            ? argumentBase(Call->getArg(Param->getFunctionScopeIndex()))
            : nullptr;
    if (!Caller || !Arg)
      continue;
    const Expr *Read = Find(*Arg, *Call, *Caller);
    if (!Read)
      Read = readInCallers(Arg, *Caller, Presences, Find, Depth + 1);
    if (Read) {
      Var = Arg;
      return Read;
    }
  }
  return nullptr;
}

/// True when Read, in the function of Holder's directive, comes after the
/// end of the directive's region.
bool afterRegion(const MapItem &Holder, const Expr &Read,
                 const SourceManager &SM) {
  if (!Holder.Directive->hasAssociatedStmt())
    return false;
  return SM.isBeforeInTranslationUnit(
      SM.getExpansionLoc(Holder.Directive->getAssociatedStmt()->getEndLoc()),
      SM.getExpansionLoc(Read.getBeginLoc()));
}

} // namespace

std::vector<StaleRead> staleReadsAfter(const VarDecl &V, const Stmt &At,
                                       const Presence &P,
                                       const PresenceAnalysis &Presences,
                                       ASTContext &Ctx) {
  std::vector<StaleRead> Found;
  llvm::SmallPtrSet<const Expr *, 4> Seen;
  for (const EnclosingMap &Holder : P.Maps) {
    // One search per path of calls, judged by the map found last on it:
    // the outermost region, or an enter data (then no region's end copies
    // back, the reference count being held), which keeps the data longest.
    const EnclosingMap *Outermost = &Holder;
    for (const EnclosingMap &M : P.Maps)
      if (M.Calls == Holder.Calls)
        Outermost = &M;
    if (Outermost != &Holder)
      continue;
    // A region that copies back at its end: reads after the end are fresh.
    const FunctionDecl *HolderFunction = nullptr;
    SourceLocation Until;
    if (Holder.Item.copiesBack()) {
      HolderFunction = Presences.functionOf(*Holder.Item.Directive);
      Until = Holder.Item.Directive->getAssociatedStmt()->getEndLoc();
    }
    auto Find = [&](const VarDecl &Var, const Stmt &After,
                    const FunctionDecl &F) {
      return firstStaleRead(Var, After, F, Ctx,
                            &F == HolderFunction ? Until : SourceLocation());
    };
    const VarDecl *Var = &V;
    const FunctionDecl *ReadIn = nullptr;
    const Expr *Read = searchUp(Var, At, Holder.Calls, Presences, Find, ReadIn);
    // A map that never copies back leaves the host's data stale after
    // the function that holds it returns, too.
    const FunctionDecl *Holding = Presences.functionOf(*Holder.Item.Directive);
    bool After = false;
    if (!Read && !Holder.Item.copiesBack() && Holding) {
      Read = readInCallers(Var, *Holding, Presences, Find, /*Depth=*/0);
      After = Read != nullptr;
    } else if (Read && ReadIn == Holding) {
      After = afterRegion(Holder.Item, *Read, Ctx.getSourceManager());
    }
    if (Read && Seen.insert(Read).second)
      Found.push_back(
          {&Holder.Item, Read, Var,
           After && isa<OMPTargetDataDirective>(Holder.Item.Directive)});
  }
  return Found;
}

const Expr *readUpCalls(const VarDecl &V, const Stmt &At,
                        llvm::ArrayRef<const CallExpr *> Calls,
                        const PresenceAnalysis &Presences, ASTContext &Ctx,
                        const VarDecl *&ReadVar) {
  auto Find = [&](const VarDecl &Var, const Stmt &After,
                  const FunctionDecl &F) {
    return firstStaleRead(Var, After, F, Ctx);
  };
  ReadVar = &V;
  const FunctionDecl *ReadIn = nullptr;
  return searchUp(ReadVar, At, Calls, Presences, Find, ReadIn);
}

} // namespace ownmap
