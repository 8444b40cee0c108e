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
#include "StatedFacts.h"
#include "llvm/Support/Error.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>
#include <vector>

namespace ownmap {

/// One loop of a nest: Index runs over [Lower, Upper). For a loop that
/// steps by more than one, Index counts its iterations and the loop's
/// variable takes the value VarValue (`i = lo + 2 * i'`); otherwise Index
/// is the variable. The loop runs at all when End > First (for a loop
/// whose bounds move with an outer index: when it runs for some value of
/// that index).
struct IndexRange {
  Atom Index;
  Polynomial Lower, Upper;
  Polynomial First, End;
  const clang::VarDecl *Var = nullptr;
  std::optional<Polynomial> VarValue;
  std::optional<Polynomial> Step; // of a strided loop (`i += s`)
  std::string Text; // "i in [0, n)"
  /// What the loop's bounds compute in: its variable's, start's and
  /// limit's types.
  ArithmeticType Type;
};

/// An affine subscript and the elements it reaches over its loop nest.
struct AffineSubscript {
  Polynomial Value;
  Polynomial Min, Max;             // inclusive
  std::vector<IndexRange> Nest;    // outermost (the offloaded loop) first
  /// What the kernel computes the subscript in (`(size_t)i * n + j`: a
  /// 64-bit type), for texts of its range.
  ArithmeticType Type;
};

/// True when P mentions the index of a loop of Nest.
bool mentionsIndex(const Polynomial &P, llvm::ArrayRef<IndexRange> Nest);

class SubscriptAnalysis {
public:
  /// Stated: facts P >= 0 the kernel states (OM_FACT, StatedFacts.h);
  /// Around: the ranges of the host loops around the loop.
  SubscriptAnalysis(const CanonicalLoop &Loop, const LoopAccesses &Accesses,
                    llvm::ArrayRef<Polynomial> Stated = {},
                    HostLoopFacts Around = {});

  /// The subscript of A over its nest, or an error saying why it is not
  /// affine (a plain string: callers place it).
  llvm::Expected<AffineSubscript> analyse(const Access &A) const;

  /// True when iterations of the loop at depth Level of S.Nest (0: the
  /// offloaded loop) reach pairwise disjoint elements through S: its stride
  /// exceeds what one iteration reaches, or S is injective over the nest.
  bool ownsElements(const AffineSubscript &S, unsigned Level) const;

  /// True when, in every iteration of the offloaded loop, the accesses All
  /// (of one array) reach elements that no other iteration reaches: they
  /// move with its index by the same stride, and all together stay within
  /// one stride (`xyz[3 * i + k]`, `a[2 * i]` with `a[2 * i + 1]`).
  bool iterationsDisjoint(llvm::ArrayRef<AffineSubscript> All) const;

  /// The range of a canonical loop inside the loops Enclosing (none for
  /// the offloaded loop): its bounds may use their indices and
  /// loop-invariant scalars.
  llvm::Expected<IndexRange>
  range(const CanonicalLoop &L, llvm::ArrayRef<IndexRange> Enclosing) const;

  /// True when A is a scalar declared outside the loop that the loop does
  /// not write, or an expression of such scalars without loads or calls.
  bool isInvariantAtom(const Atom &A) const;

  /// What the loop does that makes atom A of a subscript change in a way
  /// that cannot be followed, e.g. "'k' is assigned in the loop body".
  std::string whyVarying(const Atom &A) const;

  /// The facts P >= 0 the kernel states.
  llvm::ArrayRef<Polynomial> stated() const { return Stated; }
  /// The ranges of the host loops around the loop (for isl's proofs only:
  /// sections are lifted over those loops).
  const HostLoopFacts &around() const { return Around; }

private:
  const CanonicalLoop &Loop;
  const LoopAccesses &Accesses;
  const clang::ASTContext &Ctx;
  std::vector<Polynomial> Stated;
  HostLoopFacts Around;
  /// The subscripts analyse has found affine, with the accesses they are
  /// of: every check of the loop asks again for the same accesses, and the
  /// answer depends on the subscript's expressions and inner loops only.
  mutable std::vector<std::pair<Access, AffineSubscript>> Analysed;

  llvm::Expected<AffineSubscript> analyseAnew(const Access &A) const;

  std::optional<bool> strideIsPositive(const Polynomial &Coefficient,
                                       llvm::ArrayRef<IndexRange> Nest) const;
  llvm::Error bound(Polynomial &P, llvm::ArrayRef<IndexRange> Nest,
                    unsigned From, bool Low) const;
  bool isInvariantVar(const clang::VarDecl *V) const;
  llvm::Expected<Polynomial> viewedIndex(const Access &A) const;
  void substituteLocals(Polynomial &P,
                        llvm::ArrayRef<IndexRange> Nest) const;
  llvm::Error boundQuotients(AffineSubscript &S) const;
  void widestRuns(std::vector<IndexRange> &Nest) const;
  bool reachApart(llvm::ArrayRef<const AffineSubscript *> All,
                  unsigned Level) const;
};

} // namespace ownmap

#endif
