//===- DataRegion.cpp - keep data on the device across a kernel's loops --===//
#include "DataRegion.h"
#include "EmptyLoops.h"
#include "HostUses.h"
#include "SpanRegions.h"
#include "TimeLoop.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ownmap {

std::string TargetUpdate::pragma() const {
  return std::string("#pragma omp target update ") +
         (ToDevice ? "to(" : "from(") + Section + ")";
}

std::string DataRegion::pragma() const {
  std::string P = "#pragma omp target data";
  for (const RegionVariable &V : Variables)
    P += " map(" + mapKeyword(V.Map).str() + ": " + V.Section + ")";
  return P;
}

namespace {

/// The statements of A's block strictly between loops A and B, or none
/// when B does not follow A in the same block.
std::optional<std::vector<const Stmt *>> between(const LoopSite &A,
                                                 const LoopSite &B) {
  if (!A.Block || A.Block != B.Block)
    return std::nullopt;
  std::vector<const Stmt *> Out;
  bool Inside = false;
  for (const Stmt *S : A.Block->body()) {
    if (S == B.Loop)
      return Inside ? std::optional(Out) : std::nullopt;
    if (Inside)
      Out.push_back(S);
    Inside |= S == A.Loop;
  }
  return std::nullopt;
}

/// Host statements a region may span: no declarations (the region's braces
/// would end their scope), no jumps out, each group starting its line (so
/// that an update can go before it), no call of a function of the program
/// (it may write a mapped array through a global alias, or move a global
/// an update names), and no move of a pointer a loop maps (the region maps
/// the array the pointer gave on entry; the loops after the move map
/// another address, which may partly overlap it).
} // namespace

bool regionMaySpan(const std::vector<const Stmt *> &Host,
                   llvm::ArrayRef<PlannedLoop> Loops, ASTContext &Ctx) {
  if (!Host.empty() && !startsLine(Host.front()->getBeginLoc(),
                                   Ctx.getSourceManager()))
    return false;
  if (llvm::any_of(Host, [](const Stmt *S) {
        return isa<DeclStmt>(S) || mayJumpOut(S);
      }) ||
      callsProgramFunction(Host, Ctx.getSourceManager()))
    return false;
  return !movesMappedPointer(collectHostUses(Host, Ctx), Loops);
}

namespace {

/// "12:3", where Loc is.
std::string lineColumn(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(Loc);
  return std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
}

bool invariantUnder(const Polynomial &P,
                    const llvm::SmallPtrSetImpl<const VarDecl *> &Changed) {
  return llvm::all_of(P.atoms(), [&](const Atom &A) {
    return llvm::none_of(Changed,
                         [&](const VarDecl *V) { return A.mentions(*V); });
  });
}

/// How host code reaches one array of a region at elements it cannot bound:
/// these need an update of the region's whole section.
struct WholeReach {
  bool Read = false, Write = false;
};

class RegionPlanner {
public:
  /// A region over Loops[First..Last] of one block, or around Around.
  RegionPlanner(llvm::ArrayRef<PlannedLoop> Loops, size_t First, size_t Last,
                const PointerOrigins &Origins, llvm::ArrayRef<Polynomial> Stated,
                ASTContext &Ctx, const TimeLoop *Around = nullptr)
      : Loops(Loops), First(First), Last(Last), Origins(Origins),
        Stated(Stated), Ctx(Ctx), Around(Around) {}

  std::optional<DataRegion> plan();

private:
  llvm::ArrayRef<PlannedLoop> Loops;
  size_t First, Last;
  const PointerOrigins &Origins;
  /// What the kernel states (OM_FACT) and C says of its array parameters:
  /// true wherever in the kernel, unlike what a loop running says.
  llvm::ArrayRef<Polynomial> Stated;
  ASTContext &Ctx;
  /// The time loop the region goes around, or null.
  const TimeLoop *Around;
  /// The host runs inside the region, with their uses.
  std::vector<HostRun> Runs;
  std::vector<HostUses> RunUses;
  /// The uses of the time loop's opaque host code.
  HostUses OpaqueUses;
  /// Scalars host code or a reduction changes inside the region: sections
  /// that mention them are not the same at region entry.
  llvm::SmallPtrSet<const VarDecl *, 8> Changed;
  mutable llvm::DenseMap<const VarDecl *, PointerTargets> Targets;

