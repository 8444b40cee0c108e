//===- MapInference.cpp - map clauses from annotations and accesses -------===//
#include "MapInference.h"
#include "ArrayParameters.h"
#include "BorrowChecks.h"
#include "Diagnostics.h"
#include "EmptyLoops.h"
#include "Independence.h"
#include "LocalArrays.h"
#include "PointerViews.h"
#include "PrivateScalars.h"
#include "SourceText.h"
#include "Subscript.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

using namespace clang;

namespace ownmap {

llvm::StringRef mapKeyword(MapKind K) {
  switch (K) {
  case MapKind::To:
    return "to";
  case MapKind::ToFrom:
    return "tofrom";
  case MapKind::From:
    return "from";
  case MapKind::Alloc:
    return "alloc";
  }
  llvm_unreachable("unknown map kind");
}

static MapKind mapFor(Ownership O) {
  switch (O) {
  case Ownership::In:
    return MapKind::To;
  case Ownership::InOut:
    return MapKind::ToFrom;
  case Ownership::Out:
    return MapKind::From;
  case Ownership::Scratch:
    return MapKind::Alloc;
  }
  llvm_unreachable("unknown ownership");
}

std::string OffloadPlan::pragma() const {
  std::string P = Runs == Execution::Serial ? "#pragma omp target"
                  : InnerParallel.empty()
                      ? "#pragma omp target teams distribute parallel for"
                      : "#pragma omp target teams distribute";
  if (Collapse > 1)
    P += " collapse(" + std::to_string(Collapse) + ")";
  if (!Private.empty()) {
    std::vector<std::string> Names;
    for (const clang::VarDecl *V : Private)
      Names.push_back(V->getName().str());
    P += " private(" + llvm::join(Names, ", ") + ")";
  }
  for (const VariablePlan &V : Variables) {
    if (V.Map)
      P += " map(" + mapKeyword(*V.Map).str() + ": " + V.Section + ")";
    if (V.Reduction)
      P += " reduction(" + reductionIdentifier(*V.Reduction).str() + ": " +
           V.Var->getName().str() + ")";
  }
  return P;
}

namespace {

class Inference {
public:
  Inference(const KernelAnnotations &Annotations, const CanonicalLoop &Loop,
            const LoopAccesses &Accesses, Execution Runs)
      : Annotations(Annotations), Loop(Loop), Runs(Runs),
        Ctx(Loop.Index->getASTContext()),
        Subscripts(Loop, Accesses, Annotations.statedFacts(),
                   Annotations.AroundLoops) {}

  llvm::Expected<VariablePlan> plan(const VariableAccesses &VA);
  std::optional<std::vector<ExtentCondition>>
  collapsible(const LoopAccesses &Accesses) const {
    return ownmap::collapsible(Subscripts, Loop, Accesses);
  }
  std::vector<ParallelInnerLoop>
  parallelInner(const LoopAccesses &Accesses,
                llvm::ArrayRef<VariablePlan> Planned) const {
    std::vector<MappedSection> Sections;
    for (const VariablePlan &V : Planned)
      if (V.Map && V.Lower && V.Length)
        Sections.push_back({V.Var, *V.Lower, *V.Length, V.NonEmpty.Facts});
    return parallelInnerLoops(Subscripts, Loop, Accesses, Ctx,
                              /*AllowReductions=*/Runs == Execution::Serial,
                              Sections);
  }
  /// The section of VA's pointer from its subscripts alone (its errors
  /// speak of the code, not of annotations).
  llvm::Expected<VariablePlan> accessed(const VariableAccesses &VA) const {
    ParamAnnotation Unannotated;
    Unannotated.Kind = Ownership::In;
    VariablePlan Plan;
    Plan.Var = VA.Var;
    if (auto E = section(VA, Unannotated, Plan, /*CoverViewStarts=*/true))
      return std::move(E);
    return Plan;
  }

private:
  const KernelAnnotations &Annotations;
  const CanonicalLoop &Loop;
  Execution Runs;
  const ASTContext &Ctx;
  SubscriptAnalysis Subscripts;

