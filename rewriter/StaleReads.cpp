//===- StaleReads.cpp - host reads of data the device changed ------------===//
#include "StaleReads.h"
#include "MapItems.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include <map>
#include <optional>

using namespace clang;

namespace ownmap {

namespace {

enum class Event { Read, Settled };
using FirstEvent = std::optional<std::pair<Event, const Expr *>>;

/// Calls followed into their callees' bodies, at most.
constexpr unsigned MaxCallDepth = 4;

FirstEvent firstEvent(const VarDecl &V, SourceLocation After,
                      const FunctionDecl &F, ASTContext &Ctx, unsigned Depth);

/// The events of V in a body after a point, by source offset. Target
/// execution constructs are device code: only their clauses are visited
/// (no host access there).
class EventCollector : public RecursiveASTVisitor<EventCollector> {
public:
  EventCollector(const VarDecl &V, SourceLocation After, ASTContext &Ctx,
                 unsigned Depth)
      : V(V), After(After), Ctx(Ctx), SM(Ctx.getSourceManager()),
        Depth(Depth) {}

  std::map<unsigned, std::pair<Event, const Expr *>> Events;

#define DIRECTIVE(Name)                                                        \
  bool Traverse##Name(Name *D) { return visitDirective(D); }
  DIRECTIVE(OMPTargetDirective)
  DIRECTIVE(OMPTargetTeamsDirective)
  DIRECTIVE(OMPTargetParallelDirective)
  DIRECTIVE(OMPTargetParallelForDirective)
  DIRECTIVE(OMPTargetParallelForSimdDirective)
  DIRECTIVE(OMPTargetSimdDirective)
  DIRECTIVE(OMPTargetTeamsDistributeDirective)
  DIRECTIVE(OMPTargetTeamsDistributeSimdDirective)
  DIRECTIVE(OMPTargetTeamsDistributeParallelForDirective)
  DIRECTIVE(OMPTargetTeamsDistributeParallelForSimdDirective)
  DIRECTIVE(OMPTargetTeamsGenericLoopDirective)
  DIRECTIVE(OMPTargetParallelGenericLoopDirective)
  DIRECTIVE(OMPTargetUpdateDirective)
  DIRECTIVE(OMPTargetExitDataDirective)
  DIRECTIVE(OMPTargetEnterDataDirective)
#undef DIRECTIVE

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() != &V || !later(Ref->getLocation()))
      return true;
    // A captured region lists what it captures, at their first use.
    DynTypedNodeList Parents = Ctx.getParents(*Ref);
    if (!Parents.empty() && Parents[0].get<CapturedStmt>())
      return true;
    const Expr *Element = nullptr;
    if (isElementRead(Ref, Element))
      add(Ref->getLocation(), Event::Read, Element);
    else if (const auto *Call = argumentOf(Ref))
      addCall(*Ref, *Call);
    else
      add(Ref->getLocation(), Event::Settled, nullptr);
    return true;
  }

private:
  const VarDecl &V;
  SourceLocation After;
  ASTContext &Ctx;
  const SourceManager &SM;
  unsigned Depth;

  /// The call Ref is an argument of, as it is (through implicit casts and
  /// parentheses), or null.
  const CallExpr *argumentOf(const DeclRefExpr *Ref) const {
    const Expr *E = Ref;
    while (true) {
      DynTypedNodeList Parents = Ctx.getParents(*E);
      const auto *P = Parents.empty() ? nullptr : Parents[0].get<Expr>();
      if (P && isa<ImplicitCastExpr, ParenExpr>(P)) {
        E = P;
        continue;
      }
      const auto *Call = dyn_cast_or_null<CallExpr>(P);
      return Call && Call->getCallee() != E ? Call : nullptr;
    }
  }

  /// V passed to a function whose body is in the translation unit: what
  /// the callee does first with it is what happens at the call (a read
  /// there reads V here); a callee that never touches it on the host (its
  /// target constructs use the device copy) is no event. Any other callee
  /// ends the question.
  void addCall(const DeclRefExpr &Ref, const CallExpr &Call) {
    const FunctionDecl *Callee = Call.getDirectCallee();
    const FunctionDecl *Definition = nullptr;
    unsigned I = 0;
    while (I < Call.getNumArgs() &&
           Call.getArg(I)->IgnoreParenImpCasts() != &Ref)
      ++I;
    if (!Callee || !Callee->hasBody(Definition) || Depth >= MaxCallDepth ||
        I >= Definition->getNumParams()) {
      add(Ref.getLocation(), Event::Settled, nullptr);
      return;
    }
    const Stmt *Body = Definition->getBody();
    FirstEvent Inside =
        firstEvent(*Definition->getParamDecl(I), Body->getBeginLoc(),
                   *Definition, Ctx, Depth + 1);
    if (Inside)
      add(Ref.getLocation(), Inside->first,
          Inside->first == Event::Read ? &Ref : nullptr);
  }