  struct Use {
    size_t Loop;
    const VariablePlan *Plan;
  };
  /// A kept array with the loops that use it.
  struct Kept {
    const VarDecl *Var;
    MapKind Kind;
    std::string Section;
    std::vector<Use> Uses;
    std::optional<Polynomial> Length;
  };
  void collectRuns();
  bool stable(const Polynomial &P) const;
  const PointerTargets &targetsOf(const VarDecl *Pointer) const;
  bool mayReach(const VarDecl *Pointer, const VarDecl *Array) const;
  bool reaches(const VarDecl *Pointer, const VarDecl *Array) const {
    return Pointer == Array || mayReach(Pointer, Array);
  }
  bool isElementAlone(const ElementUse &E, size_t R) const;
  WholeReach wholeReach(size_t R, const VarDecl *Array) const;
  bool touches(const HostUses &Host, const VarDecl *Array) const;
  bool hostTouches(const VarDecl *Array) const;
  std::optional<RegionVariable> keep(const VarDecl *Var,
                                     llvm::ArrayRef<Use> Uses) const;
  void addUpdates(size_t R, llvm::ArrayRef<Kept> Arrays,
                  DataRegion &Region) const;
};

void RegionPlanner::collectRuns() {
  if (Around) {
    Runs = Around->Runs;
    OpaqueUses = collectHostUses(Around->Opaque, Ctx, Around->Skipped);
    Changed.insert(Around->Declared.begin(), Around->Declared.end());
  }
  for (size_t K = First; K < Last && !Around; ++K) {
    auto Host = between(Loops[K].Site, Loops[K + 1].Site);
    if (!Host->empty())
      Runs.push_back({*Host, K, K + 1, Loops[K + 1].Site.Loop->getForLoc()});
  }
  llvm::ArrayRef<const Stmt *> Skipped;
  if (Around)
    Skipped = Around->Skipped;
  for (const HostRun &Run : Runs)
    RunUses.push_back(collectHostUses(Run.Statements, Ctx, Skipped));
  auto AddChanged = [&](const HostUses &Host) {
    for (const auto &[V, U] : Host.Variables)
      if (U.Write && !V->getType()->isPointerType())
        Changed.insert(V);
  };
  AddChanged(OpaqueUses);
  llvm::for_each(RunUses, AddChanged);
  for (size_t K = First; K <= Last; ++K)
    for (const VariablePlan &V : Loops[K].Plan.Variables)
      if (V.Reduction || V.WrittenScalar)
        Changed.insert(V.Var);
}

bool RegionPlanner::stable(const Polynomial &P) const {
  return invariantUnder(P, Changed);
}

const PointerTargets &RegionPlanner::targetsOf(const VarDecl *Pointer) const {
  auto It = Targets.find(Pointer);
  if (It == Targets.end())
    It = Targets.try_emplace(Pointer, Origins.targetsOf(Pointer)).first;
  return It->second;
}

/// True when host code may reach Array's elements through Pointer, a
/// variable other than Array.
bool RegionPlanner::mayReach(const VarDecl *Pointer,
                             const VarDecl *Array) const {
  return Pointer != Array && Pointer->getType()->isPointerType() &&
         targetsOf(Pointer).mayReach(Array);
}

/// True when the element E that run R uses can be updated alone, as
/// `p[index:1]` right before or after the run: p is declared before it (so
/// in scope there), the index is not a negative constant, and p and the
/// index's variables are local variables that the run neither changes nor
/// declares and whose address the kernel does not take, so that the update
/// names the same element before and after the run.
bool RegionPlanner::isElementAlone(const ElementUse &E, size_t R) const {
  const HostUses &Host = RunUses[R];
  auto Changes = [&](const VarDecl *V) {
    auto It = Host.Variables.find(V);
    return Host.Declared.count(V) ||
           (It != Host.Variables.end() &&
            (It->second.Moved ||
             (It->second.Write && !V->getType()->isPointerType())));
  };
  // Code that does not name a variable may change it when its address is
  // taken, or, for a global, when it calls a function.
  auto Hidden = [&](const VarDecl *V) {
    return !V->hasLocalStorage() || Origins.addressTaken(V);
  };
  std::optional<int64_t> Constant = E.Index.constant();
  return !(Constant && *Constant < 0) && !Changes(E.Pointer) &&
         !Hidden(E.Pointer) &&
         Ctx.getSourceManager().isBeforeInTranslationUnit(
             E.Pointer->getLocation(),
             Runs[R].Statements.front()->getBeginLoc()) &&
         llvm::all_of(E.Index.atoms(), [&](const Atom &A) {
           return A.var() && !Hidden(A.var()) && !Changes(A.var());
         });
}

/// What run R does to Array that updates of single elements do not cover:
/// any use of a pointer that may reach Array at elements no polynomial
/// subscript names, or at elements that cannot be updated alone.
WholeReach RegionPlanner::wholeReach(size_t R, const VarDecl *Array) const {
  const HostUses &Host = RunUses[R];
  WholeReach Reach;
  for (const auto &[V, U] : Host.Variables)
    if (reaches(V, Array)) {
      Reach.Read |= U.Read;
      Reach.Write |= U.Write;
    }
  for (const ElementUse &E : Host.Elements)
    if (reaches(E.Pointer, Array) && !isElementAlone(E, R))
      (E.Write ? Reach.Write : Reach.Read) = true;
  return Reach;
}

/// True when host code with uses Host may reach Array.
bool RegionPlanner::touches(const HostUses &Host, const VarDecl *Array) const {
  return llvm::any_of(Host.Variables,
                      [&](const auto &Entry) {
                        return reaches(Entry.first, Array);
                      }) ||
         llvm::any_of(Host.Elements, [&](const ElementUse &E) {
           return reaches(E.Pointer, Array);
         });
}

/// True when host code anywhere in the region may reach Array.
bool RegionPlanner::hostTouches(const VarDecl *Array) const {
  return touches(OpaqueUses, Array) ||
         llvm::any_of(RunUses, [&](const HostUses &Host) {
           return touches(Host, Array);
         });
}

std::optional<RegionVariable>
RegionPlanner::keep(const VarDecl *Var, llvm::ArrayRef<Use> Uses) const {
  // Its one loop holds it alone (LocalArrays.h).
  if (isKernelLocalArray(*Var))
    return std::nullopt;
  // Code that does not name Var may move it.
  if (Origins.addressTaken(Var))
    return std::nullopt;
  const VariablePlan &Front = *Uses.front().Plan;
  Polynomial Low = *Front.Lower, High = *Front.Lower + *Front.Length;
  // Ends compare only where that is known for any value of the scalars
  // the kernel does not state (`x[off:n]` starts below `x[0:n]` when
  // off < 0).
  bool Comparable = true;
  for (const Use &U : Uses.drop_front()) {
    Polynomial L = *U.Plan->Lower, H = *U.Plan->Lower + *U.Plan->Length;
    if (provenNonNegative(Low - L, Stated))
      Low = L;
    else if (!provenNonNegative(L - Low, Stated))
      Comparable = false;
    if (provenNonNegative(H - High, Stated))
      High = H;
    else if (!provenNonNegative(High - H, Stated))
      Comparable = false;
  }
  // Sections that move with a host loop's variables (rows 0 to i of a
  // factorisation's step i), or that do not compare with each other
  // (rows 0 to i, and all rows): the region keeps all the data.
  std::optional<std::string> Whole;
  if (!Comparable || !stable(Low) || !stable(High)) {
    Whole = Front.WholeCount;
    if (!Whole || llvm::any_of(Uses, [&](const Use &U) {
          return U.Plan->WholeCount != Whole;
        }))
      return std::nullopt;
    Low = Polynomial(0);
    High = Polynomial::count(*Whole);
    if (!stable(High))
      return std::nullopt;
  }
  MapKind Kind = *Front.Map;
  // Around a time loop, updates go only around its runs. OM_OUT data goes
  // in too, since the loop may not run.
  if (Around && touches(OpaqueUses, Var))
    return std::nullopt;
  if (Around && Kind == MapKind::From)
    Kind = MapKind::ToFrom;
  // OM_OUT data is copied back over the union: one loop must write all of
  // it. Neither uninitialised OM_OUT data nor OM_SCRATCH data may meet host
  // code.
  bool OneLoopCovers = llvm::any_of(Uses, [&](const Use &U) {
    return *U.Plan->Lower == Low && *U.Plan->Lower + *U.Plan->Length == High;
  });
  if ((Kind == MapKind::From || Kind == MapKind::Alloc) &&
      (hostTouches(Var) || (Kind == MapKind::From && !OneLoopCovers)))
    return std::nullopt;
  // The union reaches something where some loop's section does: sections
  // of loops that run zero times are empty but lie somewhere, and the hull
  // of two of them (`a[0:0]`, `a[n:0]`) is not empty.
  ArithmeticType In;
  for (const Use &U : Uses)
    In = In.widest(U.Plan->BoundsType);
  std::vector<NonEmptyGuard> NonEmpty;
  for (const Use &U : Uses)
    NonEmpty.push_back(
        reachedCondition(*U.Plan->Length, U.Plan->NonEmpty, Stated, In));
  std::string Section =
      Whole ? Var->getName().str() + "[0:" + *Whole + "]"
            : Var->getName().str() + "[" + Low.str(In) + ":" +
                  branchFreeLength(High - Low, NonEmpty, In) + "]";
  std::vector<std::string> Where;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Use &U : Uses) {
    std::string At = lineColumn(Loops[U.Loop].Site.Loop->getForLoc(), SM);
    if (!llvm::is_contained(Where, At))
      Where.push_back(At);
  }
  std::string Over = Whole ? " whole: their sections move with the host "
                             "loop's variables"
                           : " over the union of their sections";
  std::string Once =
      Around ? "; mapped once around the host loop at " +
                   lineColumn(Around->Loop->getBeginLoc(), SM) + Over
             : "; mapped once" + Over;
  return RegionVariable{Var,
                        Kind,
                        Section,
                        "used by the loops at " + llvm::join(Where, ", ") +
                            Once,
                        Whole,
                        Low,
                        High - Low};
}

