//===- Presence.cpp - which maps keep data on the device at a construct --===//
#include "Presence.h"
#include "InstantiatedCode.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ownmap {

namespace {

/// How many callers up a parameter is followed.
constexpr size_t MaxCallDepth = 8;

/// Calls in template instantiations are calls of instantiated functions.
class CallIndexer : public InstantiatedCodeVisitor<CallIndexer> {
public:
  llvm::DenseMap<const FunctionDecl *, std::vector<const CallExpr *>> &Calls;
  explicit CallIndexer(decltype(Calls) Calls) : Calls(Calls) {}
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee())
      Calls[F->getCanonicalDecl()].push_back(C);
    return true;
  }
};

/// The `target enter data` and `target exit data` constructs of a body, in
/// source order.
class DataDirectives : public RecursiveASTVisitor<DataDirectives> {
public:
  std::vector<const OMPExecutableDirective *> Found;
  bool VisitOMPTargetEnterDataDirective(OMPTargetEnterDataDirective *D) {
    Found.push_back(D);
    return true;
  }
  bool VisitOMPTargetExitDataDirective(OMPTargetExitDataDirective *D) {
    Found.push_back(D);
    return true;
  }
};

} // namespace

const VarDecl *argumentBase(const Expr *Arg) {
  const Expr *E = Arg->IgnoreParenCasts();
  while (true) {
    if (const auto *B = dyn_cast<BinaryOperator>(E);
        B && B->isAdditiveOp() && B->getType()->isPointerType()) {
      E = (B->getLHS()->getType()->isPointerType() ? B->getLHS()
                                                    : B->getRHS())
              ->IgnoreParenCasts();
      continue;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_AddrOf) {
      if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(
              U->getSubExpr()->IgnoreParens())) {
        E = Sub->getBase()->IgnoreParenCasts();
        continue;
      }
    }
    break;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

PresenceAnalysis::PresenceAnalysis(ASTContext &Ctx,
                                   const CallerIndex *Callers)
    : Ctx(Ctx), Callers(Callers) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    MainFile = Main->getName().str();
  CallIndexer(Calls).TraverseAST(Ctx);
}

ExternalPresence
PresenceAnalysis::external(const CallerParameter &External,
                           std::optional<LaterRead> Pending) const {
  const auto *F = cast<FunctionDecl>(External.Param->getDeclContext());
  auto Key = parameterKey(*F, External.Param->getFunctionScopeIndex());
  if (!Callers || !Key)
    return {};
  return Callers->resolve(*Key, MainFile, std::move(Pending));
}

llvm::ArrayRef<const CallExpr *>
PresenceAnalysis::callsOf(const FunctionDecl &F) const {
  auto It = Calls.find(F.getCanonicalDecl());
  if (It == Calls.end())
    return {};
  return It->second;
}

const FunctionDecl *PresenceAnalysis::functionOf(const Stmt &S) const {
  DynTypedNodeList Parents = Ctx.getParents(S);
  while (!Parents.empty()) {
    if (const auto *F = Parents[0].get<FunctionDecl>())
      return F;
    if (const auto *D = Parents[0].get<Decl>())
      Parents = Ctx.getParents(*D);
    else if (const auto *P = Parents[0].get<Stmt>())
      Parents = Ctx.getParents(*P);
    else
      return nullptr;
  }
  return nullptr;
}

/// Items of V that map its data in the `target data` constructs around At,
/// innermost first.
static std::vector<MapItem> enclosingDataItems(const VarDecl &V,
                                               const Stmt &At,
                                               ASTContext &Ctx) {
  std::vector<MapItem> Items;
  DynTypedNodeList Parents = Ctx.getParents(At);
  while (!Parents.empty()) {
    // A directive's statement hangs below a CapturedDecl, a Decl.
    if (const auto *Captured = Parents[0].get<CapturedDecl>()) {
      Parents = Ctx.getParents(*Captured);
      continue;
    }
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      break;
    if (const auto *Data = dyn_cast<OMPTargetDataDirective>(P))
      for (const MapItem &I : mapItems(*Data))
        if (I.Var == &V && I.mapsData())
          Items.push_back(I);
    Parents = Ctx.getParents(*P);
  }
  return Items;
}

/// Items of V of the `target enter data` constructs of F before At that no
/// `target exit data` before At unmaps, latest first.
static std::vector<MapItem> enteredItems(const VarDecl &V, const Stmt &At,
                                         const FunctionDecl &F,
                                         const SourceManager &SM) {
  DataDirectives Directives;
  Directives.TraverseStmt(F.getBody());
  std::vector<MapItem> Entered;
  for (const OMPExecutableDirective *D : Directives.Found) {
    if (!SM.isBeforeInTranslationUnit(D->getBeginLoc(), At.getBeginLoc()))
      break;
    bool Enter = isa<OMPTargetEnterDataDirective>(D);
    for (const MapItem &I : mapItems(*D))
      if (I.Var == &V && I.mapsData()) {
        if (Enter)
          Entered.insert(Entered.begin(), I);
        else
          Entered.clear(); // reference counts are not followed
      }
  }
  return Entered;
}

void PresenceAnalysis::collect(const VarDecl &V, const Stmt &At,
                               const std::vector<const CallExpr *> &Chain,
                               Presence &Out) const {
  const FunctionDecl *F = functionOf(At);
  if (!F)
    return;
  size_t Before = Out.Maps.size();
  for (const MapItem &I : enclosingDataItems(V, At, Ctx))
    Out.Maps.push_back({I, Chain, true});
  for (const MapItem &I : enteredItems(V, At, *F, Ctx.getSourceManager()))
    Out.Maps.push_back({I, Chain, false});
  const auto *P = dyn_cast<ParmVarDecl>(&V);
  if (Out.Maps.size() > Before || !P || P->getDeclContext() != F ||
      Chain.size() >= MaxCallDepth)
    return;
  unsigned Index = P->getFunctionScopeIndex();
  auto Key = parameterKey(*F, Index);
  bool Elsewhere = Callers && Key && Callers->hasCallsElsewhere(*Key, MainFile);
  if (Elsewhere)
    Out.External.push_back({P, Chain});
  auto It = Calls.find(F->getCanonicalDecl());
  if (It == Calls.end() || It->second.empty()) {
    if (!Elsewhere)
      Out.NoCaller.push_back({P, Chain});
    return;
  }
  for (const CallExpr *Call : It->second) {
    if (llvm::is_contained(Chain, Call)) // recursion
      continue;
    const VarDecl *Passed =
        Index < Call->getNumArgs() ? argumentBase(Call->getArg(Index))
                                   : nullptr;
    Presence Sub;
    if (Passed) {
      std::vector<const CallExpr *> Outer{Call};
      llvm::append_range(Outer, Chain);
      collect(*Passed, *Call, Outer, Sub);
    }
    // The outermost call without a map is the one to name.
    if (Sub.Maps.empty() && Sub.NoCaller.empty() && Sub.Unmapped.empty() &&
        Sub.External.empty())
      Out.Unmapped.push_back(Call);
    llvm::append_range(Out.Maps, Sub.Maps);
    llvm::append_range(Out.Unmapped, Sub.Unmapped);
    llvm::append_range(Out.NoCaller, Sub.NoCaller);
    llvm::append_range(Out.External, Sub.External);
  }
}

Presence PresenceAnalysis::of(const VarDecl &V, const Stmt &At) const {
  Presence Out;
  collect(V, At, {}, Out);
  return Out;
}

} // namespace ownmap