  std::string text(const Expr *E) const { return sourceText(E, Ctx); }
  llvm::Expected<VariablePlan> planPointer(const VariableAccesses &VA);
  llvm::Expected<VariablePlan> planScalar(const VariableAccesses &VA);
  llvm::Expected<VariablePlan> planLocalArray(const VariableAccesses &VA);
  /// For a loop whose iterations run apart: fails unless they reach VA's
  /// elements apart, else sets the run-time condition of the proof.
  llvm::Error proveApart(const VariableAccesses &VA, VariablePlan &Plan) const {
    if (Runs != Execution::Parallel)
      return llvm::Error::success();
    auto Independent = checkIndependence(Subscripts, Loop, VA);
    if (!Independent)
      return Independent.takeError();
    Plan.InBounds = Independent->InBounds;
    return llvm::Error::success();
  }
  /// CoverViewStarts: the first element of every view declared before the
  /// loop joins the section (code that is already OpenMP, where the device
  /// finds such a view through that element's map; the rewriter declares
  /// the view again in the loop instead).
  llvm::Error section(const VariableAccesses &VA, const ParamAnnotation &PA,
                      VariablePlan &Plan, bool CoverViewStarts) const;
  void copyInPartRows(const clang::ParmVarDecl &Param,
                      VariablePlan &Plan) const;