/// The updates around run R: `from` before it of what it reads (or may
/// write only in part) that a loop may have written (an earlier loop, or
/// any loop of a time loop on an earlier step); `to` after it of what it
/// writes that a later loop uses (any, in a time loop) or that the
/// region's end copies back (tofrom data: the device's copy would
/// overwrite the host's writes).
void RegionPlanner::addUpdates(size_t R, llvm::ArrayRef<Kept> Arrays,
                               DataRegion &Region) const {
  const HostRun &Run = Runs[R];
  SourceLocation Before = Run.Statements.front()->getBeginLoc();
  auto NeedsFrom = [&](const Kept &A) {
    return A.Kind == MapKind::ToFrom &&
           (Around || llvm::any_of(A.Uses, [&](const Use &U) {
              return U.Loop <= *Run.LoopBefore;
            }));
  };
  auto NeedsTo = [&](const Kept &A) {
    return A.Kind == MapKind::ToFrom || Around ||
           llvm::any_of(A.Uses,
                        [&](const Use &U) { return U.Loop >= *Run.LoopAfter; });
  };
  std::vector<TargetUpdate> Froms, Tos;
  auto Add = [](std::vector<TargetUpdate> &To, TargetUpdate Update) {
    if (llvm::none_of(To, [&](const TargetUpdate &U) {
          return U.Section == Update.Section;
        }))
      To.push_back(std::move(Update));
  };
  llvm::SmallPtrSet<const VarDecl *, 8> WholeFrom, WholeTo;
  for (const Kept &A : Arrays) {
    WholeReach Reach = wholeReach(R, A.Var);
    if (NeedsFrom(A) && (Reach.Read || Reach.Write)) {
      Add(Froms, {Before, false, A.Var, A.Section, /*Whole=*/true, A.Length});
      WholeFrom.insert(A.Var);
    }
    if (NeedsTo(A) && Reach.Write) {
      Add(Tos, {Run.Next, true, A.Var, A.Section, /*Whole=*/true, A.Length});
      WholeTo.insert(A.Var);
    }
  }
  for (const ElementUse &E : RunUses[R].Elements) {
    if (!isElementAlone(E, R))
      continue;
    std::string Section = E.section();
    for (const Kept &A : Arrays) {
      if (!reaches(E.Pointer, A.Var))
        continue;
      // A write that may not run must not send back the host's stale copy.
      if (!E.Certain && NeedsFrom(A) && !WholeFrom.count(A.Var))
        Add(Froms, {Before, false, E.Pointer, Section, false, Polynomial(1)});
      if (E.Write && NeedsTo(A) && !WholeTo.count(A.Var))
        Add(Tos, {Run.Next, true, E.Pointer, Section, false, Polynomial(1)});
    }
  }
  llvm::append_range(Region.Updates, Froms);
  llvm::append_range(Region.Updates, Tos);
}

