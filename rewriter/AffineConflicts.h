//===- AffineConflicts.h - loop-carried conflicts decided on isl ----------===//
//
// Two accesses of an array conflict when they may reach one element and one
// of them writes it. The offloaded loop (or the pair it collapses) carries
// no dependence through the array when no two of its iterations hold
// conflicting accesses. With the subscripts and the loop bounds affine in
// the loops' indices and in invariant integers, isl, the integer set library
// under PPCG and Polly, decides that exactly: the conflicting pairs form an
// integer set, empty or not. Triangular nests (`j` from `i + 1`),
// symmetric writes (`c[i][j]` with `c[j][i]`) and a row read while another
// is written are all such sets.
//
// An array parameter's subscripts are compared dimension by dimension,
// which equals comparing elements while each subscript after the first
// stays within its extent, as C requires of an array. That assumption is
// not taken on trust: isl gives the parameters under which some access
// would leave its row, and the loop checks the rest at run time
// (InBounds), unless isl proves it always holds.
//
// Whatever isl cannot express (an index times a variable, `i * n + j` with
// `n` a parameter; calls; pointer views) gets no answer, and the caller
// keeps its own analysis.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_AFFINECONFLICTS_H
#define OWNMAP_REWRITER_AFFINECONFLICTS_H

#include "LoopAccess.h"
#include "Subscript.h"
#include <optional>
#include <string>

namespace ownmap {

/// What isl proved of one array.
struct ConflictFree {
  /// A C condition on the kernel's integers under which every subscript
  /// after the first of the array stays within its extent; empty when that
  /// always holds where the accesses run.
  std::string InBounds;
};

/// The run-time condition (ConflictFree::InBounds) a proof about the array
/// of Var needs, checked before the loop.
struct ExtentCondition {
  const clang::VarDecl *Var;
  std::string Condition;
};

/// Proves, on isl, that no two iterations of the offloaded loop (Levels 1)
/// or of the loop pair it collapses (Levels 2) hold accesses of VA's array
/// that reach one element when one of them writes it. None when a conflict
/// may exist or an access is not affine.
std::optional<ConflictFree>
proveConflictFree(const SubscriptAnalysis &Subscripts,
                  const VariableAccesses &VA, unsigned Levels);

/// The same for the iterations of Inner, an inner loop at depth Depth of
/// the nest (1: in the offloaded loop's body), while the loops around it
/// stay at one iteration: its accesses of VA's array (the others do not
/// run beside them). Some when none of them writes.
std::optional<ConflictFree>
proveInnerConflictFree(const SubscriptAnalysis &Subscripts,
                       const VariableAccesses &VA, const clang::ForStmt &Inner,
                       unsigned Depth);

/// What a loop maps of an array: rows (elements, for one dimension)
/// [Lower, Lower + Length), when every polynomial of Guard is >= 0, else
/// none.
struct MappedSection {
  const clang::VarDecl *Var = nullptr;
  Polynomial Lower, Length;
  std::vector<Polynomial> Guard;
};

/// For an inner loop at depth Depth that updates one element of VA's array
/// at Element (and its copies) by a reduction: proves that Element reaches
/// one element in all of the loop's iterations, that none of Others (the
/// loop's other accesses of the array, all reads) reaches it while the
/// loops around stay at one iteration, and that every subscript after the
/// first stays within its extent (or the condition under which it does).
/// The element's row must also lie, in every iteration of the loops
/// around, in Section, the loop's map of the array, or in the rows the
/// loop's accesses reach (so reading it where the inner loop runs no
/// iteration reads mapped memory).
std::optional<ConflictFree>
proveElementApart(const SubscriptAnalysis &Subscripts,
                  const VariableAccesses &VA, const Access &Element,
                  llvm::ArrayRef<const Access *> Others, unsigned Depth,
                  const MappedSection &Section);

} // namespace ownmap

#endif
