//===- Facts.cpp - tell the plugin which sections a kernel only reads ----===//
#include "Facts.h"
#include "EmptyLoops.h"
#include "KernelRewrite.h"

using namespace clang;

namespace ownmap {

/// True when Region keeps Var on the device around its loops.
static bool keeps(const DataRegion *Region, const VarDecl *Var) {
  return Region &&
         llvm::any_of(Region->Variables,
                      [&](const RegionVariable &V) { return V.Var == Var; });
}

std::vector<std::string> readsOnlyFacts(const PlannedLoop &Loop,
                                        const DataRegion *Region,
                                        ASTContext &Ctx) {
  std::vector<std::string> Facts;
  if (!canInsertLineAfter(*Loop.Site.Loop, Ctx.getSourceManager(),
                          Ctx.getLangOpts()))
    return Facts;
  for (const VariablePlan &V : Loop.Plan.Variables) {
    if (V.Annotation != Ownership::In || V.Map != MapKind::To || !V.Lower ||
        !V.Length || keeps(Region, V.Var))
      continue;
    std::string Name = V.Var->getName().str();
    Facts.push_back(
        "ownmap_kernel_reads_only(" +
        elementAddress(*V.Var, *V.Lower, V.BoundsType) + ", " +
        (V.NonEmpty.empty()
             ? operandText(*V.Length, V.BoundsType)
             : guardedLength(*V.Length, V.NonEmpty, V.BoundsType)) +
        " * sizeof *" + Name + ");");
  }
  return Facts;
}

llvm::StringRef factsDone() { return "ownmap_kernel_facts_done();"; }

} // namespace ownmap
