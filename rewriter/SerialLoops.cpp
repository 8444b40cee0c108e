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
/// copy beyond each array once (Bulk says how); none when there is none.
static std::optional<CopyingHostLoop> copyingHostLoop(
    llvm::ArrayRef<PlannedLoop> Loops, llvm::ArrayRef<DataRegion> Regions,
    llvm::ArrayRef<HostLoop> Host,
    const llvm::SmallPtrSetImpl<const Stmt *> &Tried, const SourceManager &SM) {
  std::vector<HostLoop> Untried;
  for (const HostLoop &H : Host)
    if (!Tried.count(H.Site.Loop))
      Untried.push_back(H);
  std::vector<CopyingHostLoop> Copying =
      copyingHostLoops(Loops, Regions, Untried, SM);
  for (const CopyingHostLoop &C : Copying)
    if (llvm::none_of(Copying, [&](const CopyingHostLoop &Other) {
          return Other.Loop != C.Loop &&
                 within(*Other.Loop->Site.Loop, *C.Loop->Site.Loop, SM);
        }))
      return CopyingHostLoop{&*llvm::find_if(Host,
                                             [&](const HostLoop &H) {
                                               return H.Site.Loop ==
                                                      C.Loop->Site.Loop;
                                             }),
                             C.Bulk};
  return std::nullopt;
}

/// True when Serial, the plan of Loop in one thread, gives every loop of
/// Loops inside Loop that runs apart to the team's threads, and none of
/// them has loops inside (work a step's teams would share: one team would
/// take it all).
static bool keepsInnerParallelism(const OffloadPlan &Serial,
                                  const ForStmt &Loop,
                                  llvm::ArrayRef<PlannedLoop> Loops,
                                  const SourceManager &SM) {
  return llvm::all_of(Loops, [&](const PlannedLoop &P) {
    return P.Plan.Runs != Execution::Parallel ||
           !within(*P.Site.Loop, Loop, SM) ||
           (!containsLoop(*P.Site.Loop->getBody()) &&
            llvm::any_of(Serial.InnerParallel, [&](const ParallelInnerLoop &I) {
              return I.Loop == P.Site.Loop;
            }));
  });
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
    std::optional<CopyingHostLoop> Found =
        copyingHostLoop(Loops, Regions, Host, Tried, SM);
    if (!Found)
      return;
    const HostLoop *Copying = Found->Loop;
    Tried.insert(Copying->Site.Loop);
    std::optional<OffloadPlan> Serial = PlanSerial(Copying->Site);
    const ForStmt &Loop = *Copying->Site.Loop;
    if (!Serial ||
        (!Found->Bulk && !keepsInnerParallelism(*Serial, Loop, Loops, SM)))
      continue;
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
