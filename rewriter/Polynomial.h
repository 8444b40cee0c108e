//===- Polynomial.h - integer expressions as sums of products ------------===//
//
// Section bounds are printed from the loops' own bound expressions, combined
// with subscripts: `n - 1 - 1 + 2` should read `n`, and a linearised 2-D
// subscript `i * n + j` over i in [0, m), j in [0, n) should give `m * n`.
// A Polynomial is c0 + k1*m1 + k2*m2 + ... where each monomial m is a product
// of atoms; an atom is the source text of a sub-expression the polynomial
// does not look into (a variable, a call, ...), with the variable it names.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_POLYNOMIAL_H
#define OWNMAP_REWRITER_POLYNOMIAL_H

#include "ArithmeticType.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ownmap {

class Polynomial;

/// A leaf of a Polynomial: its text, the variable when it is one, and the
/// expression it stands for when it comes from source (not part of its
/// identity: equal texts of one variable are one atom). Immutable and
/// shared: polynomials are copied, split and multiplied all the time, and
/// copy their atoms by reference. The count is not atomic: the atoms of a
/// file are made and dropped by the one thread that analyses it.
class Atom {
public:
  Atom() = default;
  /// Dividend: for a quotient the analysis writes by a positive divisor
  /// (`(n - 1) / 2`, the last step of a strided loop), whose sign it has.
  Atom(std::string Text, const clang::VarDecl *Var = nullptr,
       const clang::Expr *Source = nullptr,
       std::shared_ptr<const Polynomial> Dividend = nullptr);

  const std::string &text() const;
  const clang::VarDecl *var() const { return D ? D->Var : nullptr; }
  const clang::Expr *source() const { return D ? D->Source : nullptr; }
  const Polynomial *dividend() const {
    return D ? D->Dividend.get() : nullptr;
  }

  bool operator==(const Atom &O) const {
    return D == O.D || (var() == O.var() && text() == O.text());
  }
  bool operator!=(const Atom &O) const { return !(*this == O); }
  bool operator<(const Atom &O) const;
  /// True when the atom may depend on V: it is V, or (not a variable
  /// itself) its text names V as a whole word.
  bool mentions(const clang::VarDecl &V) const;
  /// True when its type says it is never negative (an unsigned variable or
  /// expression: `size_t n`, `strlen(s)`).
  bool isUnsigned() const;

private:
  struct Data : llvm::RefCountedBase<Data> {
    Data(std::string Text, const clang::VarDecl *Var,
         const clang::Expr *Source, std::shared_ptr<const Polynomial> Dividend)
        : Text(std::move(Text)), Var(Var), Source(Source),
          Dividend(std::move(Dividend)) {}
    std::string Text;
    const clang::VarDecl *Var;
    const clang::Expr *Source;
    std::shared_ptr<const Polynomial> Dividend;
  };
  llvm::IntrusiveRefCntPtr<const Data> D;
};

class Polynomial {
public:
  Polynomial() = default;
  explicit Polynomial(int64_t Constant);
  static Polynomial atom(Atom A);
  /// A count as the rewriter writes it (`n`, `120`, a snapshot's name): a
  /// constant when Text is a decimal integer, else one atom.
  static Polynomial count(const std::string &Text);

  /// Decomposes E over +, -, unary minus, multiplication and integer casts
  /// that keep every value (`(size_t)i`). Fails when part
  /// of E has no source text of its own (a macro argument).
  static llvm::Expected<Polynomial> fromExpr(const clang::Expr &E,
                                             const clang::ASTContext &Ctx);

  Polynomial operator+(const Polynomial &Other) const;
  Polynomial operator-(const Polynomial &Other) const;
  Polynomial operator*(const Polynomial &Other) const;
  bool operator==(const Polynomial &Other) const;
  bool operator!=(const Polynomial &Other) const { return !(*this == Other); }

  /// The value when the polynomial has no atoms.
  std::optional<int64_t> constant() const;
  /// Every atom, each once, in a deterministic order.
  llvm::SmallVector<Atom, 4> atoms() const;
  /// The highest power of A in any monomial.
  unsigned degree(const Atom &A) const;
  /// Splits P = C * A + R where A occurs at most once per monomial;
  /// returns (C, R).
  std::pair<Polynomial, Polynomial> split(const Atom &A) const;
  /// The polynomial with A replaced by Value.
  Polynomial substitute(const Atom &A, const Polynomial &Value) const;
  /// True when every coefficient is positive (a product of sizes).
  bool hasPositiveCoefficients() const;
  /// -1, 0 or 1 when all coefficients share a sign, taking atoms as
  /// non-negative sizes; none otherwise.
  std::optional<int> sign() const;

  /// Deterministic text: monomials in order of first appearance, the
  /// constant last, e.g. "n - 2", "2 * m * n + 1", "0".
  std::string str() const;
  /// The text computing in In (ArithmeticType.h): `(long)m * n`.
  std::string str(const ArithmeticType &In) const;

  using Monomial = llvm::SmallVector<Atom, 2>; // sorted; empty: constant
  using Term = std::pair<Monomial, int64_t>;
  /// The monomials and their coefficients, in order of first appearance.
  llvm::ArrayRef<Term> terms() const { return Terms; }

private:
  // No zero coefficients.
  llvm::SmallVector<Term, 4> Terms;

  void add(const Monomial &M, int64_t Coefficient);
  Polynomial scaled(int64_t Factor) const;
};

/// P's text as an operand of `+` or `*`: in parentheses unless it is one
/// name or number, e.g. "n", "(n - 2)".
std::string operandText(const Polynomial &P);
/// The same, computing in In: "((long)m * n)".
std::string operandText(const Polynomial &P, const ArithmeticType &In);

/// `p`, `p + k` or `p + (e)`: the address of element Index of pointer P.
std::string elementAddress(const clang::VarDecl &P, const Polynomial &Index);
/// The same, with the offset computing in In: `p + (long)m * n`.
std::string elementAddress(const clang::VarDecl &P, const Polynomial &Index,
                           const ArithmeticType &In);

} // namespace ownmap

#endif
