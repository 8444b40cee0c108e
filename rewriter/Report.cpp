//===- Report.cpp - the text report of offloaded loops -------------------===//
#include "Report.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ownmap {

static std::string where(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return "none";
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  return (llvm::Twine(P.getFilename()) + ":" + llvm::Twine(P.getLine()) + ":" +
          llvm::Twine(P.getColumn()))
      .str();
}

static std::string describeMap(const VariablePlan &V) {
  if (!V.Map)
    return "none";
  std::string S = mapKeyword(*V.Map).str() + " " + V.Section;
  if (V.Reduction)
    S += ", reduction(" + reductionIdentifier(*V.Reduction).str() + ")";
  return S;
}

std::string formatLoopReport(const OffloadPlan &Plan,
                             const FunctionDecl &Kernel,
                             const SourceManager &SM) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "loop " << where(Plan.Loop.Loop->getForLoc(), SM) << " in kernel '"
     << Kernel.getName() << "'\n";
  OS << "  directive: " << Plan.pragma() << "\n";
  for (const VariablePlan &V : Plan.Variables) {
    OS << "  variable " << V.Var->getName() << "\n";
    OS << "    map: " << describeMap(V) << "\n";
    OS << "    annotation: ";
    if (V.Annotation)
      OS << macroName(*V.Annotation) << " at " << where(V.AnnotationLoc, SM);
    else
      OS << "none";
    OS << "\n";
    OS << "    first read: " << where(V.FirstRead, SM) << "\n";
    OS << "    first write: " << where(V.FirstWrite, SM) << "\n";
    OS << "    why: " << V.Reason << "\n";
  }
  return Out;
}

std::string formatRegionReport(const DataRegion &Region,
                               llvm::ArrayRef<PlannedLoop> Loops,
                               const FunctionDecl &Kernel,
                               const SourceManager &SM) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "data region " << where(Loops[Region.First].Site.Loop->getForLoc(), SM)
     << " to " << where(Loops[Region.Last].Site.Loop->getForLoc(), SM)
     << " in kernel '" << Kernel.getName() << "'\n";
  OS << "  directive: " << Region.pragma() << "\n";
  for (const RegionVariable &V : Region.Variables) {
    OS << "  variable " << V.Var->getName() << "\n";
    OS << "    map: " << mapKeyword(V.Map) << " " << V.Section << "\n";
    OS << "    why: " << V.Reason << "\n";
  }
  for (const TargetUpdate &U : Region.Updates)
    OS << "  update: " << U.pragma() << " before " << where(U.Before, SM)
       << "\n";
  return Out;
}

} // namespace ownmap
