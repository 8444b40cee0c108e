//===- Exclusivity.cpp - exclusive borrows must not overlap others -------===//
#include "Exclusivity.h"

using namespace clang;

namespace ownmap {

namespace {

/// A mapped pointer parameter and its section.
struct Mapped {
  const ParmVarDecl *Param;
  const ParamAnnotation *Annotation;
  Polynomial Lower, End;
  ArithmeticType Type;
};

/// OM_SCRATCH owns its elements too: overlapping another mapped section, its
/// device-only writes would land in that section's device copy.
bool isExclusive(const ParamAnnotation &A) {
  return *A.Kind == Ownership::InOut || *A.Kind == Ownership::Out ||
         *A.Kind == Ownership::Scratch;
}

std::string quoted(llvm::StringRef S) { return ("\"" + S + "\"").str(); }

ExclusivityPair pairOf(const Mapped &A, const Mapped &B) {
  ExclusivityPair Pair;
  Pair.Exclusive = A.Param;
  Pair.Other = B.Param;
  Pair.Kind = *A.Annotation->Kind;
  Pair.ExclusiveLower = A.Lower;
  Pair.ExclusiveEnd = A.End;
  Pair.OtherLower = B.Lower;
  Pair.OtherEnd = B.End;
  Pair.ExclusiveType = A.Type;
  Pair.OtherType = B.Type;
  std::string Names = "'" + A.Param->getName().str() + "' and '" +
                      B.Param->getName().str() + "'";
  Pair.Proven = A.Param->getType().isRestrictQualified() &&
                B.Param->getType().isRestrictQualified();
  Pair.Why = Names + (Pair.Proven
                          ? " are both restrict-qualified: distinct, no "
                            "run-time check"
                          : " may overlap (not both restrict-qualified): "
                            "checked at run time");
  return Pair;
}

/// Widens [Lower, End) to cover [L, E); false when the bounds cannot be
/// compared.
bool unite(Polynomial &Lower, Polynomial &End, const Polynomial &L,
           const Polynomial &E) {
  std::optional<int> Below = (L - Lower).sign(), Above = (E - End).sign();
  if (!Below || !Above)
    return false;
  if (*Below < 0)
    Lower = L;
  if (*Above > 0)
    End = E;
  return true;
}

} // namespace

std::string ExclusivityPair::check() const {
  const auto *Kernel = llvm::cast<FunctionDecl>(Exclusive->getDeclContext());
  return "ownmap_check_exclusive(" + quoted(Kernel->getName()) + ", " +
         quoted(macroName(Kind)) + ", " + quoted(Exclusive->getName()) + ", " +
         elementAddress(*Exclusive, ExclusiveLower, ExclusiveType) + ", " +
         elementAddress(*Exclusive, ExclusiveEnd, ExclusiveType) + ", " +
         quoted(Other->getName()) + ", " +
         elementAddress(*Other, OtherLower, OtherType) + ", " +
         elementAddress(*Other, OtherEnd, OtherType) + ");";
}

bool ExclusivityPair::widen(const ExclusivityPair &O) {
  if (O.Exclusive != Exclusive || O.Other != Other)
    return false;
  Polynomial EL = ExclusiveLower, EE = ExclusiveEnd, OL = OtherLower,
             OE = OtherEnd;
  if (!unite(EL, EE, O.ExclusiveLower, O.ExclusiveEnd) ||
      !unite(OL, OE, O.OtherLower, O.OtherEnd))
    return false;
  ExclusiveLower = EL;
  ExclusiveEnd = EE;
  OtherLower = OL;
  OtherEnd = OE;
  ExclusiveType = ExclusiveType.widest(O.ExclusiveType);
  OtherType = OtherType.widest(O.OtherType);
  return true;
}

std::vector<Polynomial> ExclusivityPair::bounds() const {
  return {ExclusiveLower, ExclusiveEnd, OtherLower, OtherEnd};
}

std::vector<ExclusivityPair>
exclusivityPairs(const KernelAnnotations &Annotations,
                 const OffloadPlan &Plan) {
  std::vector<Mapped> Params;
  for (const VariablePlan &V : Plan.Variables) {
    const auto *P = llvm::dyn_cast<ParmVarDecl>(V.Var);
    const ParamAnnotation *A = P ? Annotations.lookup(P) : nullptr;
    if (A && A->Kind && V.Map && V.Lower && V.Length)
      Params.push_back({P, A, *V.Lower, *V.Lower + *V.Length, V.BoundsType});
  }
  llvm::sort(Params, [](const Mapped &L, const Mapped &R) {
    return L.Param->getFunctionScopeIndex() < R.Param->getFunctionScopeIndex();
  });
  std::vector<ExclusivityPair> Pairs;
  for (size_t I = 0; I < Params.size(); ++I)
    for (size_t J = I + 1; J < Params.size(); ++J) {
      if (isExclusive(*Params[I].Annotation))
        Pairs.push_back(pairOf(Params[I], Params[J]));
      else if (isExclusive(*Params[J].Annotation))
        Pairs.push_back(pairOf(Params[J], Params[I]));
    }
  return Pairs;
}

} // namespace ownmap
