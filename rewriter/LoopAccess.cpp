//===- LoopAccess.cpp - what an offload candidate loop reads and writes ---===//
#include "LoopAccess.h"
#include "AccessWalker.h"
#include "SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ownmap {

namespace walk {

const DeclRefExpr *asVarRef(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && isa<VarDecl>(Ref->getDecl()) ? Ref : nullptr;
}

const VarDecl *AccessWalker::outerVariable(const DeclRefExpr &Ref) {
  const auto *V = dyn_cast<VarDecl>(Ref.getDecl());
  if (!V || Locals.Vars.count(V))
    return nullptr;
  if (V->hasGlobalStorage()) {
    if (leftToCaller(*V))
      return nullptr;
    fail(Ref.getLocation(), "'" + V->getName() +
                                "' has static storage; the loop may only use "
                                "parameters and local variables");
    return nullptr;
  }
  QualType T = V->getType();
  if (Arrays == LocalArrays::Record && isKernelLocalArray(*V))
    return V;
  if (!T->isPointerType() && !T->isScalarType()) {
    fail(Ref.getLocation(), "'" + V->getName() + "' has type '" +
                                T.getAsString() +
                                "'; the loop may only use pointers and "
                                "scalars declared outside it");
    return nullptr;
  }
  return V;
}

void AccessWalker::visitStmt(const Stmt *S) {
  if (!S || Failed)
    return;
  if (const auto *E = dyn_cast<Expr>(S))
    return visitValue(E);
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    if (Nested == NestedDirectives::Refuse)
      return fail(S->getBeginLoc(),
                  "the loop already contains an OpenMP directive");
    // Its statement runs as part of the iteration (a nested `parallel
    // for` is an inner loop); its clauses move no data.
    if (D->hasAssociatedStmt())
      visitStmt(D->getRawStmt());
    return;
  }
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(S))
    return fail(S->getBeginLoc(), "a jump leaves the loop");
  if (isa<BreakStmt>(S) && BreakTargets == 0)
    return fail(S->getBeginLoc(), "'break' leaves the loop");
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        if (V->isStaticLocal())
          return fail(V->getLocation(), "static local '" + V->getName() +
                                            "' would be shared by all "
                                            "iterations");
        if (!V->getInit())
          continue;
        if (viewUsed(V, V->getLocation())) {
          // The view outlives the loop over its offsets.
          std::optional<PointerView> View = pointerViewOf(*V);
          for (const ViewOffset &Offset : View->Offsets)
            visitValue(Offset.Term);
          continue;
        }
        visitValue(V->getInit());
      }
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (visitMinMaxIf(*If))
      return;
    visitStmt(If->getInit());
    visitStmt(If->getConditionVariableDeclStmt());
    visitValue(If->getCond());
    visitConditional(If->getThen());
    return visitConditional(If->getElse());
  }
  if (const auto *For = dyn_cast<ForStmt>(S))
    return visitInnerFor(*For);
  // The body of a while loop or a switch may run any number of times.
  bool Breakable = isa<WhileStmt, DoStmt, SwitchStmt>(S);
  BreakTargets += Breakable;
  ConditionalDepth += Breakable;
  for (const Stmt *Child : S->children())
    visitStmt(Child);
  BreakTargets -= Breakable;
  ConditionalDepth -= Breakable;
}

/// A canonical inner loop gives its index a range, which subscripts over it
/// use; its increment is not a modification of the index. Any other inner
/// loop may run any number of times.
void AccessWalker::visitInnerFor(const ForStmt &For) {
  ++BreakTargets;
  auto Canonical = matchCanonicalLoop(For);
  if (Canonical) {
    visitValue(Canonical->Init);
    visitValue(Canonical->Limit);
    visitValue(Canonical->Step);
    InnerLoops.push_back(*Canonical);
    visitStmt(For.getBody());
    InnerLoops.pop_back();
  } else {
    llvm::consumeError(Canonical.takeError());
    ++ConditionalDepth;
    for (const Stmt *Child : For.children())
      visitStmt(Child);
    --ConditionalDepth;
  }
  --BreakTargets;
}

