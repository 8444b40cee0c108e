//===- DataRegion.h - keep data on the device across a kernel's loops ----===//
//
// Consecutive offloaded loops of one `{ }` block that share mapped arrays
// are wrapped in `#pragma omp target data`, which maps each shared array
// once over the union of the loops' sections. The loops keep their own map
// clauses: the data is present, so the runtime's reference count makes them
// copy nothing. Host code between the loops that reads data a loop wrote
// gets `target update from` before it; host code that writes data a later
// loop reads, or that the region's end copies back, gets `target update to`
// after it. Host code that reaches an array through another pointer (a view
// `u + 7`, a parameter that may be the same array) counts as touching it
// (PointerOrigins.h). An element at a subscript that is a polynomial of
// scalars the host code neither changes nor declares (`u[7]`, `*edge`,
// `u[n - 1]`) is updated alone; any other use updates the whole section
// the region maps. A write that may not run (under a condition) or that
// also reads the element fetches it before sending it back, so that the
// host's stale copy never overwrites the device's data. Arrays the region
// cannot carry safely (no comparable section union, OM_OUT or OM_SCRATCH
// data that host code touches, sections over scalars that host code
// changes) keep their per-loop maps only, and no region spans host code
// that moves a pointer a loop maps.
//
// A time loop gets a region around it (TimeLoop.h); the host runs of its
// body get their updates the same way, and OM_OUT data is mapped tofrom
// there (the loop may run zero times). Buffers it exchanges are kept all
// or the region is not made (PointerExchange.h).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_DATAREGION_H
#define OWNMAP_REWRITER_DATAREGION_H

#include "Exclusivity.h"
#include "HostUses.h"
#include "KernelRewrite.h"
#include "LoopReturns.h"
#include "MapInference.h"
#include "PointerOrigins.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>
#include <string>
#include <vector>

namespace ownmap {

/// An offloaded loop and its plan.
struct PlannedLoop {
  LoopSite Site;
  OffloadPlan Plan;
  std::vector<ExclusivityPair> Exclusivity{};
  /// Run-time exclusivity checks that go right before the loop's directive
  /// (the others go before the data region around it).
  std::vector<std::string> Checks{};
  /// Transfer-elision facts that go after the checks (Facts.h).
  std::vector<std::string> Facts{};
  /// Why a serial loop's iterations cannot run apart.
  std::string SerialWhy{};
};

/// An array the region keeps on the device.
struct RegionVariable {
  const clang::VarDecl *Var = nullptr;
  MapKind Map;
  std::string Section;
  std::string Reason;
  /// When the region keeps all the data: the count it maps from the first
  /// element (VariablePlan::WholeCount).
  std::optional<std::string> WholeCount{};
  /// The section's first element and length, where known.
  std::optional<Polynomial> Lower{}, Length{};
};

/// A `#pragma omp target update` for host code between two loops.
struct TargetUpdate {
  /// What it goes before: the first statement of host code (from), or
  /// what follows that code (to): the next loop, or in a time loop's body
  /// a statement no update can surround or the body's closing brace.
  clang::SourceLocation Before;
  bool ToDevice = false;
  /// The array, or the pointer through which host code reaches one element.
  const clang::VarDecl *Var = nullptr;
  std::string Section;
  /// The whole section the region keeps, not the elements host code names.
  bool Whole = false;
  /// The section's length in what Var points to, where known.
  std::optional<Polynomial> Length{};

  /// "#pragma omp target update from(y[0:n])"
  std::string pragma() const;
};

/// Host statements of one block between two offloaded loops, or before the
/// first or after the last offloaded loop of a time loop's body.
struct HostRun {
  std::vector<const clang::Stmt *> Statements;
  /// The offloaded loops right before and after it, where there are.
  std::optional<size_t> LoopBefore, LoopAfter;
  /// Where what follows it starts (its `to` updates go there).
  clang::SourceLocation Next;
};

/// True when a region may span host statements Host between loops of
/// Loops: no declarations (the region's braces would end their scope), no
/// jumps out, the first starting its line, no call of a function of the
/// program, no move of a pointer a loop maps.
bool regionMaySpan(const std::vector<const clang::Stmt *> &Host,
                   llvm::ArrayRef<PlannedLoop> Loops, clang::ASTContext &Ctx);

/// True when host code with Uses moves a pointer a loop of Loops maps.
bool movesMappedPointer(const HostUses &Uses,
                        llvm::ArrayRef<PlannedLoop> Loops);

/// A `target data` region over Loops[First..Last].
struct DataRegion {
  size_t First = 0, Last = 0;
  /// The host loop (a time loop) the region goes around, whose body holds
  /// the loops; null when the region spans the statements from
  /// Loops[First] to Loops[Last].
  const clang::Stmt *HostLoop = nullptr;
  /// A region over statements of one block some of which are host loops
  /// (SpanRegions.h): the first and the last of them.
  const clang::Stmt *FirstStatement = nullptr, *LastStatement = nullptr;
  /// The host loop's returns, which leave the region with `break`.
  std::vector<LoopReturn> Returns;
  /// Pointers the host loop exchanges: each maps the buffer its pointer
  /// held at entry, over the union of all their sections.
  std::vector<const clang::VarDecl *> Exchanged;
  std::vector<RegionVariable> Variables;
  std::vector<TargetUpdate> Updates;
  /// Run-time exclusivity checks that go before the region's directive.
  std::vector<std::string> Checks;
  /// Scalars that host code or a reduction changes inside the region.
  llvm::SmallPtrSet<const clang::VarDecl *, 8> Changed;

  /// "#pragma omp target data map(to: x[0:n]) map(tofrom: y[0:n])"
  std::string pragma() const;
  /// The statement the region's directive goes before, and the one its
  /// closing brace goes after.
  const clang::Stmt *opening(llvm::ArrayRef<PlannedLoop> Loops) const;
  const clang::Stmt *closing(llvm::ArrayRef<PlannedLoop> Loops) const;
  /// True when P has the same value at region entry as in every loop: it
  /// mentions no scalar in Changed.
  bool invariant(const Polynomial &P) const;
  /// True when Pair's run-time check can go before the region: its bounds
  /// are invariant, and neither pointer is exchanged (it holds another
  /// buffer on another step).
  bool hoists(const ExclusivityPair &Pair) const;
};

/// The data regions over Loops (a kernel's offloaded loops, in source
/// order) in KernelBody: each spans at least two loops of one block, or
/// goes around a time loop (TimeLoop.h), and keeps at least one array.
/// A region within a host loop's region that keeps nothing more is left
/// out. Origins says which arrays the kernel's other pointers may reach;
/// Stated, facts `P >= 0` that hold throughout the kernel (its OM_FACTs).
std::vector<DataRegion> planDataRegions(llvm::ArrayRef<PlannedLoop> Loops,
                                        const clang::Stmt &KernelBody,
                                        const PointerOrigins &Origins,
                                        llvm::ArrayRef<Polynomial> Stated,
                                        clang::ASTContext &Ctx);

} // namespace ownmap

#endif
