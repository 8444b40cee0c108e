//===- InnerParallel.h - inner loops that the threads of a team share -----===//
//
// `target teams distribute parallel for` runs each iteration of the
// offloaded loop on one thread, and its inner loops serially there. A row
// loop whose body is a loop over columns, or loops of column loops
// (`for (i) { for (j) ...; for (k) for (j) ... }`), then runs one thread
// per row. When an inner loop's iterations are independent for each row,
// the rows go to teams (`target teams distribute`) and that loop to the
// threads of each team (`#pragma omp parallel for` before it), as GPU
// ports of such kernels do.
//
// An inner loop qualifies when it is reached from the offloaded loop's body
// through blocks and canonical loops only, isl proves that its iterations
// touch no element another writes (AffineConflicts.h), and it writes no
// variable declared outside it except the indices of canonical loops in
// it, which become private to each thread. Under a loop that runs in one
// thread (MapInference.h, Execution::Serial), whose only other choice is
// that one thread, a scalar declared outside the inner loop that it only
// updates with one reduction operator (`w -= a[i][k] * b[k]`) becomes its
// reduction, and so does one element of an array that it only updates so
// (`a[i][j] -= a[i][k] * a[k][j]`, ElementReductions.h); under teams, such
// a loop stays serial in its row (a thread a row is the faster choice for
// short rows).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_INNERPARALLEL_H
#define OWNMAP_REWRITER_INNERPARALLEL_H

#include "AffineConflicts.h"
#include "CanonicalLoop.h"
#include "ElementReductions.h"
#include "LoopAccess.h"
#include "Reductions.h"
#include "Subscript.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/ASTContext.h"
#include <string>
#include <vector>

namespace ownmap {

/// An inner loop whose iterations the threads of a team share.
struct ParallelInnerLoop {
  const clang::ForStmt *Loop = nullptr;
  /// Indices of loops in it declared outside it.
  std::vector<const clang::VarDecl *> Private;
  /// Scalars declared outside it that it only updates, by one operator.
  std::vector<std::pair<const clang::VarDecl *, ReductionOp>> Reductions;
  /// Elements of arrays that it only updates, by one operator, each held
  /// in a local for the loop (ElementReductions.h).
  std::vector<ElementReduction> Elements;
  /// Run-time conditions the proof needs.
  std::vector<ExtentCondition> InBounds;

  /// "#pragma omp parallel for private(k) reduction(+: w)"
  std::string pragma() const;
};

/// The outermost inner loops of Loop's body that qualify (above), each
/// starting its line; with reductions when AllowReductions, of elements of
/// the arrays whose Sections Loop maps.
std::vector<ParallelInnerLoop>
parallelInnerLoops(const SubscriptAnalysis &Subscripts, const CanonicalLoop &Loop,
                   const LoopAccesses &Accesses, const clang::ASTContext &Ctx,
                   bool AllowReductions,
                   llvm::ArrayRef<MappedSection> Sections);

} // namespace ownmap

#endif