void AccessWalker::visitValue(const Expr *E) {
  if (!E || Failed)
    return;
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      return visitObject(Cast->getSubExpr(), AccessKind::Read);
    return visitValue(Cast->getSubExpr());
  }
  if (isa<UnaryExprOrTypeTraitExpr>(E))
    return; // sizeof/alignof do not evaluate their operand
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    return visitAssignment(*B);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->isIncrementDecrementOp()) {
      visitObject(U->getSubExpr(), AccessKind::Read);
      return visitObject(U->getSubExpr(), AccessKind::Write);
    }
    if (U->getOpcode() == UO_AddrOf)
      return visitAddressOf(*U);
    if (U->getOpcode() == UO_Deref)
      return visitObject(U, AccessKind::Read);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return visitCall(*Call);
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isLogicalOp()) {
    visitValue(B->getLHS());
    return visitConditional(B->getRHS());
  }
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(E)) {
    visitValue(C->getCond());
    visitConditional(C->getTrueExpr());
    return visitConditional(C->getFalseExpr());
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    // A variable used without being loaded: an array decaying to a pointer.
    if (const VarDecl *V = outerVariable(*Ref))
      fail(Ref->getLocation(), "'" + V->getName() +
                                   "' is used as an address in the loop");
    return;
  }
  for (const Stmt *Child : E->children())
    visitStmt(Child);
}

void AccessWalker::visitObject(const Expr *E, AccessKind Kind) {
  if (!E || Failed)
    return;
  E = E->IgnoreParens();
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
    return visitElement(Sub, Sub->getBase(), Sub->getIdx(), Kind);
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref) {
    // `*(p + e)`, `*(e + p)` are `p[e]`; `*(p + a + b)` is `p[a + b]`.
    const Expr *Pointer = U->getSubExpr();
    llvm::SmallVector<const Expr *, 2> Offsets; // the outermost sum's first
    while (const auto *Sum =
               dyn_cast<BinaryOperator>(Pointer->IgnoreParens())) {
      if (Sum->getOpcode() != BO_Add)
        break;
      bool PointerLeft = Sum->getLHS()->getType()->isPointerType();
      Offsets.push_back(PointerLeft ? Sum->getRHS() : Sum->getLHS());
      Pointer = PointerLeft ? Sum->getLHS() : Sum->getRHS();
    }
    if (Offsets.empty())
      return visitElement(U, Pointer, nullptr, Kind);
    const Expr *Index = Offsets.front();
    Offsets.erase(Offsets.begin());
    std::reverse(Offsets.begin(), Offsets.end());
    return visitElement(U, Pointer, Index, Kind, Offsets);
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (const ViewChain *View = viewOf(V))
      return fail(Ref->getLocation(),
                  "pointer '" + V->getName() + "', a view of '" +
                      View->Root->getName() +
                      "', is used other than by subscript (pointer "
                      "arithmetic or aliasing)");
    if (V == Loop.Index && Kind != AccessKind::Read)
      return fail(Ref->getLocation(), "the loop body modifies the loop "
                                      "variable '" +
                                          V->getName() + "'");
    if (V && Locals.Vars.count(V) && Kind != AccessKind::Read)
      ModifiedLocals.insert(V);
    V = outerVariable(*Ref);
    if (!V)
      return;
    if (V->getType()->isPointerType())
      return fail(Ref->getLocation(),
                  Kind == AccessKind::Read
                      ? "pointer '" + V->getName() +
                            "' is used other than by subscript (pointer "
                            "arithmetic or aliasing)"
                      : "pointer '" + V->getName() +
                            "' is assigned in the loop");
    return record(V, Access{Kind, Ref});
  }
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (M->isArrow())
      return visitValue(M->getBase());
    ++FieldDepth;
    visitObject(M->getBase(), Kind);
    --FieldDepth;
    return;
  }
  visitValue(E);
}

