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

/// The innermost host loop of Host around a whole-section update of
/// Regions, other than those of Tried; null when there is none.
static const HostLoop *copyingHostLoop(
    llvm::ArrayRef<DataRegion> Regions, llvm::ArrayRef<HostLoop> Host,
    const llvm::SmallPtrSetImpl<const Stmt *> &Tried, const SourceManager &SM) {
  for (const DataRegion &Region : Regions)
    for (const TargetUpdate &Update : Region.Updates) {
      if (!Update.Whole)
        continue;
      const HostLoop *Innermost = nullptr;
      for (const HostLoop &H : Host)
        if (H.InnerOffloaded && !Tried.count(H.Site.Loop) &&
            SM.isPointWithin(Update.Before, H.Site.Loop->getBeginLoc(),
                             H.Site.Loop->getEndLoc()) &&
            (!Innermost || within(*H.Site.Loop, *Innermost->Site.Loop, SM)))
          Innermost = &H;
      if (Innermost)
        return Innermost;
    }
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
    const HostLoop *Copying = copyingHostLoop(Regions, Host, Tried, SM);
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
