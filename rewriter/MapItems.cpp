//===- MapItems.cpp - the list items of OpenMP map clauses ---------------===//
#include "MapItems.h"
#include "Polynomial.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace ownmap {

bool MapItem::mapsData() const {
  return IsSection || Var->getType()->isArrayType();
}

/// True when S takes the whole of a dimension whose extent Dim gives:
/// `[:]`, `[0:n]` of `float a[][n]`.
static bool wholeDimension(const ArraySectionExpr &S, const ArrayType &Dim,
                           const ASTContext &Ctx) {
  auto IsZero = [&](const Expr *E) {
    std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx);
    return V && V->isZero();
  };
  if (S.getLowerBound() && !IsZero(S.getLowerBound()))
    return false;
  const Expr *Length = S.getLength();
  if (!Length)
    return true;
  if (const auto *Constant = dyn_cast<ConstantArrayType>(&Dim)) {
    std::optional<llvm::APSInt> V = Length->getIntegerConstantExpr(Ctx);
    return V && V->getExtValue() == Constant->getSize().getSExtValue();
  }
  const auto *Variable = dyn_cast<VariableArrayType>(&Dim);
  if (!Variable || !Variable->getSizeExpr())
    return false;
  auto Taken = Polynomial::fromExpr(*Length, Ctx);
  auto Extent = Polynomial::fromExpr(*Variable->getSizeExpr(), Ctx);
  bool Same = Taken && Extent && *Taken == *Extent;
  if (!Taken)
    llvm::consumeError(Taken.takeError());
  if (!Extent)
    llvm::consumeError(Extent.takeError());
  return Same;
}

static MapItem readItem(OpenMPMapClauseKind Type, const Expr *E,
                        const OMPExecutableDirective &D) {
  MapItem Item{Type, nullptr, E};
  Item.Directive = &D;
  const Expr *Base = E->IgnoreParenImpCasts();
  // `a[lo:len][0:n]` (rows of an array parameter): the sections nest
  // last dimension outermost.
  llvm::SmallVector<const ArraySectionExpr *, 2> Sections;
  while (const auto *S = dyn_cast<ArraySectionExpr>(Base)) {
    Sections.push_back(S);
    Base = S->getBase()->IgnoreParenImpCasts();
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
    Item.Var = dyn_cast<VarDecl>(Ref->getDecl());
  if (Sections.empty() || !Item.Var)
    return Item;
  Item.IsSection = true;
  // Bounds of the first dimension, when the others are whole: else the
  // extent mapped is left unknown.
  const ASTContext &Ctx = Item.Var->getASTContext();
  QualType Element = Item.Var->getType();
  if (const auto *Pointer = Element->getAs<PointerType>())
    Element = Pointer->getPointeeType();
  else if (const ArrayType *Array = Ctx.getAsArrayType(Element))
    Element = Array->getElementType();
  else
    return Item;
  for (size_t K = Sections.size() - 1; K-- > 0;) {
    const ArrayType *Dim = Ctx.getAsArrayType(Element);
    if (!Dim || !wholeDimension(*Sections[K], *Dim, Ctx))
      return Item;
    Element = Dim->getElementType();
  }
  Item.Lower = Sections.back()->getLowerBound();
  Item.Length = Sections.back()->getLength();
  return Item;
}

std::vector<MapItem> mapItems(const OMPExecutableDirective &D) {
  std::vector<MapItem> Items;
  for (const auto *C : D.getClausesOfKind<OMPMapClause>())
    for (const Expr *E : C->varlists())
      if (MapItem Item = readItem(C->getMapType(), E, D); Item.Var)
        Items.push_back(Item);
  return Items;
}

std::vector<MapItem> updateItems(const OMPTargetUpdateDirective &D,
                                 bool From) {
  std::vector<MapItem> Items;
  auto Add = [&](auto *Clause, OpenMPMapClauseKind Type) {
    for (const Expr *E : Clause->varlists())
      if (MapItem Item = readItem(Type, E, D); Item.Var)
        Items.push_back(Item);
  };
  if (From)
    for (const auto *C : D.getClausesOfKind<OMPFromClause>())
      Add(C, OMPC_MAP_from);
  else
    for (const auto *C : D.getClausesOfKind<OMPToClause>())
      Add(C, OMPC_MAP_to);
  return Items;
}

} // namespace ownmap
