//===- Annotations.h - read ownmap ownership annotations ------------------===//
//
// ownmap.h's macros reach the AST as AnnotateAttr strings:
//   "ownmap.kernel" on a function; "ownmap.in", "ownmap.inout", "ownmap.out",
//   "ownmap.scratch" and "ownmap.len:<expr>" on pointer parameters;
//   "ownmap.fact:<comparison>" on a function (StatedFacts.h).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_ANNOTATIONS_H
#define OWNMAP_REWRITER_ANNOTATIONS_H

#include "StatedFacts.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace ownmap {

/// The borrow a pointer parameter's annotation states.
enum class Ownership { In, InOut, Out, Scratch };

/// The macro name that states O, e.g. "OM_IN".
llvm::StringRef macroName(Ownership O);

/// What a kernel states about one pointer parameter.
struct ParamAnnotation {
  std::optional<Ownership> Kind;
  clang::SourceLocation KindLoc; // where the ownership macro is written
  std::optional<std::string> Length; // OM_LEN's expression text
  clang::SourceLocation LengthLoc;
  /// The local that keeps Length's value at kernel entry, when the kernel
  /// changes a variable Length names (LengthSnapshots.h); maps use it.
  std::optional<std::string> LengthSnapshot;
  /// The element count a one-dimensional array parameter is declared with
  /// (`double y[n]`, `double y[100]`): a constant or a parameter's name.
  /// Regions that must keep all of its data map that many.
  std::optional<std::string> DeclaredCount;
  /// For a struct parameter's pointer field (StructFields.h): the field,
  /// where OM_LEN goes.
  const clang::FieldDecl *Field = nullptr;
};

/// Annotations of one OM_KERNEL function, keyed by parameter.
struct KernelAnnotations {
  const clang::FunctionDecl *Kernel = nullptr;
  llvm::DenseMap<const clang::ParmVarDecl *, ParamAnnotation> Params;
  /// What its OM_FACTs state (StatedFacts.h).
  std::vector<StatedFact> Facts;
  /// What C says of its array parameters: each inner extent is positive
  /// (`n - 1 >= 0` for `float b[m][n]`, so `b[i][j]` moves up with i).
  std::vector<Polynomial> ExtentFacts;
  /// While the loops inside host loops are planned (LoopPlanner.h): what
  /// the host loops' ranges say, for the proofs on isl (Subscript.h).
  HostLoopFacts AroundLoops;

  /// The annotation of P, or null when P has none.
  const ParamAnnotation *lookup(const clang::ParmVarDecl *P) const;
  /// The stated facts and ExtentFacts, as polynomials P >= 0.
  std::vector<Polynomial> statedFacts() const;
};

/// Arithmetic, or a struct of plain data (arithmetic fields, structs and
/// fixed arrays of them: no pointers), which a map copies bit for bit.
bool isPlainData(clang::QualType T);

/// True when FD carries OM_KERNEL.
bool isKernel(const clang::FunctionDecl &FD);

/// Reads and validates the parameter annotations of kernel FD: conflicting
/// annotations on one parameter, OM_LEN or an ownership annotation on a
/// non-pointer, and unknown "ownmap." strings are errors.
llvm::Expected<KernelAnnotations>
readKernelAnnotations(const clang::FunctionDecl &FD,
                      const MacroText &Macros = {});

/// The text of V's OM_LEN, when it has one.
std::optional<std::string> statedLength(const clang::VarDecl &V);

} // namespace ownmap

#endif
