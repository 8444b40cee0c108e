//===- MapItems.cpp - the list items of OpenMP map clauses ---------------===//
#include "MapItems.h"

using namespace clang;

namespace ownmap {

bool MapItem::mapsData() const {
  return IsSection || Var->getType()->isArrayType();
}

static MapItem readItem(OpenMPMapClauseKind Type, const Expr *E,
                        const OMPExecutableDirective &D) {
  MapItem Item{Type, nullptr, E};
  Item.Directive = &D;
  const Expr *Base = E->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<ArraySectionExpr>(Base)) {
    Item.IsSection = true;
    Item.Lower = S->getLowerBound();
    Item.Length = S->getLength();
    Base = S->getBase()->IgnoreParenImpCasts();
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
    Item.Var = dyn_cast<VarDecl>(Ref->getDecl());
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
