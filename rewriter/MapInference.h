//===- MapInference.h - map clauses from annotations and accesses ---------===//
//
// Decides, for one canonical loop nest of a kernel, how each outer variable
// reaches the device: annotated pointers get a map with an array section
// (from the subscripts when they are affine over the nest, else from
// OM_LEN), scalars that are only read stay firstprivate, scalars only
// updated by one reduction operator become reductions, and a perfectly
// nested rectangular inner loop whose iterations are independent too is
// collapsed. Borrow violations, unannotated pointers, unbounded subscripts
// and possible cross-iteration dependences are errors.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_MAPINFERENCE_H
#define OWNMAP_REWRITER_MAPINFERENCE_H

#include "Annotations.h"
#include "BorrowChecks.h"
#include "InnerParallel.h"
#include "LoopGlobals.h"
#include "CanonicalLoop.h"
#include "EmptyLoops.h"
#include "LoopAccess.h"
#include "Polynomial.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>
#include <vector>

namespace ownmap {

enum class MapKind { To, ToFrom, From, Alloc };

/// How the device runs a loop's iterations: spread over teams and threads
/// (they must be independent), or in order on one thread of one team,
/// which keeps the data of a loop that carries a dependence on the device
/// (the inner loops whose iterations are independent still go to the
/// team's threads).
enum class Execution { Parallel, Serial };

/// The OpenMP map-type keyword, e.g. "tofrom".
llvm::StringRef mapKeyword(MapKind K);

/// How one variable reaches the device, and why.
struct VariablePlan {
  const clang::VarDecl *Var = nullptr;
  std::optional<MapKind> Map;
  std::string Section;            // "x[0:n]", or the name for a scalar map
  /// For an array section: its first element and element count, and what
  /// their texts compute in (the widest type of the subscripts).
  std::optional<Polynomial> Lower, Length;
  ArithmeticType BoundsType;
  /// When the loops may reach no element of the section: the condition
  /// under which they reach some, which guards Length in the map
  /// (EmptyLoops.h): terms that must all hold; none when Length needs no
  /// guard.
  NonEmptyGuard NonEmpty;
  /// The length is the local that keeps OM_LEN's count at kernel entry
  /// (LengthSnapshots.h): its declaration must go into the kernel.
  bool LengthSnapshot = false;
  std::optional<ReductionOp> Reduction;
  /// A scalar a serial loop writes: copied in and back out.
  bool WrittenScalar = false;
  /// A scalar every iteration writes before reading it, whose last value
  /// nothing reads (PrivateScalars.h): private to each iteration.
  bool PrivateCopy = false;
  /// OM_OUT or OM_SCRATCH elements the loop reads before its iteration
  /// writes them: an earlier loop must provide them (EarlierWrites.h).
  std::optional<ElementRange> ReadsBeforeWrite;
  /// The elements the loop writes in every iteration, when they form one
  /// range without gaps (for a later loop's ReadsBeforeWrite).
  std::optional<ElementRange> CertainlyWritten;
  std::optional<Ownership> Annotation;
  clang::SourceLocation AnnotationLoc;
  clang::SourceLocation FirstRead, FirstWrite; // invalid when none
  std::string Reason;
  /// The count of elements (rows of an array parameter) the annotation
  /// or the declaration gives, as the map would write it: all of the data,
  /// for a region whose loops' sections move with a host loop.
  std::optional<std::string> WholeCount;
  /// A C condition under which the subscripts after the first of this
  /// array parameter stay within their extents, which the loop's
  /// independence relies on and checks before it runs (AffineConflicts.h).
  std::string InBounds;
};

/// The offload of one loop: its directive and the evidence behind it.
struct OffloadPlan {
  CanonicalLoop Loop;
  Execution Runs = Execution::Parallel;
  std::vector<VariablePlan> Variables;
  /// Loops the directive covers: 2 when the inner loop is collapsed.
  unsigned Collapse = 1;
  /// Indices of inner loops declared before the loop, and the views it
  /// assigns again (viewIsReassigned): each thread needs its own.
  std::vector<const clang::VarDecl *> Private;
  /// Globals that the loop and the functions it calls read (the mapped
  /// ones are Variables too).
  std::vector<LoopGlobal> Globals;
  /// Views declared before the loop that it needs, in declaration order:
  /// given their values again at the top of its body (viewAtBodyTop),
  /// where the device computes them from the mapped parameters
  /// (LoopAccesses::ViewsBeforeLoop).
  std::vector<const clang::VarDecl *> ViewsBeforeLoop;
  /// Run-time conditions of what the plan assumes: every subscript within
  /// its extent (VariablePlan::InBounds). Checked right before the
  /// directive, or on entry for the whole call (HostFallback.h).
  std::vector<ExtentCondition> Extents;
  /// Inner loops the threads of each team share (InnerParallel.h): then the
  /// loop itself is only distributed over teams.
  std::vector<ParallelInnerLoop> InnerParallel;

  /// "#pragma omp target teams distribute parallel for map(...) ...", or
  /// "#pragma omp target map(...) ..." for a serial loop.
  std::string pragma() const;
};

/// The elements of VA's pointer that Loop reaches, from the subscripts
/// alone (no annotation): Lower, Length, Section and Reason are set. Fails
/// when a subscript cannot be bounded. Assumed: facts P >= 0 the caller
/// knows hold (as if stated with OM_FACT).
llvm::Expected<VariablePlan>
accessedSection(const CanonicalLoop &Loop, const LoopAccesses &Accesses,
                const VariableAccesses &VA,
                llvm::ArrayRef<Polynomial> Assumed = {});

/// The plan of Loop run as Runs says. A serial plan needs no independence
/// and maps the scalars the loop writes tofrom.
llvm::Expected<OffloadPlan> inferMaps(const KernelAnnotations &Annotations,
                                      const CanonicalLoop &Loop,
                                      const LoopAccesses &Accesses,
                                      Execution Runs = Execution::Parallel);

} // namespace ownmap

#endif
