//===- HostUses.h - what host code between offloaded loops does ----------===//
//
// A data region keeps arrays on the device across the host code between its
// loops, so it must know what that code does to every variable it names: a
// scalar read or changed; a pointer's elements read or written, at a
// constant offset (`*edge`, `row[2]`: one element the region can update
// alone) or anywhere (`row[k]`, passed to a call); a pointer moved to point
// elsewhere (assigned, incremented, its address taken).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_HOSTUSES_H
#define OWNMAP_REWRITER_HOSTUSES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/MapVector.h"
#include <cstdint>
#include <vector>

namespace ownmap {

/// How host code uses one variable. For a pointer, Read and Write are about
/// the elements it points to, at offsets that are not constant (or a use
/// that is not an element access at all, which counts as both).
struct HostUse {
  bool Read = false, Write = false;
  /// The variable itself is assigned, incremented or decremented, or its
  /// address is taken: a pointer may point elsewhere after it.
  bool Moved = false;
};

/// One element read or written through a pointer at a constant offset.
struct ElementUse {
  const clang::VarDecl *Pointer = nullptr;
  int64_t Index = 0;
  bool Write = false; // else read
  /// A write that runs whenever the statements do (not under a condition,
  /// a loop or an operator that may skip it): the element's old value is
  /// overwritten for certain.
  bool Certain = false;
};

/// Everything some host statements do to the variables they name.
struct HostUses {
  llvm::MapVector<const clang::VarDecl *, HostUse> Variables;
  std::vector<ElementUse> Elements;

  /// True when the statements name V in any way.
  bool touches(const clang::VarDecl *V) const;
};

/// The uses of every variable that Host (statements of one block) names.
HostUses collectHostUses(llvm::ArrayRef<const clang::Stmt *> Host,
                         clang::ASTContext &Ctx);

} // namespace ownmap

#endif