  /// The first element of a view declared before the loop, and an access
  /// through it.
  struct ViewStart {
    const Access *Site;
    Polynomial At;
  };
  llvm::Error lowerToViewStarts(const VariableAccesses &VA,
                                llvm::ArrayRef<ViewStart> Starts,
                                llvm::ArrayRef<Polynomial> Facts,
                                Polynomial &Min, const Polynomial &Max) const;
};

/// The annotation the loop's use of an unannotated pointer calls for.
std::string suggestAnnotation(const VariableAccesses &VA) {
  bool Writes = llvm::any_of(VA.Accesses,
                             [](const Access &A) { return isWrite(A.Kind); });
  if (!Writes)
    return "OM_IN (the loop only reads it)";
  if (isWrite(VA.Accesses.front().Kind))
    return "OM_OUT (the loop writes it before reading) or OM_INOUT";
  return "OM_INOUT (the loop reads and writes it)";
}

/// The device finds a view declared outside the construct through the map
/// of its first element, so that element joins the section. A start below
/// the elements the loop reaches is an element of the same object (a valid
/// pointer below one the loop dereferences) and lowers Min to it; a start
/// above them may be one past the end of the object, which cannot be
/// mapped.
llvm::Error Inference::lowerToViewStarts(const VariableAccesses &VA,
                                         llvm::ArrayRef<ViewStart> Starts,
                                         llvm::ArrayRef<Polynomial> Facts,
                                         Polynomial &Min,
                                         const Polynomial &Max) const {
  std::string Name = VA.Var->getName().str();
  for (const ViewStart &V : Starts) {
    bool AtOrBelowMax = provenNonNegative(Max - V.At, Facts);
    if (AtOrBelowMax && provenNonNegative(V.At - Min, Facts))
      continue;
    if (AtOrBelowMax && provenNonNegative(Min - V.At, Facts)) {
      Min = V.At;
      continue;
    }
    return sourceError(
        Rule::SectionUnbounded, V.Site->Site->getBeginLoc(),
        "the view in '" + text(V.Site->Site) + "' starts at " + Name + "[" +
            V.At.str() + "], outside the elements of '" + Name +
            "' the loop reaches (" + Name + "[" + Min.str() + "] to " + Name +
            "[" + Max.str() +
            "]) unless that follows from the loops or a stated fact; the "
            "device finds a view declared outside the construct through the "
            "map of its first element, which may lie past the end of the "
            "data: start the view at an element the loop uses",
        FindingDetails{Name, "", "", ""});
  }
  return llvm::Error::success();
}

llvm::Error Inference::section(const VariableAccesses &VA,
                               const ParamAnnotation &PA, VariablePlan &Plan,
                               bool CoverViewStarts) const {
  std::string Name = VA.Var->getName().str();
  std::vector<AffineSubscript> Reached;
  std::vector<ViewStart> ViewStarts;
  std::vector<std::string> Sites, Ranges;
  std::vector<std::vector<IndexRange>> Nests;
  const Access *Unbounded = nullptr;
  std::string Why;
  std::optional<ArrayShape> Shape;
  if (const auto *Param = dyn_cast<ParmVarDecl>(VA.Var);
      Param && isArrayParameter(*Param)) {
    auto Read = arrayShape(*Param);
    if (!Read)
      return Read.takeError();
    Shape = std::move(*Read);
  }
  for (const Access &A : VA.Accesses) {
    if (A.Callee) {
      Unbounded = &A;
      Why = "'" + Name + "' is passed to '" + A.Callee->getName().str() +
            "', whose body is not analysed";
      break;
    }
    // An array parameter maps the rows its first subscripts reach.
    auto S = Shape ? reachedRows(Subscripts, A, *Shape,
                                 Annotations.statedFacts())
                   : Subscripts.analyse(A);
    if (!S) {
      Unbounded = &A;
      Why = "subscript '" + text(A.Site) +
            (Shape ? "' does not bound the rows it reaches: "
                   : "' is not affine: ") +
            llvm::toString(S.takeError());
      break;
    }
    std::string Site = text(A.Site);
    if (!llvm::is_contained(Sites, Site))
      Sites.push_back(Site);
    for (const IndexRange &R : S->Nest)
      if (!llvm::is_contained(Ranges, R.Text))
        Ranges.push_back(R.Text);
    Nests.push_back(S->Nest);
    if (CoverViewStarts && A.ViewBeforeLoop) {
      Access Start = A;
      Start.Index = nullptr;
      llvm::Expected<AffineSubscript> At = *S;
      if (Start.ViewOffsets.empty())
        At->Value = At->Min = At->Max = Polynomial(0);
      else
        At = Subscripts.analyse(Start);
      if (!At) {
        Unbounded = &A;
        Why = "the start of the view in '" + text(A.Site) +
              "': " + llvm::toString(At.takeError());
        break;
      }
      ViewStarts.push_back({&A, At->Min});
    }
    Reached.push_back(std::move(*S));
  }
  // The union of what the accesses reach, comparing their ends where the
  // loops around all of them run (else nothing is mapped: EmptyLoops.h),
  // with no scalar taken as non-negative unless that is known
  // (`x[i + off]` reaches below `x[i]` when off < 0).
  std::vector<Polynomial> Stated = Annotations.statedFacts();
  std::vector<Polynomial> Facts = runningFacts(Nests);
  llvm::append_range(Facts, Stated);
  std::optional<Polynomial> Min, Max;
  for (size_t K = 0; K < Reached.size() && !Unbounded; ++K) {
    const AffineSubscript &S = Reached[K];
    auto Lowest = [&](const Polynomial &A, const Polynomial &B)
        -> std::optional<Polynomial> {
      if (provenNonNegative(B - A, Facts))
        return A;
      if (provenNonNegative(A - B, Facts))
        return B;
      return std::nullopt;
    };
    std::optional<Polynomial> NewMin = Min ? Lowest(*Min, S.Min) : S.Min;
    std::optional<Polynomial> NewMax =
        Max ? Lowest(Polynomial(0) - *Max, Polynomial(0) - S.Max) : std::nullopt;
    if (!NewMin || (Max && !NewMax)) {
      Unbounded = &VA.Accesses[std::min(K, VA.Accesses.size() - 1)];
      Why = "the elements that '" + text(Unbounded->Site) +
            "' reaches cannot be compared with those of '" + Sites.front() +
            "': their difference may have either sign (OM_FACT can state "
            "it)";
      break;
    }
    Min = *NewMin;
    Max = Max ? Polynomial(0) - *NewMax : S.Max;
  }
  if (Unbounded) {
    // Plain OpenMP code (the audit): no annotation to advise.
    if (PA.KindLoc.isInvalid())
      return sourceError(Rule::SectionUnbounded,
                         Unbounded->Site->getBeginLoc(),
                         "cannot bound the elements of '" + Name + "' that '" +
                             text(Unbounded->Site) + "' reaches (" + Why + ")",
                         FindingDetails{Name, "", "", ""});
    if (!PA.Length)
      return sourceError(Rule::SectionUnbounded,
                         Unbounded->Site->getBeginLoc(),
                         "cannot offload: cannot bound the elements of '" +
                             Name + "' that '" + text(Unbounded->Site) +
                             "' reaches (" + Why +
                             "); add OM_LEN(<element count>) to " +
                             (PA.Field ? "field '" + PA.Field->getName() +
                                             "' in its struct's definition"
                                       : llvm::Twine("the parameter")),
                         FindingDetails{Name, "", "", "OM_LEN"}, PA.KindLoc,
                         "'" + Name + "' is annotated " +
                             macroName(*PA.Kind) + " here");
    std::string Count = PA.LengthSnapshot.value_or(*PA.Length);
    Plan.Section = Name + "[0:" + Count + "]";
    Plan.Lower = Polynomial(0);
    Plan.Length = Polynomial::count(Count);
    Plan.LengthSnapshot = PA.LengthSnapshot.has_value();
    Plan.Reason = (Shape ? "section from the row count " + *PA.Length
                         : "section from OM_LEN(" + *PA.Length + ")") +
                  (PA.LengthSnapshot ? ", its value at kernel entry (kept in " +
                                           *PA.LengthSnapshot + ")"
                                     : "") +
                  ": " + Why;
    return llvm::Error::success();
  }
  if (auto E = lowerToViewStarts(VA, ViewStarts, Facts, *Min, *Max))
    return E;
  Polynomial Length = *Max - *Min + Polynomial(1);
  ArithmeticType In;
  for (const AffineSubscript &S : Reached)
    In = In.widest(S.Type);
  Plan.NonEmpty = nonEmptyCondition(Length, Nests, Stated, In);
  Plan.Section = Name + "[" + Min->str(In) + ":" +
                 guardedLength(Length, Plan.NonEmpty, In) + "]";
  Plan.Lower = *Min;
  Plan.Length = Length;
  Plan.BoundsType = In;
  Plan.Reason = "section from subscripts " + llvm::join(Sites, ", ") +
                " over " + llvm::join(Ranges, ", ");
  return llvm::Error::success();
}

/// An array local to the kernel that only this loop holds (LocalArrays.h)
/// is the device's alone: allocated there, never copied.
llvm::Expected<VariablePlan>
Inference::planLocalArray(const VariableAccesses &VA) {
  llvm::StringRef Name = VA.Var->getName();
  std::optional<std::string> Why =
      Annotations.Kernel ? whyLocalArrayCrosses(*VA.Var, *Loop.Loop,
                                                *Annotations.Kernel->getBody())
                         : std::string("is not in a kernel");
  if (Why)
    return sourceError(Rule::LoopLocalArray,
                       VA.Accesses.front().Site->getBeginLoc(),
                       "'" + Name + "', an array local to the kernel, " + *Why +
                           "; only an array that one loop alone uses is "
                           "given to the device",
                       VA.Var->getLocation(), "'" + Name + "' is declared here");
  VariablePlan Plan;
  if (auto E = proveApart(VA, Plan))
    return std::move(E);
  Plan.Map = MapKind::Alloc;
  Plan.Section = Name.str();
  Plan.Lower = Polynomial(0);
  Plan.Length = Polynomial(static_cast<int64_t>(
      Ctx.getConstantArrayElementCount(
          Ctx.getAsConstantArrayType(VA.Var->getType()))));
  Plan.Reason = "array local to the kernel that only this loop uses: the "
                "device's copy needs none of the host's values";
  return Plan;
}

llvm::Expected<VariablePlan> Inference::planPointer(const VariableAccesses &VA) {
  const auto *Param = dyn_cast<ParmVarDecl>(VA.Var);
  const ParamAnnotation *PA = Param ? Annotations.lookup(Param) : nullptr;
  SourceLocation Use = VA.Accesses.front().Site->getBeginLoc();
  llvm::StringRef Name = VA.Var->getName();
  std::optional<PointerView> View =
      Param ? std::nullopt : pointerViewOf(*VA.Var);
  if (View && !offsetsFromScalars(*View))
    return sourceError(Rule::LoopUnsupported, Use,
                       "cannot offload: pointer '" + Name + "' views '" +
                           View->Base->getName() +
                           "' at an offset that does not consist of scalar "
                           "variables and constants ('" +
                           text(VA.Var->getInit()) +
                           "'); the device computes the view again in the "
                           "loop: keep the offset in a local variable first",
                       VA.Var->getLocation(),
                       "'" + Name + "' is declared here");
  if (View)
    return sourceError(Rule::LoopUnsupported, Use,
                       "cannot offload: pointer '" + Name + "' views '" +
                           View->Base->getName() +
                           "', but the kernel changes it, its base or "
                           "a variable of its offset; only views that "
                           "keep their value can be mapped",
                       VA.Var->getLocation(),
                       "'" + Name + "' is declared here");
  if (!Param)
    return sourceError(Rule::LoopUnsupported, Use,
                       "cannot offload: pointer '" + Name +
                                "' is not a parameter of the kernel; only "
                                "annotated pointer parameters can be mapped");
  if (!PA)
    return sourceError(Rule::AnnotationMissing, Use,
                       "cannot offload: pointer parameter '" + Name +
                           "' has no ownership annotation; add " +
                           suggestAnnotation(VA),
                       FindingDetails{Name.str(), "", "", ""}, Param->getLocation(),
                       "'" + Name + "' is declared here");
  if (auto E = checkBorrow(VA, *PA))
    return std::move(E);
  VariablePlan Plan;
  if (auto E = proveApart(VA, Plan))
    return std::move(E);
  if (auto E = checkOutCoverage(Subscripts, VA, *PA))
    return std::move(E);
  std::vector<Polynomial> Stated = Annotations.statedFacts();
  auto Early = earlyReads(Subscripts, VA, *PA, Stated);
  if (!Early)
    return Early.takeError();
  Plan.ReadsBeforeWrite = std::move(*Early);
  if (*PA->Kind == Ownership::Out || *PA->Kind == Ownership::Scratch)
    Plan.CertainlyWritten = certainlyWritten(Subscripts, VA, Stated);
  Plan.Map = mapFor(*PA->Kind);
  Plan.Annotation = PA->Kind;
  Plan.AnnotationLoc = PA->KindLoc;
  if (auto E = section(VA, *PA, Plan, /*CoverViewStarts=*/false))
    return std::move(E);
  if (PA->Length)
    Plan.WholeCount = PA->LengthSnapshot.value_or(*PA->Length);
  else
    Plan.WholeCount = PA->DeclaredCount;
  if (Plan.Map == MapKind::From && isArrayParameter(*Param))
    copyInPartRows(*Param, Plan);
  return Plan;
}

/// The map of an array parameter moves whole rows: OM_OUT rows the loop
/// may not write entirely are copied in too, so that their elements it
/// does not write keep the host's values.
void Inference::copyInPartRows(const ParmVarDecl &Param,
                               VariablePlan &Plan) const {
  auto Shape = arrayShape(Param);
  if (!Shape) {
    llvm::consumeError(Shape.takeError()); // reported by section()
    return;
  }
  if (Plan.CertainlyWritten &&
      coversRows(*Shape, *Plan.CertainlyWritten, *Plan.Lower, *Plan.Length))
    return;
  Plan.Map = MapKind::ToFrom;
  Plan.Reason += "; copied in too: the loop may not write every element "
                 "of the rows it maps";
}

llvm::Expected<VariablePlan> Inference::planScalar(const VariableAccesses &VA) {
  VariablePlan Plan;
  const Access *FirstWrite = nullptr;
  bool Reads = false;
  for (const Access &A : VA.Accesses) {
    Reads |= A.Kind == AccessKind::Read;
    if (isWrite(A.Kind) && !FirstWrite)
      FirstWrite = &A;
  }
  if (!FirstWrite) {
    Plan.Reason = "scalar only read: firstprivate, no map needed";
    return Plan;
  }
  bool OneReduction =
      FirstWrite->Kind == AccessKind::Update && !Reads &&
      llvm::all_of(VA.Accesses, [&](const Access &A) {
        return A.Kind == AccessKind::Update &&
               A.Reduction == FirstWrite->Reduction;
      });
  llvm::StringRef Name = VA.Var->getName();
  // In one thread too: the value in is never read, the value out never
  // used.
  if (Annotations.Kernel &&
      isPrivateToIterations(*VA.Var, *Loop.Loop,
                            *Annotations.Kernel->getBody())) {
    Plan.PrivateCopy = true;
    Plan.Reason = "scalar written before it is read in every iteration, "
                  "and its last value not read after the loop: private";
    return Plan;
  }
  if (Runs == Execution::Serial) {
    Plan.Map = MapKind::ToFrom;
    Plan.Section = Name.str();
    Plan.WrittenScalar = true;
    Plan.Reason = "scalar written in the loop, which runs in one thread: "
                  "copied in and back out";
    return Plan;
  }
  if (!OneReduction)
    return sourceError(Rule::ParallelScalar, FirstWrite->Site->getBeginLoc(),
                       "cannot offload: scalar '" + Name +
                           "' is written in the loop; only a reduction (one "
                           "of + * min max & | ^ && ||, and no other use of '" +
                           Name + "') can be offloaded",
                       FindingDetails{Name.str(), "", "", ""});
  llvm::StringRef Op = reductionIdentifier(FirstWrite->Reduction);
  Plan.Map = MapKind::ToFrom;
  Plan.Section = Name.str();
  Plan.Reduction = FirstWrite->Reduction;
  Plan.Reason =
      ("reduction(" + Op + "): only updated by '" + Op + "' in the loop").str();
  return Plan;
}

llvm::Expected<VariablePlan> Inference::plan(const VariableAccesses &VA) {
  auto Plan = isKernelLocalArray(*VA.Var) ? planLocalArray(VA)
              : VA.byElement()             ? planPointer(VA)
                                           : planScalar(VA);
  if (!Plan)
    return Plan;
  Plan->Var = VA.Var;
  for (const Access &A : VA.Accesses) {
    SourceLocation Loc = A.Site->getBeginLoc();
    if (isRead(A.Kind) && Plan->FirstRead.isInvalid())
      Plan->FirstRead = Loc;
    if (isWrite(A.Kind) && Plan->FirstWrite.isInvalid())
      Plan->FirstWrite = Loc;
  }
  return Plan;
}

} // namespace

llvm::Expected<OffloadPlan> inferMaps(const KernelAnnotations &Annotations,
                                      const CanonicalLoop &Loop,
                                      const LoopAccesses &Accesses,
                                      Execution Runs) {
  OffloadPlan Result;
  Result.Loop = Loop;
  Result.Runs = Runs;
  Result.Private = Accesses.OutsideInnerIndices;
  Result.ViewsBeforeLoop = Accesses.ViewsBeforeLoop;
  llvm::copy_if(Accesses.ViewsBeforeLoop, std::back_inserter(Result.Private),
                [](const clang::VarDecl *View) { return viewIsReassigned(*View); });
  Inference Infer(Annotations, Loop, Accesses, Runs);
  // Every variable the loop cannot offload is reported, not only the first.
  llvm::Error Errors = llvm::Error::success();
  for (const VariableAccesses &VA : Accesses.Variables) {
    auto Plan = Infer.plan(VA);
    if (!Plan) {
      Errors = llvm::joinErrors(std::move(Errors), Plan.takeError());
      continue;
    }
    Result.Variables.push_back(std::move(*Plan));
  }
  if (Errors)
    return std::move(Errors);
  for (const VariablePlan &V : Result.Variables)
    if (V.PrivateCopy)
      Result.Private.push_back(V.Var);
  // The run-time conditions of every proof: of each variable, of the
  // collapsed pair, of the inner loops a team's threads share.
  std::vector<ExtentCondition> Conditions;
  for (const VariablePlan &V : Result.Variables)
    if (!V.InBounds.empty())
      Conditions.push_back({V.Var, V.InBounds});
  std::optional<std::vector<ExtentCondition>> Collapsed;
  if (Runs == Execution::Parallel)
    Collapsed = Infer.collapsible(Accesses);
  if (Collapsed) {
    Result.Collapse = 2;
    llvm::append_range(Conditions, *Collapsed);
  } else {
    Result.InnerParallel = Infer.parallelInner(Accesses, Result.Variables);
    for (const ParallelInnerLoop &Inner : Result.InnerParallel)
      llvm::append_range(Conditions, Inner.InBounds);
  }
  for (const ExtentCondition &C : Conditions)
    if (llvm::none_of(Result.Extents, [&](const ExtentCondition &Seen) {
          return Seen.Var == C.Var && Seen.Condition == C.Condition;
        }))
      Result.Extents.push_back(C);
  return Result;
}

llvm::Expected<VariablePlan> accessedSection(const CanonicalLoop &Loop,
                                             const LoopAccesses &Accesses,
                                             const VariableAccesses &VA,
                                             llvm::ArrayRef<Polynomial> Assumed) {
  KernelAnnotations None;
  for (const Polynomial &Fact : Assumed)
    None.Facts.push_back({Fact.str() + " >= 0", Fact});
  return Inference(None, Loop, Accesses, Execution::Parallel).accessed(VA);
}

} // namespace ownmap
