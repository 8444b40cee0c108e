//===- StatedFacts.h - facts a kernel states with OM_FACT ----------------===//
//
// Some kernels are safe only under a relation of their parameters the
// rewriter cannot prove: an in-place update of an nb x nb block in rows of
// ld elements writes distinct elements from distinct rows only when
// ld >= nb. `OM_KERNEL OM_FACT(ld >= nb) void update(...)` states it: the
// analysis takes `ld - nb >= 0` as known (strides, section ends, empty-loop
// guards), and the rewritten kernel checks it on entry:
//   ownmap_check_fact("update", "ld >= nb", ld >= nb);
// A fact is one comparison (>=, >, <=, <) of sums and products of integer
// parameters, integer constants and object-like macros of them
// (`OM_FACT(nj <= NJ)`), and the kernel must not change the parameters it
// names (else it would not hold at the loops).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_STATEDFACTS_H
#define OWNMAP_REWRITER_STATEDFACTS_H

#include "Polynomial.h"
#include "clang/AST/Decl.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ownmap {

/// One OM_FACT: its text as written and what it says, Value >= 0.
struct StatedFact {
  std::string Text;
  Polynomial Value;
  /// Not stated but assumed by the rewriter (AssumedFacts.h): checked on
  /// entry with the kernel as written as the fallback.
  bool Assumed = false;
};

/// What the ranges of the host loops around a planned loop say, true
/// wherever that loop runs: their indices, and facts P >= 0 bounding them
/// (`i >= 0`, `n - 1 - i >= 0`). A proof's run-time condition must then
/// hold for every index in range: it drops them, and is checked before the
/// host loops, not in them (AffineConflicts.h).
struct HostLoopFacts {
  std::vector<const clang::VarDecl *> Indices;
  std::vector<Polynomial> Facts;
};

/// What an object-like macro of the file expands to, as text (`NJ` gives
/// "180"); none for a name that is no such macro.
using MacroText = std::function<std::optional<std::string>(llvm::StringRef)>;

/// The OM_FACT annotations of Kernel, or an error at the first that is not
/// a comparison of its integer parameters, constants and object-like macros
/// of them (Macros), or names a parameter the kernel changes.
llvm::Expected<std::vector<StatedFact>>
readStatedFacts(const clang::FunctionDecl &Kernel, const MacroText &Macros = {});

/// The statement that checks Fact on entry to Kernel.
std::string factCheck(const clang::FunctionDecl &Kernel,
                      const StatedFact &Fact);

} // namespace ownmap

#endif
