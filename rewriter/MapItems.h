//===- MapItems.h - the list items of OpenMP map clauses -----------------===//
//
// A map clause item as the audit reads it: the variable, and for an array
// section its first element and length. Whether the item maps data (a
// section, or a whole array) or only a pointer's own value.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_MAPITEMS_H
#define OWNMAP_REWRITER_MAPITEMS_H

#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"
#include <vector>

namespace ownmap {

/// One list item of a map clause (null length: to the end of an array).
struct MapItem {
  clang::OpenMPMapClauseKind Type;
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Item = nullptr;
  bool IsSection = false;
  const clang::Expr *Lower = nullptr, *Length = nullptr;
  /// The construct whose clause it is.
  const clang::OMPExecutableDirective *Directive = nullptr;

  /// The item maps the data Var points to or holds: a section, or an array
  /// (not a pointer's own value, which maps no data).
  bool mapsData() const;
  /// The map copies the data back to the host when it ends.
  bool copiesBack() const {
    return Type == clang::OMPC_MAP_tofrom || Type == clang::OMPC_MAP_from;
  }
};

/// The items of D's map clauses that name a variable, in clause order.
std::vector<MapItem> mapItems(const clang::OMPExecutableDirective &D);

/// The items of `target update from(...)` (or `to`, with From false) that
/// name a variable; section bounds as for map items.
std::vector<MapItem> updateItems(const clang::OMPTargetUpdateDirective &D,
                                 bool From);

} // namespace ownmap

#endif
