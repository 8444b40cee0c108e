//===- ArrayParameters.cpp - C99 array parameters as rows of elements ----===//
#include "ArrayParameters.h"
#include "ChangedVariables.h"
#include "Diagnostics.h"
#include "EmptyLoops.h"
#include "SourceText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ownmap {

Polynomial ArrayShape::stride(unsigned Dimension) const {
  Polynomial Size(1);
  for (unsigned D = Dimension; D < InnerExtents.size(); ++D)
    Size = Size * InnerExtents[D];
  return Size;
}

bool isArrayParameter(const VarDecl &P) {
  const auto *PT = P.getType()->getAs<PointerType>();
  return PT && PT->getPointeeType()->isArrayType();
}

Polynomial pointeeBytes(const VarDecl &P) {
  QualType Pointee = P.getType()->getPointeeType();
  if (Pointee->isConstantSizeType())
    return Polynomial(
        P.getASTContext().getTypeSizeInChars(Pointee).getQuantity());
  return Polynomial::atom(Atom{"sizeof *" + P.getName().str(), nullptr});
}

const Expr *underRowSubscripts(const Expr *Base,
                               llvm::SmallVectorImpl<const Expr *> &Leading) {
  Base = Base->IgnoreParenImpCasts();
  const auto *Row = dyn_cast<ArraySubscriptExpr>(Base);
  if (!Row || !Row->getType()->isArrayType())
    return Base;
  const Expr *Under = underRowSubscripts(Row->getBase(), Leading);
  Leading.push_back(Row->getIdx());
  return Under;
}

/// The extent of a dimension after the first: a constant, or an
/// expression of integer parameters of P's kernel that it does not change.
static llvm::Expected<Polynomial> innerExtent(const ParmVarDecl &P,
                                              const ArrayType &Array,
                                              unsigned Dimension,
                                              const VariableSet &Changed) {
  const ASTContext &Ctx = P.getASTContext();
  if (const auto *Constant = dyn_cast<ConstantArrayType>(&Array))
    return Polynomial(Constant->getSize().getZExtValue());
  const auto *Variable = dyn_cast<VariableArrayType>(&Array);
  const Expr *Size = Variable ? Variable->getSizeExpr() : nullptr;
  if (!Size)
    return sourceError(Rule::AnnotationExtent, P.getLocation(),
                       "dimension " + llvm::Twine(Dimension) + " of '" +
                           P.getName() + "' has no extent");
  if (std::optional<llvm::APSInt> Value = Size->getIntegerConstantExpr(Ctx))
    return Polynomial(Value->getExtValue());
  SourceLocation Loc =
      Ctx.getSourceManager().getExpansionLoc(Size->getBeginLoc());
  std::string Text = sourceText(Size, Ctx);
  auto Refuse = [&](const llvm::Twine &Why) {
    return sourceError(Rule::AnnotationExtent, Loc,
                       "extent '" + Text + "' of dimension " +
                           llvm::Twine(Dimension) + " of '" + P.getName() +
                           "' " + Why);
  };
  static constexpr llvm::StringLiteral Allowed =
      "; extents must be integer constants or integer parameters the "
      "kernel does not change";
  auto Value = Polynomial::fromExpr(*Size, Ctx);
  if (!Value) {
    llvm::consumeError(Value.takeError());
    return Refuse("cannot be read as a sum of products" + Allowed);
  }
  const DeclContext *Kernel = P.getDeclContext();
  for (const Atom &A : Value->atoms()) {
    const auto *Param = dyn_cast_or_null<ParmVarDecl>(A.var());
    if (!A.var())
      return Refuse("uses '" + A.text() + "'" + Allowed);
    if (!Param || Param->getDeclContext() != Kernel)
      return Refuse("names '" + A.var()->getName() +
                    "', which is not a parameter of the kernel" + Allowed);
    if (!Param->getType()->isIntegerType())
      return Refuse("names '" + A.var()->getName() +
                    "', which is not an integer" + Allowed);
    if (Changed.count(Param))
      return Refuse("names '" + A.var()->getName() +
                    "', which the kernel changes; the rows of '" +
                    P.getName() + "' keep the length '" + A.var()->getName() +
                    "' had at entry: keep the extent in a parameter the "
                    "kernel does not change");
  }
  return *Value;
}

