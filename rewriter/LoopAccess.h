//===- LoopAccess.h - what an offload candidate loop reads and writes -----===//
//
// Walks one canonical loop (its bounds and body) in evaluation order and
// records, for every variable declared outside the loop, each read and write:
// element accesses `p[e]` / `*(p + e)` / `*p` for pointers, whole-variable
// accesses for scalars, with the canonical inner loops around each. Uses it
// cannot describe that way (other pointer arithmetic, a pointer passed to a
// call other than as `const T *`, an address taken, jumps out of the loop,
// static locals, aggregates) are errors: the loop must not be offloaded on a
// guess. Globals are errors or left to the caller (OuterGlobals).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_LOOPACCESS_H
#define OWNMAP_REWRITER_LOOPACCESS_H

#include "CanonicalLoop.h"
#include "PointerViews.h"
#include "Polynomial.h"
#include "Reductions.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <vector>

namespace ownmap {

enum class AccessKind {
  Read,
  Write,
  /// A reduction update of a scalar s by an expression e that does not
  /// mention s: `s += e`, `s = s * e`, `s = s < e ? s : e`, `s = fmaxf(s, e)`,
  /// `if (e > s) s = e`, ... (see ReductionOp).
  Update,
};

inline bool isWrite(AccessKind K) { return K != AccessKind::Read; }
inline bool isRead(AccessKind K) { return K != AccessKind::Write; }

/// A subscript of an array parameter before its last (`i` of `a[i][j]`),
/// with the elements one step of it skips (`n` for `float a[m][n]`).
struct RowSubscript {
  const clang::Expr *Index;
  Polynomial Stride;
};

/// One access, in evaluation order within an iteration.
struct Access {
  AccessKind Kind;
  /// The accessing expression: `p[e]` or `*p` for pointers, the reference to
  /// the variable for scalars.
  const clang::Expr *Site;
  /// For element accesses: the subscript (`e` of `*(p + e)` too), or null
  /// for `*p` and for a pointer passed to a call.
  const clang::Expr *Index = nullptr;
  /// For Update: the reduction operator.
  ReductionOp Reduction = ReductionOp::Add;
  /// The canonical inner loops around the access, outermost first.
  llvm::SmallVector<CanonicalLoop, 2> InnerLoops{};
  /// Not executed in every iteration (under if, ?:, &&, a while loop, or in
  /// a loop body that has break or continue).
  bool Conditional = false;
  /// A pointer passed to a `const T *` parameter of Callee: the callee reads
  /// elements the rewriter does not see (callee bodies are not analysed).
  const clang::FunctionDecl *Callee = nullptr;
  /// Through a local pointer view of the variable (`float *row = a + i *
  /// ld; row[j]`): the element offsets of the views, outermost first, to
  /// add to Index (none for `*row`).
  llvm::SmallVector<ViewOffset, 1> ViewOffsets{};
  /// Through a view declared before the loop. The rewriter declares it
  /// again in the loop; in code that is already OpenMP the device finds it
  /// through the map of its first element.
  bool ViewBeforeLoop = false;
  /// Of a field of the element only (`p[i].x`): it does not write the
  /// whole element.
  bool Field = false;
  /// Of an array parameter (ArrayParameters.h): its subscripts before the
  /// last, outermost first, which Index follows: `a[i][j]` of `float
  /// a[m][n]` is element `i * n + j` of the data.
  llvm::SmallVector<RowSubscript, 1> Rows{};
};

/// Everything one outer variable undergoes in the loop.
struct VariableAccesses {
  const clang::VarDecl *Var = nullptr;
  std::vector<Access> Accesses;

  /// A pointer or an array local to the kernel (isKernelLocalArray): the
  /// loop reaches its elements, not the variable itself.
  bool byElement() const;
};

/// An array of arithmetic elements with a constant extent declared in the
/// kernel's body (`double z[N];`): the device needs a copy of its own,
/// mapped like an array parameter's data.
bool isKernelLocalArray(const clang::VarDecl &V);

/// Outer variables the loop uses, ordered by declaration.
struct LoopAccesses {
  std::vector<VariableAccesses> Variables;
  /// Variables declared in the loop that the body modifies (the increment of
  /// a canonical inner loop does not count): they are not invariant, nor
  /// loop indices with a known range.
  llvm::SmallPtrSet<const clang::VarDecl *, 8> ModifiedLocals;
  /// Locals of the loop: they cannot appear in a map clause. Indices of
  /// canonical loops declared before the loop count as locals.
  llvm::SmallPtrSet<const clang::VarDecl *, 16> Locals;
  /// Indices of canonical inner loops declared before the offloaded loop:
  /// each iteration needs its own (a private clause).
  std::vector<const clang::VarDecl *> OutsideInnerIndices;
  /// Views declared before the loop that it uses, or that the views it
  /// declares view, in declaration order: the device computes them again
  /// at the top of the loop's body.
  std::vector<const clang::VarDecl *> ViewsBeforeLoop;
};

/// OpenMP directives inside the loop: an error where the loop is to get a
/// directive of its own (the rewriter), or followed as part of the
/// iteration in code that is already OpenMP (the audit: a nested `parallel
/// for` is an inner loop, an `atomic` its statement).
enum class NestedDirectives { Refuse, Follow };

/// Globals (not static locals) that the loop uses: an error (the audit),
/// or left to LoopGlobals.h, which gives the device the host's value of
/// those it only reads and refuses the others (the rewriter).
enum class OuterGlobals { Refuse, Leave };

/// Arrays local to the kernel declared outside the loop: reached by element
/// and recorded (the rewriter maps them), or an error (the audit, where
/// OpenMP maps them implicitly).
enum class LocalArrays { Record, Refuse };

llvm::Expected<LoopAccesses>
collectLoopAccesses(const CanonicalLoop &Loop,
                    NestedDirectives Nested = NestedDirectives::Refuse,
                    OuterGlobals Globals = OuterGlobals::Leave,
                    LocalArrays Arrays = LocalArrays::Record);

/// The variable an lvalue designates (part of), e.g. x for `x[i].f` or
/// `*x`; null when it is not a variable's.
const clang::DeclRefExpr *designatedVariable(const clang::Expr *E);

/// True when parameter I of Callee is a pointer to const: the callee may
/// only read through it (unless it casts const away, which C forbids to
/// rely on).
bool readOnlyParameter(const clang::FunctionDecl *Callee, unsigned I);

} // namespace ownmap

#endif
