//===- ArrayParameters.h - C99 array parameters as rows of elements ------===//
//
// A parameter written `float a[m][n]` has type `float (*)[n]`: a pointer to
// rows of n elements, so `a[i][j]` is element `i * n + j` of the data. The
// loop analysis flattens such subscripts to that one (LoopAccess.h), and
// maps move whole rows, `a[lo:len]`, the ones the first subscript reaches.
// That needs the extents after the first to be the values the subscripts
// use: integer constants, or expressions of integer parameters the kernel
// does not change (C fixes the row length at entry). The row count, for
// when the subscripts cannot be bounded, is the written `[m]` or OM_LEN.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_ARRAYPARAMETERS_H
#define OWNMAP_REWRITER_ARRAYPARAMETERS_H

#include "BorrowChecks.h"
#include "Polynomial.h"
#include "Subscript.h"
#include "clang/AST/Decl.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace ownmap {

/// The shape of an array parameter.
struct ArrayShape {
  /// The extents of the dimensions after the first, outermost first.
  std::vector<Polynomial> InnerExtents;
  /// The row count as written (`m` of `a[m][n]`); none for `a[][n]` or
  /// `(*a)[n]`.
  std::optional<std::string> WrittenRows;
  clang::SourceLocation WrittenRowsLoc;

  /// The elements one step of subscript Dimension (0: the first) skips:
  /// the product of the extents after it; stride(0) is a row's.
  Polynomial stride(unsigned Dimension) const;
};

/// True when P points to arrays: it is declared `T a[m][n]...`, `T a[][n]`
/// or `T (*a)[n]`.
bool isArrayParameter(const clang::VarDecl &P);

/// The bytes of what pointer P points to, e.g. 4; for a row of variable
/// length, `sizeof *a` as the program would write it.
Polynomial pointeeBytes(const clang::VarDecl &P);

/// What the row subscripts in Base, the base of an element access, apply
/// to: `a` for `a[i]` (of `a[i][j]`), with `i` put in Leading (outermost
/// first); Base itself, without parentheses and implicit casts, when it
/// is not a subscript of an array.
const clang::Expr *underRowSubscripts(
    const clang::Expr *Base, llvm::SmallVectorImpl<const clang::Expr *> &Leading);

/// The shape of array parameter P. Fails (ownmap.annotation.extent) when an
/// inner extent is not an integer constant or an expression of integer
/// parameters that the kernel does not change.
llvm::Expected<ArrayShape> arrayShape(const clang::ParmVarDecl &P);

/// The rows of its array parameter that access A (`a[i][j]`, A.Rows set)
/// reaches: the range of its first subscript over the nest. Fails, with a
/// plain message, when that is not affine or when a later subscript may
/// leave its row: then rows do not bound the elements A reaches.
llvm::Expected<AffineSubscript>
reachedRows(const SubscriptAnalysis &Subscripts, const Access &A,
            const ArrayShape &Shape, llvm::ArrayRef<Polynomial> Stated);

/// True when Written, elements of the flattened data, are exactly the rows
/// [Lower, Lower + Length) of Shape: a copy back of those rows moves only
/// written elements.
bool coversRows(const ArrayShape &Shape, const ElementRange &Written,
                const Polynomial &Lower, const Polynomial &Length);

} // namespace ownmap

#endif
