//===- StaleReads.cpp - host reads of data the device changed ------------===//
#include "StaleReads.h"
#include "MapItems.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include <map>

using namespace clang;

namespace ownmap {

namespace {

enum class Event { Read, Settled };

/// The events of V in a body after a point, by source offset. Target
/// execution constructs are device code: only their clauses are visited
/// (no host access there).
class EventCollector : public RecursiveASTVisitor<EventCollector> {
public:
  EventCollector(const VarDecl &V, SourceLocation After, ASTContext &Ctx)
      : V(V), After(After), Ctx(Ctx), SM(Ctx.getSourceManager()) {}

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
    bool Read = isElementRead(Ref, Element);
    add(Ref->getLocation(), Read ? Event::Read : Event::Settled,
        Read ? Element : nullptr);
    return true;
  }

private:
  const VarDecl &V;
  SourceLocation After;
  ASTContext &Ctx;
  const SourceManager &SM;

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
      for (const MapItem &I : mapItems(*D))
        if (I.Var == &V)
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

} // namespace

const Expr *firstStaleRead(const VarDecl &V, const Stmt &After,
                           const FunctionDecl &F, ASTContext &Ctx,
                           SourceLocation Until) {
  const SourceManager &SM = Ctx.getSourceManager();
  EventCollector Collector(V, SM.getExpansionLoc(After.getEndLoc()), Ctx);
  Collector.TraverseStmt(F.getBody());
  if (Collector.Events.empty())
    return nullptr;
  const auto &[Offset, First] = *Collector.Events.begin();
  if (Until.isValid() &&
      Offset >= SM.getFileOffset(SM.getExpansionLoc(Until)))
    return nullptr;
  return First.first == Event::Read ? First.second : nullptr;
}

} // namespace ownmap