std::optional<DataRegion> RegionPlanner::plan() {
  collectRuns();
  llvm::MapVector<const VarDecl *, std::vector<Use>> Arrays;
  for (size_t K = First; K <= Last; ++K)
    for (const VariablePlan &V : Loops[K].Plan.Variables)
      if (V.Map && V.Lower && V.Length)
        Arrays[V.Var].push_back({K, &V});
  DataRegion Region;
  Region.First = First;
  Region.Last = Last;
  Region.HostLoop = Around ? Around->Loop : nullptr;
  if (Around)
    Region.Returns = Around->Returns;
  Region.Changed = Changed;
  // Exchanged buffers are mapped over the union of all their sections, and
  // kept all (or the region would map one buffer that a loop's pointer
  // leaves for another, not mapped by it), with no host code reaching them.
  std::vector<Use> Exchanged;
  if (Around)
    for (const VarDecl *V : Around->Exchanged)
      llvm::append_range(Exchanged, Arrays.lookup(V));
  llvm::sort(Exchanged,
             [](const Use &A, const Use &B) { return A.Loop < B.Loop; });
  std::vector<Kept> KeptArrays;
  for (const auto &[Var, Uses] : Arrays) {
    bool Exchanges = Around && llvm::is_contained(Around->Exchanged, Var);
    std::optional<RegionVariable> Kept;
    if (Uses.size() >= (Around ? 1u : 2u) && !(Exchanges && hostTouches(Var)))
      Kept = keep(Var, Exchanges ? llvm::ArrayRef<Use>(Exchanged)
                                 : llvm::ArrayRef<Use>(Uses));
    if (!Kept && Exchanges)
      return std::nullopt;
    if (!Kept)
      continue;
    if (Exchanges) {
      std::vector<std::string> Others;
      for (const VarDecl *V : Around->Exchanged)
        if (V != Var)
          Others.push_back(V->getName().str());
      Kept->Reason += "; the host loop exchanges it with " +
                      llvm::join(Others, ", ") +
                      ", so every buffer is mapped over all their sections";
      Region.Exchanged.push_back(Var);
    }
    KeptArrays.push_back({Var, Kept->Map, Kept->Section, Uses, Kept->Length});
    Region.Variables.push_back(std::move(*Kept));
  }
  if (Region.Variables.empty())
    return std::nullopt;
  for (size_t R = 0; R < Runs.size(); ++R)
    addUpdates(R, KeptArrays, Region);
  return Region;
}