/// The row count as the declaration writes it, e.g. "m" for `a[m][n]`.
static void readWrittenRows(const ParmVarDecl &P, ArrayShape &Shape) {
  const TypeSourceInfo *Written = P.getTypeSourceInfo();
  auto Array = Written ? Written->getTypeLoc().getAsAdjusted<ArrayTypeLoc>()
                       : ArrayTypeLoc();
  if (!Array)
    return;
  const ASTContext &Ctx = P.getASTContext();
  if (const auto *Constant =
          dyn_cast<ConstantArrayType>(Ctx.getAsArrayType(Array.getType())))
    Shape.WrittenRows = std::to_string(Constant->getSize().getZExtValue());
  else if (const Expr *Size = Array.getSizeExpr())
    if (std::string Text = sourceText(Size, Ctx); !Text.empty())
      Shape.WrittenRows = Text;
  Shape.WrittenRowsLoc =
      Ctx.getSourceManager().getExpansionLoc(Array.getLBracketLoc());
}

llvm::Expected<ArrayShape> arrayShape(const ParmVarDecl &P) {
  ArrayShape Shape;
  const auto *Kernel = dyn_cast<FunctionDecl>(P.getDeclContext());
  VariableSet Changed =
      changedVariables(Kernel ? Kernel->getBody() : nullptr);
  const ASTContext &Ctx = P.getASTContext();
  QualType Element = P.getType()->getPointeeType();
  unsigned Dimension = 2;
  while (const ArrayType *Array = Ctx.getAsArrayType(Element)) {
    auto Extent = innerExtent(P, *Array, Dimension++, Changed);
    if (!Extent)
      return Extent.takeError();
    Shape.InnerExtents.push_back(std::move(*Extent));
    Element = Array->getElementType();
  }
  readWrittenRows(P, Shape);
  return Shape;
}

llvm::Expected<AffineSubscript>
reachedRows(const SubscriptAnalysis &Subscripts, const Access &A,
            const ArrayShape &Shape, llvm::ArrayRef<Polynomial> Stated) {
  if (A.Rows.size() != Shape.InnerExtents.size())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "it is not one subscript per dimension");
  auto Along = [&](const Expr *Index) {
    Access One = A;
    One.Index = Index;
    One.Rows.clear();
    return Subscripts.analyse(One);
  };
  for (size_t D = 1; D <= Shape.InnerExtents.size(); ++D) {
    const Expr *Index = D < A.Rows.size() ? A.Rows[D].Index : A.Index;
    auto S = Along(Index);
    if (!S)
      return S.takeError();
    std::vector<Polynomial> Facts = runningFacts({S->Nest});
    llvm::append_range(Facts, Stated);
    // C makes every extent of an array declarator positive.
    for (const Polynomial &Extent : Shape.InnerExtents)
      Facts.push_back(Extent - Polynomial(1));
    const Polynomial &Extent = Shape.InnerExtents[D - 1];
    if (!provenNonNegative(S->Min, Facts) ||
        !provenNonNegative(Extent - Polynomial(1) - S->Max, Facts))
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "its subscript " + llvm::Twine(D + 1) + " reaches " +
              S->Min.str() + " to " + S->Max.str() + ", which may leave [0, " +
              Extent.str() + ")");
  }
  return Along(A.Rows.front().Index);
}

bool coversRows(const ArrayShape &Shape, const ElementRange &Written,
                const Polynomial &Lower, const Polynomial &Length) {
  Polynomial Row = Shape.stride(0);
  return Written.Min == Lower * Row &&
         Written.Max + Polynomial(1) == (Lower + Length) * Row;
}

} // namespace ownmap
