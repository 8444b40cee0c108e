//===- PointerExchange.h - ping-pong buffers of a time loop --------------===//
//
// A time loop often swaps two buffers on each step (`float *t = a; a = b;
// b = t;`): its loops read one and write the other. A data region around
// it maps each array by the address its pointer has at entry, and its end
// copies back to the same addresses. So when the pointers only ever hold
// one another's entry values (the loops map a buffer the region maps, and
// each step ends with the pointers a permutation of those values), both
// buffers stay on the device across all steps, and the region's end puts
// each one's data back where it belongs. The region then maps every
// exchanged pointer over the union of all their sections.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_POINTEREXCHANGE_H
#define OWNMAP_REWRITER_POINTEREXCHANGE_H

#include "DataRegion.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <vector>

namespace ownmap {

/// Pointers a time loop's body exchanges, and the statements that do it.
struct PointerExchange {
  /// The exchanged pointers the loops map (OM_INOUT parameters, of one
  /// type), in the order of their first copy.
  std::vector<const clang::VarDecl *> Pointers;
  /// The copies (`T *t = a;`, `a = b;`): statements of the body.
  std::vector<const clang::Stmt *> Copies;
};

/// The exchange of Body, the body of time loop Loop, whose offloaded loops
/// are Loops: nullopt unless the host code of Loop names the pointers the
/// loops map and the temporaries only in copies that are statements of
/// Body, the temporaries are declared there, every loop maps pointers that
/// hold entry values, and the body (or a statement that may jump to the
/// next step) leaves them a permutation of those values.
std::optional<PointerExchange>
findExchange(const clang::Stmt &Loop, const clang::CompoundStmt &Body,
             llvm::ArrayRef<PlannedLoop> Loops);

} // namespace ownmap

#endif
