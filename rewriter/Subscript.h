//===- Subscript.h - ranges of affine subscripts over a loop nest ---------===//
//
// A subscript is affine when it is a polynomial over the indices of the
// canonical loops around the access (the offloaded loop and inner loops) and
// loop-invariant scalars, linear in each index, with coefficients that are
// constants or products of invariant scalars (taken as non-negative sizes,
// as in linearised 2-D indexing `i * n + j`). Its range over the nest is
// then [Min, Max], computed from the loops' own bound expressions.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_SUBSCRIPT_H
#define OWNMAP_REWRITER_SUBSCRIPT_H

#include "LoopAccess.h"
#include "Polynomial.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace ownmap {

/// One loop of a nest: its index runs over [Lower, Upper).
struct IndexRange {
  Atom Index;
  Polynomial Lower, Upper;
  std::string Text; // "i in [0, n)"
};

/// An affine subscript and the elements it reaches over its loop nest.
struct AffineSubscript {
  Polynomial Value;
  Polynomial Min, Max;             // inclusive
  std::vector<IndexRange> Nest;    // outermost (the offloaded loop) first
};

class SubscriptAnalysis {
public:
  SubscriptAnalysis(const CanonicalLoop &Loop, const LoopAccesses &Accesses);

  /// The subscript of A over its nest, or an error saying why it is not
  /// affine (a plain string: callers place it).
  llvm::Expected<AffineSubscript> analyse(const Access &A) const;

  /// True when iterations of the loop at depth Level of S.Nest (0: the
  /// offloaded loop) reach pairwise disjoint elements through S: its stride
  /// exceeds what one iteration reaches, or S is injective over the nest.
  bool ownsElements(const AffineSubscript &S, unsigned Level) const;

  /// True when S reaches every element of [Min, Max] exactly once (in some
  /// order of the indices, the first stride is one and each next one is
  /// the number of elements the ones before it cover).
  bool isDense(const AffineSubscript &S) const;

  /// The range of a canonical loop, with invariant bounds when Inner.
  llvm::Expected<IndexRange> range(const CanonicalLoop &L, bool Inner) const;

  /// True when A is a scalar declared outside the loop that the loop does
  /// not write.
  bool isInvariantAtom(const Atom &A) const;

private:
  const CanonicalLoop &Loop;
  const LoopAccesses &Accesses;
  const clang::ASTContext &Ctx;

  llvm::Error bound(Polynomial &P, const std::vector<IndexRange> &Nest,
                    unsigned From, bool Low) const;
};

} // namespace ownmap

#endif
