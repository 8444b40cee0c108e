//===- Annotations.cpp - read ownmap ownership annotations ----------------===//
#include "Annotations.h"
#include "ArrayParameters.h"
#include "Diagnostics.h"
#include "StructFields.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace ownmap {

static constexpr llvm::StringLiteral Prefix = "ownmap.";
static constexpr llvm::StringLiteral LengthPrefix = "ownmap.len:";

llvm::StringRef macroName(Ownership O) {
  switch (O) {
  case Ownership::In:
    return "OM_IN";
  case Ownership::InOut:
    return "OM_INOUT";
  case Ownership::Out:
    return "OM_OUT";
  case Ownership::Scratch:
    return "OM_SCRATCH";
  }
  llvm_unreachable("unknown ownership");
}

const ParamAnnotation *
KernelAnnotations::lookup(const ParmVarDecl *P) const {
  auto It = Params.find(P);
  return It == Params.end() ? nullptr : &It->second;
}

std::vector<Polynomial> KernelAnnotations::statedFacts() const {
  std::vector<Polynomial> Values;
  for (const StatedFact &F : Facts)
    Values.push_back(F.Value);
  llvm::append_range(Values, ExtentFacts);
  return Values;
}

bool isKernel(const FunctionDecl &FD) {
  for (const auto *A : FD.specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == "ownmap.kernel")
      return true;
  return false;
}

/// The location a diagnostic about annotation A should point at: the macro
/// as the user wrote it, not its expansion inside ownmap.h.
static SourceLocation writtenLoc(const Attr &A, const ASTContext &Ctx) {
  return Ctx.getSourceManager().getExpansionLoc(A.getLocation());
}

static std::optional<Ownership> parseOwnership(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<Ownership>>(Name)
      .Case("in", Ownership::In)
      .Case("inout", Ownership::InOut)
      .Case("out", Ownership::Out)
      .Case("scratch", Ownership::Scratch)
      .Default(std::nullopt);
}

bool isPlainData(QualType T) {
  llvm::SmallVector<QualType, 8> Work{T};
  while (!Work.empty()) {
    QualType Q = Work.pop_back_val();
    if (Q->isArithmeticType())
      continue;
    if (const auto *A =
            dyn_cast_or_null<ConstantArrayType>(Q->getAsArrayTypeUnsafe())) {
      Work.push_back(A->getElementType());
      continue;
    }
    const RecordDecl *R = Q->getAsRecordDecl();
    if (!R || !R->isStruct() || !R->getDefinition())
      return false;
    for (const FieldDecl *F : R->getDefinition()->fields())
      Work.push_back(F->getType());
  }
  return true;
}

/// A pointer to plain data, or to arrays of it (an array parameter,
/// ArrayParameters.h).
static bool pointsToPlainData(const ParmVarDecl &P) {
  const auto *PT = P.getType()->getAs<PointerType>();
  return PT && isPlainData(P.getASTContext().getBaseElementType(
                   PT->getPointeeType()));
}

/// The count a one-dimensional array parameter is declared with, when it
/// is an integer constant or the name of a parameter.
static std::optional<std::string> declaredCount(const ParmVarDecl &P) {
  QualType T = P.getOriginalType();
  if (const auto *Constant = dyn_cast<ConstantArrayType>(T.getTypePtr()))
    return std::to_string(Constant->getSize().getZExtValue());
  const auto *Variable = dyn_cast<VariableArrayType>(T.getTypePtr());
  if (!Variable || !Variable->getSizeExpr())
    return std::nullopt;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Variable->getSizeExpr()->IgnoreParenImpCasts());
  if (!Ref || !isa<ParmVarDecl>(Ref->getDecl()))
    return std::nullopt;
  return Ref->getDecl()->getName().str();
}

/// An array parameter's extents, and its row count when OM_LEN does not
/// state it: the written `[m]`, which a map from OM_LEN uses as well.
static llvm::Error readArrayShape(const ParmVarDecl &P, ParamAnnotation &PA,
                                  std::vector<Polynomial> &ExtentFacts) {
  auto Shape = arrayShape(P);
  if (!Shape)
    return Shape.takeError();
  for (const Polynomial &Extent : Shape->InnerExtents)
    ExtentFacts.push_back(Extent - Polynomial(1));
  if (PA.Length)
    return llvm::Error::success();
  if (!Shape->WrittenRows)
    return sourceError(
        Rule::AnnotationExtent,
        Shape->WrittenRowsLoc.isValid() ? Shape->WrittenRowsLoc
                                        : P.getLocation(),
        "array parameter '" + P.getName() +
            "' has no row count (it is declared '" +
            P.getOriginalType().getAsString() + "'); " +
            (P.getOriginalType()->isArrayType()
                 ? "write the count in its first brackets or state it with "
                 : "state it with ") +
            "OM_LEN(<rows>)");
  PA.Length = *Shape->WrittenRows;
  PA.LengthLoc = Shape->WrittenRowsLoc;
  return llvm::Error::success();
}