void AccessWalker::checkRedeclarable(const VarDecl &View, SourceLocation Use) {
  if (InHeader)
    return fail(Use, "the loop's header uses view '" + View.getName() +
                         "' ('" + sourceText(View.getInit(), Ctx) +
                         "'), declared before the loop; the device computes "
                         "such a view at the top of the loop's body: use the "
                         "pointer it views in the header");
  if (std::optional<std::string> Why = whyNotRedeclarable(View, *Loop.Loop))
    fail(Use, *Why);
}

const ViewChain *AccessWalker::viewUsed(const VarDecl *V, SourceLocation Use) {
  const ViewChain *View = viewOf(V);
  if (!View)
    return nullptr;
  for (const VarDecl *Before : View->DeclaredBeforeLoop)
    if (!llvm::is_contained(ViewsBeforeLoop, Before)) {
      ViewsBeforeLoop.push_back(Before);
      // Only a loop that gets a directive of its own declares it again.
      if (Nested == NestedDirectives::Refuse)
        checkRedeclarable(*Before, Use);
    }
  return View;
}

void AccessWalker::visitElement(const Expr *Site, const Expr *Base,
                                const Expr *Index, AccessKind Kind,
                                llvm::ArrayRef<const Expr *> Offsets) {
  // The subscript is a value of its own, whatever field is then taken.
  auto VisitIndex = [&] {
    unsigned Field = std::exchange(FieldDepth, 0);
    for (const Expr *Offset : Offsets)
      visitValue(Offset);
    visitValue(Index);
    FieldDepth = Field;
  };
  // An element of an array field (`p[i].pos[k]`) is part of the struct
  // that holds the field, as any field is.
  if (const auto *Field = dyn_cast<MemberExpr>(Base->IgnoreParenImpCasts());
      Field && !Field->isArrow() && Field->getType()->isConstantArrayType()) {
    VisitIndex();
    return visitObject(Field, Kind);
  }
  auto Sums = [&](Access &A) {
    for (const Expr *Offset : Offsets)
      A.ViewOffsets.push_back({Offset, /*Negated=*/false});
  };
  llvm::SmallVector<const Expr *, 2> Leading;
  const DeclRefExpr *Ref = asVarRef(underRowSubscripts(Base, Leading));
  const auto *Var = Ref ? cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (Var && isArrayParameter(*Var) && !Locals.Vars.count(Var))
    return visitArrayElement(Site, *Ref, Leading, Index, Kind, Offsets);
  Ref = asVarRef(Base);
  if (const ViewChain *View =
          Ref ? viewUsed(cast<VarDecl>(Ref->getDecl()), Site->getBeginLoc())
              : nullptr) {
    if (isArrayParameter(*View->Root))
      return fail(Site->getBeginLoc(),
                  "pointer '" + Ref->getDecl()->getName() +
                      "' views rows of array parameter '" +
                      View->Root->getName() +
                      "'; subscript the parameter itself");
    VisitIndex();
    Access A{Kind, Site, Index};
    A.ViewOffsets = View->Offsets;
    Sums(A);
    A.ViewBeforeLoop = !View->DeclaredBeforeLoop.empty();
    return record(View->Root, A);
  }
  const VarDecl *V = Ref ? outerVariable(*Ref) : nullptr;
  if (!V || !(V->getType()->isPointerType() || isKernelLocalArray(*V))) {
    // Not an element of an outer pointer: the base itself is a value.
    visitValue(Base);
    return VisitIndex();
  }
  VisitIndex();
  Access A{Kind, Site, Index};
  Sums(A);
  record(V, A);
}

