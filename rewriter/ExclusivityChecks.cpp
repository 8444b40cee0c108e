//===- ExclusivityChecks.cpp - where each run-time exclusivity check goes -===//
#include "ExclusivityChecks.h"

using namespace clang;

namespace ownmap {

/// The pairs of a span region's arrays, over all their data
/// (SpanRegions.h); none for another region.
static std::vector<ExclusivityPair>
spanPairs(const KernelAnnotations &Annotations, const DataRegion &Region) {
  if (!Region.FirstStatement)
    return {};
  OffloadPlan Whole;
  for (const RegionVariable &V : Region.Variables) {
    VariablePlan P;
    P.Var = V.Var;
    P.Map = V.Map;
    P.Lower = Polynomial(0);
    P.Length = Polynomial::count(*V.WholeCount);
    Whole.Variables.push_back(std::move(P));
  }
  std::vector<ExclusivityPair> Pairs = exclusivityPairs(Annotations, Whole);
  llvm::erase_if(Pairs, [](const ExclusivityPair &P) { return P.Proven; });
  return Pairs;
}

void placeExclusivityChecks(const KernelAnnotations &Annotations,
                            llvm::MutableArrayRef<PlannedLoop> Loops,
                            llvm::MutableArrayRef<DataRegion> Regions) {
  std::vector<std::vector<ExclusivityPair>> Hoisted(Regions.size());
  std::vector<int> RegionOf(Loops.size(), -1);
  for (size_t R = 0; R < Regions.size(); ++R)
    for (size_t K = Regions[R].First; K <= Regions[R].Last; ++K)
      RegionOf[K] = R;
  for (size_t K = 0; K < Loops.size(); ++K) {
    Loops[K].Exclusivity = exclusivityPairs(Annotations, Loops[K].Plan);
    for (const ExclusivityPair &Pair : Loops[K].Exclusivity) {
      if (Pair.Proven)
        continue;
      int R = RegionOf[K];
      if (R < 0 || !Regions[R].hoists(Pair)) {
        Loops[K].Checks.push_back(Pair.check());
        continue;
      }
      if (llvm::none_of(Hoisted[R],
                        [&](ExclusivityPair &H) { return H.widen(Pair); }))
        Hoisted[R].push_back(Pair);
    }
  }
  for (size_t R = 0; R < Regions.size(); ++R) {
    for (const ExclusivityPair &Pair : spanPairs(Annotations, Regions[R]))
      if (llvm::none_of(Hoisted[R], [&](const ExclusivityPair &H) {
            return (H.Exclusive == Pair.Exclusive && H.Other == Pair.Other) ||
                   (H.Exclusive == Pair.Other && H.Other == Pair.Exclusive);
          }))
        Hoisted[R].push_back(Pair);
    for (const ExclusivityPair &Pair : Hoisted[R])
      Regions[R].Checks.push_back(Pair.check());
  }
}

} // namespace ownmap
