//===- MapInference.cpp - map clauses from annotations and accesses -------===//
#include "MapInference.h"
#include "Diagnostics.h"
#include "LinearForm.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"
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
  std::string P = "#pragma omp target teams distribute parallel for";
  for (const VariablePlan &V : Variables) {
    if (V.Map)
      P += " map(" + mapKeyword(*V.Map).str() + ": " + V.Section + ")";
    if (V.Reduction)
      P += std::string(" reduction(") + *V.Reduction + ": " +
           V.Var->getName().str() + ")";
  }
  return P;
}

namespace {

bool isWrite(AccessKind K) { return K != AccessKind::Read; }
bool isRead(AccessKind K) { return K != AccessKind::Write; }

class Inference {
public:
  Inference(const KernelAnnotations &Annotations, const CanonicalLoop &Loop)
      : Annotations(Annotations), Loop(Loop),
        Ctx(Loop.Index->getASTContext()) {}

  llvm::Expected<VariablePlan> plan(const VariableAccesses &VA);

private:
  const KernelAnnotations &Annotations;
  const CanonicalLoop &Loop;
  const ASTContext &Ctx;

  std::string text(const Expr *E) const {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()),
               Ctx.getSourceManager(), Ctx.getLangOpts())
        .str();
  }
  std::optional<int64_t> offset(const Access &A) const;
  llvm::Expected<VariablePlan> planPointer(const VariableAccesses &VA);
  llvm::Expected<VariablePlan> planScalar(const VariableAccesses &VA);
  llvm::Error checkBorrow(const VariableAccesses &VA,
                          const ParamAnnotation &PA) const;
  llvm::Error checkIndependence(const VariableAccesses &VA) const;
  llvm::Error section(const VariableAccesses &VA, const ParamAnnotation &PA,
                      VariablePlan &Plan) const;
};

/// c when A's subscript is `i`, `i + c`, `c + i` or `i - c` for the loop
/// index i and an integer constant c.
std::optional<int64_t> Inference::offset(const Access &A) const {
  if (!A.Index)
    return std::nullopt;
  auto IsIndex = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Loop.Index;
  };
  auto Constant = [&](const Expr *E) -> std::optional<int64_t> {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    return std::nullopt;
  };
  const Expr *E = A.Index->IgnoreParenImpCasts();
  if (IsIndex(E))
    return 0;
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  if (B->getOpcode() == BO_Add) {
    if (IsIndex(B->getLHS()))
      return Constant(B->getRHS());
    if (IsIndex(B->getRHS()))
      return Constant(B->getLHS());
  }
  if (B->getOpcode() == BO_Sub && IsIndex(B->getLHS()))
    if (auto C = Constant(B->getRHS()))
      return -*C;
  return std::nullopt;
}

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

llvm::Error Inference::checkBorrow(const VariableAccesses &VA,
                                   const ParamAnnotation &PA) const {
  llvm::StringRef Name = VA.Var->getName();
  std::string AnnotatedHere =
      "'" + Name.str() + "' is annotated " + macroName(*PA.Kind).str() +
      " here";
  if (*PA.Kind == Ownership::In) {
    for (const Access &A : VA.Accesses)
      if (isWrite(A.Kind))
        return sourceError(A.Site->getBeginLoc(),
                           "write through '" + Name +
                               "', which is OM_IN (a shared borrow: the "
                               "device may only read it)",
                           PA.KindLoc, AnnotatedHere);
  }
  bool Uninitialised =
      *PA.Kind == Ownership::Out || *PA.Kind == Ownership::Scratch;
  if (Uninitialised && !VA.Accesses.empty() &&
      isRead(VA.Accesses.front().Kind))
    return sourceError(VA.Accesses.front().Site->getBeginLoc(),
                       "read of '" + Name +
                           "' before it is written in this iteration; " +
                           macroName(*PA.Kind) +
                           " data is uninitialised on the device",
                       PA.KindLoc, AnnotatedHere);
  return llvm::Error::success();
}

/// A written array must be accessed at one offset only, the element this
/// iteration owns; anything else may depend on another iteration.
llvm::Error Inference::checkIndependence(const VariableAccesses &VA) const {
  const Access *Write = nullptr;
  for (const Access &A : VA.Accesses)
    if (isWrite(A.Kind)) {
      Write = &A;
      break;
    }
  if (!Write)
    return llvm::Error::success();
  llvm::StringRef Name = VA.Var->getName();
  std::optional<int64_t> Owned = offset(*Write);
  if (!Owned)
    return sourceError(Write->Site->getBeginLoc(),
                       "cannot offload: cannot prove that iterations write "
                       "distinct elements of '" +
                           Name + "' (subscript is not of the form i + c)");
  for (const Access &A : VA.Accesses)
    if (offset(A) != Owned)
      return sourceError(A.Site->getBeginLoc(),
                         "cannot offload: possible loop-carried dependence: '" +
                             Name + "' is written at '" + text(Write->Site) +
                             "' and accessed at '" + text(A.Site) + "'",
                         Write->Site->getBeginLoc(),
                         "'" + Name + "' is written here");
  return llvm::Error::success();
}

