//===- Reductions.h - recognise reduction updates of a scalar -------------===//
//
// A reduction update of a scalar s (or of one array element) combines s with an expression e that does
// not mention s by one associative operator: `s += e`, `s = s * e`,
// `s = s < e ? s : e`, `s = fmaxf(s, e)`, `if (e > s) s = e`, ... These
// matchers say which operator, if any; whether s may be a reduction variable
// at all (an outer scalar) is the caller's question.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_REDUCTIONS_H
#define OWNMAP_REWRITER_REDUCTIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace ownmap {

/// The operator of a reduction update.
enum class ReductionOp { Add, Mul, Min, Max, BitAnd, BitOr, BitXor, And, Or };

/// The OpenMP reduction identifier of Op, e.g. "+" or "max".
llvm::StringRef reductionIdentifier(ReductionOp Op);

/// A reduction update recognised in an expression: its operator, and the
/// operand combined with the reduction variable.
struct ReductionUpdate {
  ReductionOp Op;
  const clang::Expr *Operand;
};

/// True when A and B have no side effects and are the same expression
/// (parentheses and implicit casts aside).
bool sameValue(const clang::Expr *A, const clang::Expr *B,
               const clang::ASTContext &Ctx);

/// The update that assignment B (`S op= e`, `S = S op e`, `S = S < e ? S :
/// e`, `S = fmaxf(S, e)`, ...) makes of S, its left-hand side; none when B
/// is of no such form.
std::optional<ReductionUpdate>
assignmentUpdate(const clang::BinaryOperator &B, const clang::VarDecl &S,
                 const clang::ASTContext &Ctx);

/// The same for an element of an array, B's left-hand side (`a[i][j] -= e`,
/// `a[i] = a[i] < e ? a[i] : e`, ...): the element is compared as written,
/// and has no side effects.
std::optional<ReductionUpdate> elementUpdate(const clang::BinaryOperator &B,
                                             const clang::ASTContext &Ctx);

/// The assignment `s = e` that is the only statement of If's then-branch,
/// when If has no else, init or condition variable.
const clang::BinaryOperator *guardedAssignment(const clang::IfStmt &If);

/// For `if (e > s) s = e;` (max) and `if (e < s) s = e;` (min), in either
/// operand order, where Assign is guardedAssignment(If) and S its left-hand
/// side: the update; none for any other condition.
std::optional<ReductionUpdate>
guardedUpdate(const clang::IfStmt &If, const clang::BinaryOperator &Assign,
              const clang::VarDecl &S, const clang::ASTContext &Ctx);

} // namespace ownmap

#endif