  bool later(SourceLocation Loc) const {
    return SM.isBeforeInTranslationUnit(After, SM.getExpansionLoc(Loc));
  }
  void add(SourceLocation Loc, Event E, const Expr *Site) {
    unsigned Offset = SM.getFileOffset(SM.getExpansionLoc(Loc));
    Events.emplace(Offset, std::make_pair(E, Site));
  }

  bool visitDirective(OMPExecutableDirective *D) {
    if (!later(D->getBeginLoc()))
      return isOpenMPTargetExecutionDirective(D->getDirectiveKind()) ||
             TraverseStmt(D->hasAssociatedStmt() ? D->getAssociatedStmt()
                                                 : nullptr);
    if (const auto *U = dyn_cast<OMPTargetUpdateDirective>(D)) {
      for (const MapItem &I : updateItems(*U, /*From=*/true))
        if (I.Var == &V)
          add(D->getBeginLoc(), Event::Settled, nullptr);
      return true;
    }
    if (isa<OMPTargetExitDataDirective>(D)) {
      // release and delete leave the host's copy as it was: stale.
      for (const MapItem &I : mapItems(*D))
        if (I.Var == &V && I.Type == OMPC_MAP_from)
          add(D->getBeginLoc(), Event::Settled, nullptr);
      return true;
    }
    // Device code, and enter data: no host access of the elements.
    return true;
  }

  /// Ref is the base of an element access (`v[i]`, `*v`, `*(v + k)`); true
  /// when the element is read (Element set to it), false when written or
  /// when Ref is used otherwise.
  bool isElementRead(const DeclRefExpr *Ref, const Expr *&Element) const {
    const Expr *E = Ref;
    while (true) {
      DynTypedNodeList Parents = Ctx.getParents(*E);
      const auto *P = Parents.empty() ? nullptr : Parents[0].get<Expr>();
      if (!P)
        return false;
      if (isa<ImplicitCastExpr, ParenExpr>(P) &&
          P->getType()->isPointerType()) {
        E = P;
        continue;
      }
      if (const auto *B = dyn_cast<BinaryOperator>(P);
          B && B->isAdditiveOp() && B->getType()->isPointerType()) {
        E = P;
        continue;
      }
      const auto *Sub = dyn_cast<ArraySubscriptExpr>(P);
      const auto *Deref = dyn_cast<UnaryOperator>(P);
      if ((Sub && Sub->getBase()->IgnoreParenImpCasts() ==
                      E->IgnoreParenImpCasts()) ||
          (Deref && Deref->getOpcode() == UO_Deref)) {
        Element = P;
        return loadedValue(*P);
      }
      return false;
    }
  }

  /// The value of the lvalue E is only read: loaded, or an operand of a
  /// member access that is loaded.
  bool loadedValue(const Expr &E) const {
    const Expr *Cur = &E;
    while (true) {
      DynTypedNodeList Parents = Ctx.getParents(*Cur);
      const auto *P = Parents.empty() ? nullptr : Parents[0].get<Expr>();
      if (!P)
        return false;
      if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P))
        return Cast->getCastKind() == CK_LValueToRValue;
      if (isa<ParenExpr>(P) || (isa<MemberExpr>(P) &&
                                !cast<MemberExpr>(P)->isArrow())) {
        Cur = P;
        continue;
      }
      return false;
    }
  }
};

/// The first event of V in F after After (with its offset in the file).
std::optional<std::pair<unsigned, std::pair<Event, const Expr *>>>
firstEventAt(const VarDecl &V, SourceLocation After, const FunctionDecl &F,
             ASTContext &Ctx, unsigned Depth) {
  EventCollector Collector(V, Ctx.getSourceManager().getExpansionLoc(After),
                           Ctx, Depth);
  Collector.TraverseStmt(F.getBody());
  if (Collector.Events.empty())
    return std::nullopt;
  return *Collector.Events.begin();
}

FirstEvent firstEvent(const VarDecl &V, SourceLocation After,
                      const FunctionDecl &F, ASTContext &Ctx, unsigned Depth) {
  if (auto First = firstEventAt(V, After, F, Ctx, Depth))
    return First->second;
  return std::nullopt;
}

} // namespace

const Expr *firstStaleRead(const VarDecl &V, const Stmt &After,
                           const FunctionDecl &F, ASTContext &Ctx,
                           SourceLocation Until) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto First = firstEventAt(V, After.getEndLoc(), F, Ctx, /*Depth=*/0);
  if (!First)
    return nullptr;
  const auto &[Offset, Happens] = *First;
  if (Until.isValid() &&
      Offset >= SM.getFileOffset(SM.getExpansionLoc(Until)))
    return nullptr;
  return Happens.first == Event::Read ? Happens.second : nullptr;
}

} // namespace ownmap