/// True when a closing brace can go on the line after Loop.
bool closable(const PlannedLoop &Loop, ASTContext &Ctx) {
  return canInsertLineAfter(*Loop.Site.Loop, Ctx.getSourceManager(),
                            Ctx.getLangOpts());
}

} // namespace

/// True when a loop of Loops maps pointer V.
static bool mapsPointer(llvm::ArrayRef<PlannedLoop> Loops, const VarDecl *V) {
  return llvm::any_of(Loops, [&](const PlannedLoop &Loop) {
    return llvm::any_of(Loop.Plan.Variables, [&](const VariablePlan &P) {
      return P.Var == V && P.Map && P.Var->getType()->isPointerType();
    });
  });
}

bool movesMappedPointer(const HostUses &Uses,
                        llvm::ArrayRef<PlannedLoop> Loops) {
  return llvm::any_of(Uses.Variables, [&](const auto &Entry) {
    return Entry.second.Moved && mapsPointer(Loops, Entry.first);
  });
}

const Stmt *DataRegion::opening(llvm::ArrayRef<PlannedLoop> Loops) const {
  if (FirstStatement)
    return FirstStatement;
  return HostLoop ? HostLoop : Loops[First].Site.Loop;
}

const Stmt *DataRegion::closing(llvm::ArrayRef<PlannedLoop> Loops) const {
  if (LastStatement)
    return LastStatement;
  return HostLoop ? HostLoop : Loops[Last].Site.Loop;
}

