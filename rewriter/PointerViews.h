//===- PointerViews.h - local pointers that stand for part of a parameter -===//
//
// `float *row = a + i * ld;` makes row a view of a: its elements are a's,
// at an offset. A loop's accesses through a view are accesses of the
// parameter it finally views, when neither the view, nor (for a view
// declared before the loop) its base and the variables of its offset, ever
// change. A view declared before the loop gets its value again at the top
// of the loop's body, where the device computes it from the mapped
// parameter: its offset may only read scalar variables.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_POINTERVIEWS_H
#define OWNMAP_REWRITER_POINTERVIEWS_H

#include "ChangedVariables.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace ownmap {

/// One term of a view's element offset from its base: `+ e` or `- e`.
struct ViewOffset {
  const clang::Expr *Term = nullptr;
  bool Negated = false;
};

/// A local pointer that stands for part of another one: `T *v = p + e;`,
/// `e + p`, `p - e`, `p + e1 - e2`, `&p[e]` or `p`, never reassigned,
/// where p is a pointer parameter or another view.
struct PointerView {
  const clang::VarDecl *Base = nullptr;
  llvm::SmallVector<ViewOffset, 1> Offsets; // none for `T *v = p;`
};

/// The view that V's declaration makes, if it is of that form.
std::optional<PointerView> pointerViewOf(const clang::VarDecl &V);

/// True when View's offsets read only scalar local variables and
/// parameters, enumerators and constants, and call nothing: the device
/// can compute the view again from its base.
bool offsetsFromScalars(const PointerView &View);

/// True when View, declared before a loop, is given its value again at
/// the top of the loop's body by an assignment to a private copy (the
/// directive lists it in `private`): a view whose pointer is not itself
/// const. Declaring it again instead would hide the one before the loop
/// (-Wshadow) and leave that one unused where only offloaded loops read
/// it (-Wunused-variable).
bool viewIsReassigned(const clang::VarDecl &View);

/// The code that gives View its value at the top of a loop's body:
/// "w = y + 2;" when viewIsReassigned, else its declaration again,
/// "float *const w = y + 2;".
std::string viewAtBodyTop(const clang::VarDecl &View);

/// Why View, declared before Loop, cannot be declared again at the top of
/// Loop's body: the body declares View's name itself, or a variable of
/// Loop's header hides one that View's declaration reads. None when it can.
std::optional<std::string> whyNotRedeclarable(const clang::VarDecl &View,
                                              const clang::ForStmt &Loop);

/// A view resolved to the pointer parameter it is part of.
struct ViewChain {
  const clang::VarDecl *Root = nullptr;
  /// The offsets of the views from Root, outermost first.
  llvm::SmallVector<ViewOffset, 1> Offsets;
  /// The views of the chain declared before the loop, outermost first.
  llvm::SmallVector<const clang::VarDecl *, 1> DeclaredBeforeLoop;
};

/// Resolves the pointer locals one loop uses to views of parameters.
class ViewResolver {
public:
  /// LoopVars: the variables declared in the loop; LoopChanged: the
  /// variables the loop changes; Redeclared: views declared before the
  /// loop are to be declared again in it (not so in code that is already
  /// OpenMP).
  ViewResolver(const llvm::SmallPtrSetImpl<const clang::VarDecl *> &LoopVars,
               const VariableSet &LoopChanged, bool Redeclared)
      : LoopVars(LoopVars), LoopChanged(LoopChanged), Redeclared(Redeclared) {}

  /// V's chain when V is a view of a parameter: a pointer local of the
  /// loop that the loop never changes, or a pointer local of the kernel
  /// before the loop that the kernel never changes, nor its base and the
  /// variables of its offset, and whose offset is computed from scalars
  /// when it is Redeclared (offsetsFromScalars). Null otherwise.
  const ViewChain *viewOf(const clang::VarDecl *V);

private:
  const llvm::SmallPtrSetImpl<const clang::VarDecl *> &LoopVars;
  const VariableSet &LoopChanged;
  bool Redeclared;
  llvm::DenseMap<const clang::VarDecl *, std::optional<ViewChain>> Views;
  /// Variables the kernel changes anywhere, computed on first need.
  std::optional<VariableSet> KernelChanged;

  /// True when the kernel changes V, or a variable Offsets read, anywhere.
  bool changedInKernel(const clang::VarDecl *V,
                       llvm::ArrayRef<ViewOffset> Offsets);
};

} // namespace ownmap

#endif
