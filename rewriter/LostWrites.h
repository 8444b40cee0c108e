//===- LostWrites.h - host reads that miss a device write ----------------===//
//
// Data a map keeps on the device without copying it back (`to`, `alloc`,
// or a `tofrom` region not yet ended): after a device write, the first
// host read that no `target update from` precedes sees stale data. The
// read is looked for after the write's construct, then in each caller after
// its call on the way up to the map, and past the function that holds a map
// that never copies back (StaleReads.h finds the first read in a function).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_LOSTWRITES_H
#define OWNMAP_REWRITER_LOSTWRITES_H

#include "Presence.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace ownmap {

struct StaleRead {
  /// The map that keeps the data on the device: the outermost on its path
  /// of calls.
  const MapItem *Holder;
  const clang::Expr *Read;
  /// The variable read (the data's name in the function of Read).
  const clang::VarDecl *ReadVar;
  /// Read comes after the end of Holder's `target data` region (then an
  /// update there comes too late: the region's map must copy back).
  bool AfterRegion;
};

/// The first stale host read on each path of calls from a map of P down to
/// At, when a device write at At changes V's data (P: Presence of V at At).
std::vector<StaleRead> staleReadsAfter(const clang::VarDecl &V,
                                       const clang::Stmt &At, const Presence &P,
                                       const PresenceAnalysis &Presences,
                                       clang::ASTContext &Ctx);

/// The first stale host read of V's data after At in its function, then
/// after each of Calls (innermost last, searched innermost first) in its
/// caller; ReadVar set to the variable read. Null when something settles
/// the question first (StaleReads.h) or no read comes.
const clang::Expr *readUpCalls(const clang::VarDecl &V, const clang::Stmt &At,
                               llvm::ArrayRef<const clang::CallExpr *> Calls,
                               const PresenceAnalysis &Presences,
                               clang::ASTContext &Ctx,
                               const clang::VarDecl *&ReadVar);

} // namespace ownmap

#endif
