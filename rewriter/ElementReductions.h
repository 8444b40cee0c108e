//===- ElementReductions.h - one array element reduced over an inner loop -===//
//
// `for (k = 0; k < j; k++) a[i][j] -= a[i][k] * a[k][j];` writes one
// element in every iteration, so its iterations look dependent; but it
// only combines that element with values it never reaches, by one
// operator: a reduction, as `w -= ...` of a scalar is. The rewrite gives
// the element a local of its own for the loop, which the team's threads
// reduce (InnerParallel.h):
//
//   { double ownmap_acc_a = a[i][j];
//   #pragma omp parallel for reduction(+: ownmap_acc_a)
//   for (k = 0; k < j; k++) ownmap_acc_a -= a[i][k] * a[k][j];
//   a[i][j] = ownmap_acc_a; }
//
// It holds when every write of the array in the loop is such an update of
// one element written alike, whose subscripts the loop does not change;
// when isl proves that the loop's other accesses of the array never reach
// it (AffineConflicts.h); and when the element's row, in every iteration
// of the loops around, lies in the section the offloaded loop maps or is
// one its accesses reach, so reading it before an inner loop that runs no
// iteration reads mapped memory (and writes back what it read).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_ELEMENTREDUCTIONS_H
#define OWNMAP_REWRITER_ELEMENTREDUCTIONS_H

#include "AffineConflicts.h"
#include "LoopAccess.h"
#include "Reductions.h"
#include "Subscript.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace ownmap {

/// One element of an array that an inner loop reduces.
struct ElementReduction {
  const clang::VarDecl *Var = nullptr;
  /// The element as written (`a[i][j]`).
  std::string Element;
  /// Its type as the local is declared (`double`).
  std::string Type;
  ReductionOp Op = ReductionOp::Add;
  /// The local that holds it during the loop.
  std::string Local;
  /// Where the loop names the element: each becomes Local.
  std::vector<clang::CharSourceRange> Sites;
  /// The run-time condition the proof needs, if any.
  std::string InBounds;

  /// "double ownmap_acc_a = a[i][j];"
  std::string declaration() const;
  /// "a[i][j] = ownmap_acc_a;"
  std::string writeBack() const;
  /// The edits that name Local instead of the element in the loop.
  llvm::Error addEdits(const clang::SourceManager &SM,
                       clang::tooling::Replacements &Edits) const;
};

/// The element of VA's array that Inner, at depth Depth of the offloaded
/// loop, reduces (see above), where the offloaded loop maps Section of the
/// array; none when Inner writes the array otherwise or no proof holds.
std::optional<ElementReduction>
elementReduction(const SubscriptAnalysis &Subscripts,
                 const VariableAccesses &VA, const clang::ForStmt &Inner,
                 unsigned Depth, const MappedSection &Section,
                 const clang::ASTContext &Ctx);

} // namespace ownmap

#endif