llvm::Error Inference::section(const VariableAccesses &VA,
                               const ParamAnnotation &PA,
                               VariablePlan &Plan) const {
  std::string Name = VA.Var->getName().str();
  std::string Range =
      Loop.Index->getName().str() + " in [" + text(Loop.Lower) + ", " + text(Loop.Upper) + ")";
  int64_t Low = 0, High = 0;
  std::vector<std::string> Subscripts;
  const Access *Unbounded = nullptr;
  for (const Access &A : VA.Accesses) {
    std::optional<int64_t> C = offset(A);
    if (!C) {
      Unbounded = Unbounded ? Unbounded : &A;
      continue;
    }
    Low = Subscripts.empty() ? *C : std::min(Low, *C);
    High = Subscripts.empty() ? *C : std::max(High, *C);
    std::string S = text(A.Site);
    if (llvm::find(Subscripts, S) == Subscripts.end())
      Subscripts.push_back(S);
  }
  if (Unbounded) {
    if (!PA.Length)
      return sourceError(Unbounded->Site->getBeginLoc(),
                         "cannot offload: cannot bound the subscript '" +
                             text(Unbounded->Site) + "' of '" + Name +
                             "'; add OM_LEN(<element count>) to the "
                             "parameter",
                         PA.KindLoc,
                         "'" + Name + "' is annotated " +
                             macroName(*PA.Kind) + " here");
    Plan.Section = Name + "[0:" + *PA.Length + "]";
    Plan.Reason = "section from OM_LEN(" + *PA.Length + "): subscript '" +
                  text(Unbounded->Site) + "' is not of the form i + c";
    return llvm::Error::success();
  }
  auto Lower = LinearForm::fromExpr(*Loop.Lower, Ctx);
  if (!Lower)
    return Lower.takeError();
  auto Upper = LinearForm::fromExpr(*Loop.Upper, Ctx);
  if (!Upper)
    return Upper.takeError();
  LinearForm First = *Lower + LinearForm(Low);
  LinearForm Length = *Upper - *Lower + LinearForm(High - Low);
  Plan.Section = Name + "[" + First.str() + ":" + Length.str() + "]";
  Plan.Reason = "section from subscripts " + llvm::join(Subscripts, ", ") +
                " over " + Range;
  return llvm::Error::success();
}

llvm::Expected<VariablePlan> Inference::planPointer(const VariableAccesses &VA) {
  const auto *Param = dyn_cast<ParmVarDecl>(VA.Var);
  const ParamAnnotation *PA = Param ? Annotations.lookup(Param) : nullptr;
  SourceLocation Use = VA.Accesses.front().Site->getBeginLoc();
  llvm::StringRef Name = VA.Var->getName();
  if (!Param)
    return sourceError(Use, "cannot offload: pointer '" + Name +
                                "' is not a parameter of the kernel; only "
                                "annotated pointer parameters can be mapped");
  if (!PA)
    return sourceError(Use, "cannot offload: pointer parameter '" + Name +
                                "' has no ownership annotation; add " +
                                suggestAnnotation(VA),
                       Param->getLocation(),
                       "'" + Name + "' is declared here");
  if (auto E = checkBorrow(VA, *PA))
    return std::move(E);
  if (auto E = checkIndependence(VA))
    return std::move(E);
  VariablePlan Plan;
  Plan.Map = mapFor(*PA->Kind);
  Plan.Annotation = PA->Kind;
  Plan.AnnotationLoc = PA->KindLoc;
  if (auto E = section(VA, *PA, Plan))
    return std::move(E);
  return Plan;
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
  AccessKind Update = FirstWrite->Kind;
  bool OneReduction =
      Update != AccessKind::Write && !Reads &&
      llvm::all_of(VA.Accesses,
                   [&](const Access &A) { return A.Kind == Update; });
  llvm::StringRef Name = VA.Var->getName();
  if (!OneReduction)
    return sourceError(FirstWrite->Site->getBeginLoc(),
                       "cannot offload: scalar '" + Name +
                           "' is written in the loop; only a reduction ('" +
                           Name + " += e' or '" + Name +
                           " *= e', and no other use) can be offloaded");
  char Op = Update == AccessKind::SumUpdate ? '+' : '*';
  Plan.Map = MapKind::ToFrom;
  Plan.Section = Name.str();
  Plan.Reduction = Op;
  Plan.Reason = std::string("reduction: only updated by '") + Name.str() +
                " " + Op + "= e' in the loop";
  return Plan;
}

llvm::Expected<VariablePlan> Inference::plan(const VariableAccesses &VA) {
  auto Plan = VA.isPointer() ? planPointer(VA) : planScalar(VA);
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
                                      const LoopAccesses &Accesses) {
  OffloadPlan Result;
  Result.Loop = Loop;
  Inference Infer(Annotations, Loop);
  for (const VariableAccesses &VA : Accesses.Variables) {
    auto Plan = Infer.plan(VA);
    if (!Plan)
      return Plan.takeError();
    Result.Variables.push_back(std::move(*Plan));
  }
  return Result;
}

} // namespace ownmap
