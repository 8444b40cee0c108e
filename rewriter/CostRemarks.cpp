//===- CostRemarks.cpp - what a kernel call moves beyond its arrays once --===//
#include "CostRemarks.h"

using namespace clang;

namespace ownmap {

std::vector<CostRemark> hostLoopRemarks(llvm::ArrayRef<HostLoop> Host,
                                        const SourceManager &SM) {
  std::vector<CostRemark> Remarks;
  for (const HostLoop &H : Host)
    Remarks.push_back(
        {Rule::CostHostLoop, SM.getExpansionLoc(H.Site.Loop->getForLoc()),
         (H.InnerOffloaded
              ? "loop stays on the host, its inner loops are offloaded, "
                "launched in each of its iterations: "
              : "loop stays on the host: ") +
             H.Why});
  return Remarks;
}

std::vector<CostRemark> serialLoopRemarks(llvm::ArrayRef<PlannedLoop> Loops,
                                          const SourceManager &SM) {
  std::vector<CostRemark> Remarks;
  for (const PlannedLoop &L : Loops)
    if (L.Plan.Runs == Execution::Serial)
      Remarks.push_back(
          {Rule::CostSerial, SM.getExpansionLoc(L.Site.Loop->getForLoc()),
           std::string("loop runs on the device in one thread") +
               (L.Plan.InnerParallel.empty()
                    ? ""
                    : ", its inner loops on the threads of one team") +
               ", which keeps its data there: " + L.SerialWhy});
  return Remarks;
}

/// The innermost host loop of Host around Loc other than Except, if any.
static const HostLoop *hostLoopAround(SourceLocation Loc,
                                      llvm::ArrayRef<HostLoop> Host,
                                      const SourceManager &SM,
                                      const Stmt *Except) {
  const HostLoop *Around = nullptr;
  for (const HostLoop &H : Host)
    if (H.InnerOffloaded && H.Site.Loop != Except &&
        SM.isPointWithin(Loc, H.Site.Loop->getBeginLoc(),
                         H.Site.Loop->getEndLoc()))
      Around = &H;
  return Around;
}

/// True when a region around a host loop, or a span region, that holds
/// Inner's loops keeps
/// Var: Inner's map of it finds it on the device.
static bool keptAround(const DataRegion &Inner, const VarDecl *Var,
                       llvm::ArrayRef<DataRegion> Regions) {
  return llvm::any_of(Regions, [&](const DataRegion &Outer) {
    return &Outer != &Inner && (Outer.HostLoop || Outer.FirstStatement) &&
           Outer.First <= Inner.First &&
           Inner.Last <= Outer.Last &&
           llvm::any_of(Outer.Variables, [&](const RegionVariable &V) {
             return V.Var == Var;
           });
  });
}

std::vector<CostRemark> copyRemarks(llvm::ArrayRef<PlannedLoop> Loops,
                                    llvm::ArrayRef<DataRegion> Regions,
                                    llvm::ArrayRef<HostLoop> Host,
                                    const SourceManager &SM) {
  std::vector<CostRemark> Remarks;
  auto Often = [&](SourceLocation Loc,
                   const Stmt *Except = nullptr) -> std::string {
    const HostLoop *H = hostLoopAround(Loc, Host, SM, Except);
    if (!H)
      return "";
    return ", in every iteration of the host loop at line " +
           std::to_string(SM.getExpansionLineNumber(H->Site.Loop->getForLoc()));
  };
  auto Add = [&](SourceLocation Loc, std::string Message) {
    Remarks.push_back(
        {Rule::CostCopies, SM.getExpansionLoc(Loc), std::move(Message)});
  };
  for (const DataRegion &Region : Regions) {
    SourceLocation Start = Region.opening(Loops)->getBeginLoc();
    std::string Repeated = Often(Start, Region.opening(Loops));
    if (Repeated.empty())
      continue;
    for (const RegionVariable &V : Region.Variables)
      if (!keptAround(Region, V.Var, Regions))
        Add(Start, "'" + V.Section + "' crosses at this data region (map " +
                       mapKeyword(V.Map).str() + ")" + Repeated);
  }
  for (const DataRegion &Region : Regions)
    for (const TargetUpdate &U : Region.Updates)
      Add(U.Before, "'" + U.Section + "' is copied " +
                        (U.ToDevice ? "back to the device after"
                                    : "from the device for") +
                        " host code that uses it" + Often(U.Before));
  // The arrays some data region keeps around each loop.
  std::vector<llvm::SmallPtrSet<const VarDecl *, 4>> Kept(Loops.size());
  for (const DataRegion &Region : Regions)
    for (size_t K = Region.First; K <= Region.Last; ++K)
      for (const RegionVariable &V : Region.Variables)
        Kept[K].insert(V.Var);
  for (size_t K = 0; K < Loops.size(); ++K) {
    SourceLocation For = Loops[K].Site.Loop->getForLoc();
    std::string Repeated = Often(For);
    for (const VariablePlan &V : Loops[K].Plan.Variables) {
      if (!V.Map || V.Reduction || !V.Var->getType()->isPointerType() ||
          Kept[K].count(V.Var))
        continue;
      bool Shared = llvm::any_of(Loops, [&](const PlannedLoop &Other) {
        return &Other != &Loops[K] &&
               llvm::any_of(Other.Plan.Variables, [&](const VariablePlan &W) {
                 return W.Var == V.Var && W.Map;
               });
      });
      if (Repeated.empty() && !Shared)
        continue;
      Add(For, "'" + V.Section + "' crosses at this loop's launch (map " +
                   mapKeyword(*V.Map).str() +
                   "): no data region keeps it on the device" +
                   (Shared ? " between the kernel's loops that use it" : "") +
                   Repeated);
    }
  }
  return Remarks;
}

} // namespace ownmap
