//===- ArithmeticType.h - the type printed section arithmetic computes in -===//
//
// A Polynomial keeps the atoms of a subscript, not the type the kernel
// computes it in: `y[(size_t)i * n + j]` with `int m, n` reaches up to
// element m * n - 1 in size_t, but the text `m * n` computes in int and
// overflows once the product passes INT_MAX. Every text the rewriter
// prints from such a polynomial (a map section, an update, a run-time
// check, a loop's condition) must compute in a type at least as wide as
// the code it comes from: an ArithmeticType says which, and Polynomial's
// printing casts the first factor of each product (and of a sum's first
// term) to it where that factor is narrower: `(long)m * n`. A type is kept
// signed so that a guard's `len > 0` stays a comparison of signed values.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_ARITHMETICTYPE_H
#define OWNMAP_REWRITER_ARITHMETICTYPE_H

#include "clang/AST/ASTContext.h"
#include <string>

namespace ownmap {

class Atom;

class ArithmeticType {
public:
  /// The atoms' own types: C's int arithmetic, as for int subscripts.
  ArithmeticType() = default;

  /// For values of type T (a subscript, a loop's bounds): the atoms' own
  /// types when T is a signed type no wider than int; else the first of
  /// long and long long that holds every value of T, or the signed type
  /// of T's width when none does (size_t: no section reaches past half the
  /// address space).
  static ArithmeticType of(clang::QualType T, const clang::ASTContext &Ctx);
  /// The wider of this and Other.
  ArithmeticType widest(const ArithmeticType &Other) const;

  bool isPlain() const { return Bits == 0; }
  /// A's text, cast to this type when A's own type is narrower or not
  /// known: `(long)m`.
  std::string widened(const Atom &A) const;

private:
  const clang::ASTContext *Ctx = nullptr;
  unsigned Bits = 0; // 0: plain
  std::string Spelling;
};

} // namespace ownmap

#endif
