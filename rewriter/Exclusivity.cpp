//===- Exclusivity.cpp - exclusive borrows must not overlap others -------===//
#include "Exclusivity.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ownmap {

namespace {

/// A mapped pointer parameter and its section.
struct Mapped {
  const ParmVarDecl *Param;
  const ParamAnnotation *Annotation;
  Polynomial Lower, End;
  ArithmeticType Type;
  NonEmptyGuard Reached;
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
  Pair.ExclusiveReached = {A.Reached};
  Pair.OtherReached = {B.Reached};
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

/// The alternatives of which one holds when one of Guards does, each the
/// terms that must all hold (`{{"n > 0", "m > 0"}, {"k > 1"}}`); none when
/// one of Guards always holds.
std::vector<std::vector<std::string>>
alternatives(llvm::ArrayRef<NonEmptyGuard> Guards) {
  std::vector<std::vector<std::string>> Out;
  for (const NonEmptyGuard &G : Guards) {
    if (G.empty())
      return {};
    if (!llvm::is_contained(Out, G.Terms))
      Out.push_back(G.Terms);
  }
  return Out;
}

/// Terms less those already in Kept, appended to it.
void appendNew(std::vector<std::string> &Kept,
               llvm::ArrayRef<std::string> Terms) {
  for (const std::string &T : Terms)
    if (!llvm::is_contained(Kept, T))
      Kept.push_back(T);
}

} // namespace

std::string ExclusivityPair::check() const {
  const auto *Kernel = llvm::cast<FunctionDecl>(Exclusive->getDeclContext());
  // Both ranges must be reached for them to overlap: each side's
  // alternatives, `a && b` for one, `(a && b || c)` for several.
  std::vector<std::string> Conditions;
  for (const auto *Reached : {&ExclusiveReached, &OtherReached}) {
    auto Any = alternatives(*Reached);
    if (Any.size() == 1) {
      appendNew(Conditions, Any.front());
    } else if (!Any.empty()) {
      std::vector<std::string> Texts;
      for (const auto &Terms : Any)
        Texts.push_back(llvm::join(Terms, " && "));
      appendNew(Conditions, {"(" + llvm::join(Texts, " || ") + ")"});
    }
  }
  std::string Guard =
      Conditions.empty() ? "" : "if (" + llvm::join(Conditions, " && ") + ") ";
  return Guard + "ownmap_check_exclusive(" + quoted(Kernel->getName()) + ", " +
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
  llvm::append_range(ExclusiveReached, O.ExclusiveReached);
  llvm::append_range(OtherReached, O.OtherReached);
  return true;
}

std::vector<Polynomial> ExclusivityPair::bounds() const {
  std::vector<Polynomial> All = {ExclusiveLower, ExclusiveEnd, OtherLower,
                                 OtherEnd};
  for (const auto *Reached : {&ExclusiveReached, &OtherReached})
    for (const NonEmptyGuard &G : *Reached)
      llvm::append_range(All, G.Facts);
  return All;
}

std::vector<ExclusivityPair>
exclusivityPairs(const KernelAnnotations &Annotations,
                 const OffloadPlan &Plan) {
  std::vector<Mapped> Params;
  std::vector<Polynomial> Stated = Annotations.statedFacts();
  for (const VariablePlan &V : Plan.Variables) {
    const auto *P = llvm::dyn_cast<ParmVarDecl>(V.Var);
    const ParamAnnotation *A = P ? Annotations.lookup(P) : nullptr;
    if (A && A->Kind && V.Map && V.Lower && V.Length)
      Params.push_back({P, A, *V.Lower, *V.Lower + *V.Length, V.BoundsType,
                        reachedCondition(*V.Length, V.NonEmpty, Stated,
                                         V.BoundsType)});
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