void AccessWalker::visitArrayElement(const Expr *Site, const DeclRefExpr &Ref,
                                     llvm::ArrayRef<const Expr *> Leading,
                                     const Expr *Index, AccessKind Kind,
                                     llvm::ArrayRef<const Expr *> Offsets) {
  const VarDecl *V = outerVariable(Ref);
  if (!V)
    return;
  const auto *Param = dyn_cast<ParmVarDecl>(V);
  if (!Param)
    return fail(Ref.getLocation(),
                "'" + V->getName() +
                    "' points to arrays but is not a parameter of the "
                    "kernel; only array parameters can be mapped");
  auto It = Shapes.find(Param);
  if (It == Shapes.end()) {
    auto Read = arrayShape(*Param);
    if (!Read)
      return fail(Read.takeError());
    It = Shapes.try_emplace(Param, std::move(*Read)).first;
  }
  const ArrayShape *Shape = &It->second;
  if (!Index || !Offsets.empty() ||
      Leading.size() != Shape->InnerExtents.size())
    return fail(Site->getBeginLoc(),
                "array parameter '" + V->getName() +
                    "' is used other than by one subscript per dimension (" +
                    llvm::Twine(Shape->InnerExtents.size() + 1) + ")");
  Access A{Kind, Site, Index};
  for (unsigned D = 0; D < Leading.size(); ++D)
    A.Rows.push_back({Leading[D], Shape->stride(D)});
  // The subscripts are values of their own, whatever field is then taken.
  unsigned Field = std::exchange(FieldDepth, 0);
  for (const RowSubscript &Row : A.Rows)
    visitValue(Row.Index);
  visitValue(Index);
  FieldDepth = Field;
  record(V, A);
}


llvm::Expected<LoopAccesses> AccessWalker::run() {
  InHeader = true;
  visitValue(Loop.Init);
  visitValue(Loop.Limit);
  visitValue(Loop.Step);
  InHeader = false;
  visitStmt(Loop.Loop->getBody());
  if (Failed)
    return std::move(Failure);
  LoopAccesses Result;
  Result.ModifiedLocals = std::move(ModifiedLocals);
  Result.Locals = Locals.Vars;
  Result.OutsideInnerIndices = Locals.OutsideInnerIndices;
  Result.ViewsBeforeLoop = std::move(ViewsBeforeLoop);
  for (auto &Entry : Found)
    Result.Variables.push_back(std::move(Entry.second));
  const SourceManager &SM = Loop.Index->getASTContext().getSourceManager();
  llvm::sort(Result.Variables, [&](const VariableAccesses &A,
                                           const VariableAccesses &B) {
    return SM.isBeforeInTranslationUnit(A.Var->getLocation(),
                                        B.Var->getLocation());
  });
  llvm::sort(Result.ViewsBeforeLoop, [&](const VarDecl *A, const VarDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  return Result;
}

} // namespace walk

const DeclRefExpr *designatedVariable(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
      E = Sub->getBase();
    else if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase();
    else if (const auto *U = dyn_cast<UnaryOperator>(E);
             U && U->getOpcode() == UO_Deref)
      E = U->getSubExpr();
    else
      return walk::asVarRef(E);
  }
}

bool readOnlyParameter(const FunctionDecl *Callee, unsigned I) {
  if (!Callee || I >= Callee->getNumParams())
    return false;
  const auto *PT = Callee->getParamDecl(I)->getType()->getAs<PointerType>();
  return PT && PT->getPointeeType().isConstQualified();
}

bool isKernelLocalArray(const VarDecl &V) {
  const auto *Array = V.getASTContext().getAsConstantArrayType(V.getType());
  return Array && V.hasLocalStorage() && !isa<ParmVarDecl>(V) &&
         Array->getElementType()->isArithmeticType();
}

bool VariableAccesses::byElement() const {
  return Var->getType()->isPointerType() || isKernelLocalArray(*Var);
}

llvm::Expected<LoopAccesses> collectLoopAccesses(const CanonicalLoop &Loop,
                                                NestedDirectives Nested,
                                                OuterGlobals Globals,
                                                LocalArrays Arrays) {
  walk::LoopLocals Locals(*Loop.Loop);
  Locals.TraverseStmt(const_cast<ForStmt *>(Loop.Loop));
  return walk::AccessWalker(Loop, Locals, Nested, Globals, Arrays).run();
}

} // namespace ownmap