static llvm::Error addLength(ParamAnnotation &PA, const ParmVarDecl &P,
                             llvm::StringRef Expr, SourceLocation Loc) {
  Expr = Expr.trim();
  if (!P.getType()->isPointerType())
    return sourceError(Rule::AnnotationLen, Loc, "OM_LEN on '" + P.getName() +
                                "', which is not a pointer; OM_LEN gives the "
                                "element count of a pointer parameter");
  if (Expr.empty())
    return sourceError(Rule::AnnotationLen, Loc, "OM_LEN on '" + P.getName() +
                                "' needs an element count expression");
  if (PA.Length && *PA.Length != Expr)
    return sourceError(Rule::AnnotationConflict, Loc,
                       "conflicting OM_LEN annotations on '" + P.getName() +
                           "': '" + *PA.Length + "' and '" + Expr + "'",
                       PA.LengthLoc, "previous OM_LEN is here");
  PA.Length = Expr.str();
  PA.LengthLoc = Loc;
  return llvm::Error::success();
}

static llvm::Error addOwnership(ParamAnnotation &PA, const ParmVarDecl &P,
                                Ownership O, SourceLocation Loc) {
  if (!pointsToPlainData(P) && !pointsToStructOfFields(P.getType()))
    return sourceError(Rule::AnnotationType, Loc, macroName(O) + " on '" + P.getName() +
                                "' of type '" + P.getType().getAsString() +
                                "'; ownership annotations apply to pointers "
                                "to arithmetic types or to structs of them");
  if (PA.Kind && *PA.Kind != O)
    return sourceError(Rule::AnnotationConflict, Loc,
                       "conflicting annotations on '" + P.getName() + "': " +
                           macroName(*PA.Kind) + " and " + macroName(O),
                       PA.KindLoc,
                       "'" + P.getName() + "' is annotated " +
                           macroName(*PA.Kind) + " here");
  PA.Kind = O;
  PA.KindLoc = Loc;
  return llvm::Error::success();
}

static llvm::Error readParam(const ParmVarDecl &P, ParamAnnotation &PA) {
  const ASTContext &Ctx = P.getASTContext();
  for (const auto *A : P.specific_attrs<AnnotateAttr>()) {
    llvm::StringRef S = A->getAnnotation();
    if (!S.starts_with(Prefix))
      continue;
    SourceLocation Loc = writtenLoc(*A, Ctx);
    if (S.starts_with(LengthPrefix)) {
      if (auto E = addLength(PA, P, S.drop_front(LengthPrefix.size()), Loc))
        return E;
      continue;
    }
    std::optional<Ownership> O = parseOwnership(S.drop_front(Prefix.size()));
    if (!O)
      return sourceError(Rule::AnnotationUnknown, Loc, "unknown ownmap annotation '" + S +
                                  "' on parameter '" + P.getName() + "'");
    if (auto E = addOwnership(PA, P, *O, Loc))
      return E;
  }
  return llvm::Error::success();
}

llvm::Expected<KernelAnnotations>
readKernelAnnotations(const FunctionDecl &FD, const MacroText &Macros) {
  KernelAnnotations KA;
  KA.Kernel = &FD;
  // Every bad parameter and fact is reported, not only the first.
  llvm::Error Errors = llvm::Error::success();
  for (const ParmVarDecl *P : FD.parameters()) {
    ParamAnnotation PA;
    if (auto E = readParam(*P, PA)) {
      Errors = llvm::joinErrors(std::move(Errors), std::move(E));
      continue;
    }
    if (PA.Length && !PA.Kind) {
      Errors = llvm::joinErrors(
          std::move(Errors),
          sourceError(Rule::AnnotationLen, PA.LengthLoc,
                      "OM_LEN on '" + P->getName() +
                          "' without an ownership annotation; add OM_IN, "
                          "OM_INOUT, OM_OUT or OM_SCRATCH"));
      continue;
    }
    if (PA.Kind && isArrayParameter(*P))
      if (auto E = readArrayShape(*P, PA, KA.ExtentFacts)) {
        Errors = llvm::joinErrors(std::move(Errors), std::move(E));
        continue;
      }
    if (PA.Kind && !isArrayParameter(*P))
      PA.DeclaredCount = declaredCount(*P);
    if (PA.Kind)
      KA.Params[P] = PA;
  }
  auto Facts = readStatedFacts(FD, Macros);
  if (!Facts)
    Errors = llvm::joinErrors(std::move(Errors), Facts.takeError());
  else
    KA.Facts = std::move(*Facts);
  if (Errors)
    return std::move(Errors);
  return KA;
}

std::optional<std::string> statedLength(const VarDecl &V) {
  for (const auto *A : V.specific_attrs<AnnotateAttr>())
    if (A->getAnnotation().starts_with(LengthPrefix))
      return A->getAnnotation().drop_front(LengthPrefix.size()).str();
  return std::nullopt;
}

} // namespace ownmap