bool DataRegion::invariant(const Polynomial &P) const {
  return invariantUnder(P, Changed);
}

bool DataRegion::hoists(const ExclusivityPair &Pair) const {
  return !llvm::is_contained(Exchanged, Pair.Exclusive) &&
         !llvm::is_contained(Exchanged, Pair.Other) &&
         llvm::all_of(Pair.bounds(),
                      [&](const Polynomial &P) { return invariant(P); });
}

std::vector<DataRegion> planDataRegions(llvm::ArrayRef<PlannedLoop> Loops,
                                        const Stmt &KernelBody,
                                        const PointerOrigins &Origins,
                                        llvm::ArrayRef<Polynomial> Stated,
                                        ASTContext &Ctx) {
  std::vector<DataRegion> Around;
  for (const TimeLoop &T : findTimeLoops(Loops, KernelBody, Ctx))
    if (auto Region =
            RegionPlanner(Loops, T.First, T.Last, Origins, Stated, Ctx, &T).plan())
      Around.push_back(std::move(*Region));
  std::vector<DataRegion> Regions;
  size_t First = 0;
  while (First < Loops.size()) {
    size_t Last = First;
    while (Last + 1 < Loops.size()) {
      auto Host = between(Loops[Last].Site, Loops[Last + 1].Site);
      if (!Host || !regionMaySpan(*Host, Loops, Ctx))
        break;
      ++Last;
    }
    size_t End = Last;
    while (End > First && !closable(Loops[End], Ctx))
      --End;
    if (End > First)
      if (auto Region =
              RegionPlanner(Loops, First, End, Origins, Stated, Ctx).plan())
        if (llvm::none_of(Around, [&](const DataRegion &Outer) {
              return addsNothing(Outer, *Region);
            }))
          Regions.push_back(std::move(*Region));
    First = End + 1;
  }
  llvm::append_range(Regions, Around);
  std::vector<DataRegion> Spans =
      planSpanRegions(Loops, Regions, KernelBody, Ctx);
  Regions.insert(Regions.begin(), std::make_move_iterator(Spans.begin()),
                 std::make_move_iterator(Spans.end()));
  return Regions;
}

} // namespace ownmap
