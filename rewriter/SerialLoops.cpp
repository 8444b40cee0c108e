//===- SerialLoops.cpp - loops that run on the device in one thread -------===//
#include "SerialLoops.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ownmap {

static bool within(const Stmt &Inner, const Stmt &Outer,
                   const SourceManager &SM) {
  return SM.isPointWithin(Inner.getBeginLoc(), Outer.getBeginLoc(),
                          Outer.getEndLoc());
}

/// An innermost loop of Host, other than those of Tried, whose iterations
/// copy arrays in bulk; null when there is none.
static const HostLoop *copyingHostLoop(
    llvm::ArrayRef<PlannedLoop> Loops, llvm::ArrayRef<DataRegion> Regions,
    llvm::ArrayRef<HostLoop> Host,
    const llvm::SmallPtrSetImpl<const Stmt *> &Tried, const SourceManager &SM) {
  std::vector<HostLoop> Untried;
  for (const HostLoop &H : Host)
    if (!Tried.count(H.Site.Loop))
      Untried.push_back(H);
  std::vector<const HostLoop *> Copying =
      bulkCopyingHostLoops(Loops, Regions, Untried, SM);
  for (const HostLoop *C : Copying)
    if (llvm::none_of(Copying, [&](const HostLoop *Other) {
          return Other != C && within(*Other->Site.Loop, *C->Site.Loop, SM);
        }))
      return &*llvm::find_if(Host, [&](const HostLoop &H) {
        return H.Site.Loop == C->Site.Loop;
      });
  return nullptr;
}

void runCopyingHostLoopsSerially(std::vector<PlannedLoop> &Loops,
                                 std::vector<HostLoop> &Host,
                                 SerialPlanner PlanSerial,
                                 const Stmt &KernelBody,
                                 const PointerOrigins &Origins,
                                 llvm::ArrayRef<Polynomial> Stated,
                                 ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::SmallPtrSet<const Stmt *, 8> Tried;
  for (;;) {
    std::vector<DataRegion> Regions =
        planDataRegions(Loops, KernelBody, Origins, Stated, Ctx);
    const HostLoop *Copying = copyingHostLoop(Loops, Regions, Host, Tried, SM);
    if (!Copying)
      return;
    Tried.insert(Copying->Site.Loop);
    std::optional<OffloadPlan> Serial = PlanSerial(Copying->Site);
    if (!Serial)
      continue;
    const ForStmt &Loop = *Copying->Site.Loop;
    PlannedLoop Replacement{Copying->Site, std::move(*Serial)};
    Replacement.SerialWhy = Copying->Why;
    auto Inside = [&](const Stmt *S) { return within(*S, Loop, SM); };
    auto First = llvm::find_if(
        Loops, [&](const PlannedLoop &P) { return Inside(P.Site.Loop); });
    size_t At = First - Loops.begin();
    llvm::erase_if(Loops,
                   [&](const PlannedLoop &P) { return Inside(P.Site.Loop); });
    Loops.insert(Loops.begin() + At, std::move(Replacement));
    llvm::erase_if(Host,
                   [&](const HostLoop &H) { return Inside(H.Site.Loop); });
  }
}

void keepLoneSerialLoopsOnHost(std::vector<PlannedLoop> &Loops,
                               std::vector<HostLoop> &Host) {
  if (llvm::any_of(Loops, [](const PlannedLoop &L) {
        return L.Plan.Runs == Execution::Parallel ||
               !L.Plan.InnerParallel.empty();
      }))
    return;
  for (HostLoop &H : Host)
    H.InnerOffloaded = false;
  for (PlannedLoop &L : Loops)
    Host.push_back({L.Site, std::move(L.SerialWhy),
                    /*InnerOffloaded=*/false});
  Loops.clear();
}

} // namespace ownmap
