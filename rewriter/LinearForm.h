//===- LinearForm.h - integer expressions as sums of terms ---------------===//
//
// Section bounds are printed from the loop's own bound expressions, combined
// with subscript offsets: `n - 1 - 1 + 2` should read `n`. A LinearForm is
// c0 + k1*t1 + k2*t2 + ... where each term t is the source text of a
// sub-expression the form does not look into (a variable, a call, ...).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_LINEARFORM_H
#define OWNMAP_REWRITER_LINEARFORM_H

#include "clang/AST/Expr.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ownmap {

class LinearForm {
public:
  LinearForm() = default;
  explicit LinearForm(int64_t Constant) : Constant(Constant) {}

  /// Decomposes E over +, -, unary minus and multiplication by constants.
  /// Fails when part of E has no source text of its own (a macro argument).
  static llvm::Expected<LinearForm> fromExpr(const clang::Expr &E,
                                             const clang::ASTContext &Ctx);

  LinearForm operator+(const LinearForm &Other) const;
  LinearForm operator-(const LinearForm &Other) const;

  /// Deterministic text: terms in order of first appearance, the constant
  /// last, e.g. "n - 2", "2 * m + 1", "0".
  std::string str() const;

private:
  std::vector<std::pair<std::string, int64_t>> Terms; // (text, coefficient)
  int64_t Constant = 0;

  void addTerm(const std::string &Text, int64_t Coefficient);
  LinearForm scaled(int64_t Factor) const;
};

} // namespace ownmap

#endif
