//===- AccessWalker.h - the walk behind collectLoopAccesses ---------------===//
//
// Internal to LoopAccess.cpp and LoopUpdates.cpp, which together walk one
// loop in evaluation order: LoopAccess.cpp the statements, values, objects
// and elements it visits, LoopUpdates.cpp what changes state - assignments,
// reduction updates, calls and addresses taken. Use LoopAccess.h instead.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_ACCESSWALKER_H
#define OWNMAP_REWRITER_ACCESSWALKER_H

#include "ArrayParameters.h"
#include "ChangedVariables.h"
#include "Diagnostics.h"
#include "LoopAccess.h"
#include "PointerViews.h"
#include "Reductions.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>

namespace ownmap::walk {

using namespace clang;

/// Variables declared inside the loop (the index included): private to an
/// iteration, so they need no map.
class LoopLocals : public RecursiveASTVisitor<LoopLocals> {
public:
  explicit LoopLocals(const ForStmt &Outer) : Outer(Outer) {}
  const ForStmt &Outer;
  llvm::SmallPtrSet<const VarDecl *, 16> Vars;
  /// Indices of canonical inner loops declared outside the loop.
  std::vector<const VarDecl *> OutsideInnerIndices;
  /// The body has break or continue: no access is certain to run.
  bool Jumps = false;
  /// Variables the loop changes (ChangedVariables.h).
  VariableSet Changed = changedVariables(&Outer);
  bool VisitVarDecl(VarDecl *V) {
    Vars.insert(V);
    return true;
  }
  /// An index declared before its loop is the loop's own, like one
  /// declared in the header (checkIndexOnlyInItsLoops makes sure).
  bool VisitForStmt(ForStmt *For) {
    auto Canonical = matchCanonicalLoop(*For);
    if (!Canonical) {
      llvm::consumeError(Canonical.takeError());
      return true;
    }
    if (Canonical->IndexDeclaredOutside &&
        Vars.insert(Canonical->Index).second && For != &Outer)
      OutsideInnerIndices.push_back(Canonical->Index);
    return true;
  }
  bool VisitBreakStmt(BreakStmt *) { return Jumps = true; }
  bool VisitContinueStmt(ContinueStmt *) { return Jumps = true; }
};

/// E as a reference to a variable, or null.
const clang::DeclRefExpr *asVarRef(const clang::Expr *E);

/// Walks the loop in evaluation order. Expressions are visited either as
/// values (visitValue) or as the object an lvalue designates (visitObject),
/// so every reference to an outer variable is seen with how it is used.
class AccessWalker {
public:
  AccessWalker(const CanonicalLoop &Loop, const LoopLocals &Locals,
               NestedDirectives Nested, OuterGlobals Globals,
               LocalArrays Arrays)
      : Loop(Loop), Locals(Locals), Ctx(Loop.Index->getASTContext()),
        Nested(Nested), Globals(Globals), Arrays(Arrays), Views(Locals.Vars, Locals.Changed,
              /*Redeclared=*/Nested == NestedDirectives::Refuse) {}

  llvm::Expected<LoopAccesses> run();

private:
  const CanonicalLoop &Loop;
  const LoopLocals &Locals;
  const ASTContext &Ctx;
  NestedDirectives Nested;
  OuterGlobals Globals;
  LocalArrays Arrays;
  ViewResolver Views; // local pointers that view parameters
  std::vector<const VarDecl *> ViewsBeforeLoop;
  std::map<const ParmVarDecl *, ArrayShape> Shapes; // read once each
  llvm::MapVector<const VarDecl *, VariableAccesses> Found;
  llvm::SmallPtrSet<const VarDecl *, 8> ModifiedLocals;
  llvm::SmallVector<CanonicalLoop, 2> InnerLoops; // around the current point
  unsigned ConditionalDepth = 0;
  unsigned FieldDepth = 0; // inside the base of `.field`
  llvm::Error Failure = llvm::Error::success();
  bool Failed = false;
  unsigned BreakTargets = 0; // enclosing inner loops and switches

  void fail(llvm::Error E) {
    if (Failed) {
      llvm::consumeError(std::move(E));
      return;
    }
    Failed = true;
    Failure = std::move(E);
  }
  void fail(SourceLocation Loc, const llvm::Twine &Message) {
    fail(sourceError(Rule::LoopUnsupported, Loc, Message));
  }

  void record(const VarDecl *V, Access A) {
    A.InnerLoops = InnerLoops;
    A.Field = FieldDepth > 0;
    A.Conditional = ConditionalDepth > 0 || Locals.Jumps;
    VariableAccesses &VA = Found[V];
    VA.Var = V;
    VA.Accesses.push_back(A);
  }

  /// An outer variable the loop can use, or null (inner local, or an error
  /// has been recorded).
  const VarDecl *outerVariable(const DeclRefExpr &Ref);
  /// True when V is a global that the caller analyses (OuterGlobals).
  bool leftToCaller(const VarDecl &V) const {
    return Globals == OuterGlobals::Leave && V.hasGlobalStorage() &&
           !V.isStaticLocal();
  }
  const ViewChain *viewOf(const VarDecl *V) { return Views.viewOf(V); }
  /// viewOf for a use of V at Use: the views of its chain declared before
  /// the loop are to be declared again at the top of the loop's body.
  const ViewChain *viewUsed(const VarDecl *V, SourceLocation Use);
  /// Fails unless View, declared before the loop, can be declared again at
  /// the top of its body: not used in the loop's header (which the device
  /// computes before the body), its name not declared by the body itself,
  /// nor a variable it reads hidden by one of the header.
  void checkRedeclarable(const VarDecl &View, SourceLocation Use);
  bool InHeader = false; // visiting the loop's header

  void visitStmt(const Stmt *S);
  void visitConditional(const Stmt *S) {
    ++ConditionalDepth;
    visitStmt(S);
    --ConditionalDepth;
  }
  void visitInnerFor(const ForStmt &For);
  bool visitMinMaxIf(const IfStmt &If);
  void visitValue(const Expr *E);
  void visitObject(const Expr *E, AccessKind Kind);
  /// An element of Base at Offsets (outermost first) plus Index.
  void visitElement(const Expr *Site, const Expr *Base, const Expr *Index,
                    AccessKind Kind,
                    llvm::ArrayRef<const Expr *> Offsets = {});
  /// `a[i][j]` of array parameter a: Leading holds `i`, outermost first.
  void visitArrayElement(const Expr *Site, const DeclRefExpr &Ref,
                         llvm::ArrayRef<const Expr *> Leading,
                         const Expr *Index, AccessKind Kind,
                         llvm::ArrayRef<const Expr *> Offsets);
  void visitAssignment(const BinaryOperator &B);
  bool visitScalarUpdate(const BinaryOperator &B);
  const VarDecl *reductionTarget(const Expr *LHS) const;
  void recordUpdate(const Expr *Target, const ReductionUpdate &U);
  void visitCall(const CallExpr &Call);
  void visitAddressOf(const UnaryOperator &AddrOf);
};

} // namespace ownmap::walk

#endif
