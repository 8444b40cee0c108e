//===- PointerOrigins.h - which parameters a kernel's pointer may reach --===//
//
// Host code in a data region may reach a mapped array through a pointer
// other than the parameter the loops map: a view (`int *edge = u + 7;`), a
// row pointer (`&a[i * ld]`), or an unannotated parameter that the caller
// may have passed the same array as. Its writes must reach the device and
// the device's writes must reach it, so the region needs to know which
// mapped arrays each pointer may point into. That is traced from every
// value the kernel gives the pointer (flow-insensitively): offsets, casts,
// `&p[i]`, `c ? p : q` keep the origins of their operands; an annotated
// parameter points into its own array (the borrow makes it distinct from
// the others); anything the kernel cannot trace (an unannotated parameter,
// a global, a call's result, a pointer whose address is taken) may point
// anywhere.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_POINTERORIGINS_H
#define OWNMAP_REWRITER_POINTERORIGINS_H

#include "Annotations.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace ownmap {

/// The arrays a pointer may point into.
struct PointerTargets {
  /// Annotated parameters, as the kernel received them.
  llvm::SmallPtrSet<const clang::VarDecl *, 2> Params;
  /// Anything, the mapped arrays included.
  bool Anywhere = false;

  /// True when the pointer may point into the array of parameter P.
  bool mayReach(const clang::VarDecl *P) const {
    return Anywhere || Params.count(P);
  }
};

class PointerOrigins {
public:
  explicit PointerOrigins(const KernelAnnotations &Annotations);

  /// What Pointer (a variable of the kernel) may point into.
  PointerTargets targetsOf(const clang::VarDecl *Pointer) const;
  /// True when the kernel takes V's address (a pointer or a scalar): code
  /// that does not name it may then change it.
  bool addressTaken(const clang::VarDecl *V) const {
    return AddressTaken.count(V);
  }

private:
  const KernelAnnotations &Annotations;
  /// Every value the kernel gives each pointer variable (initialiser and
  /// plain assignments; `p += k` and `++p` stay in the same array).
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::Expr *, 2>>
      Assigned;
  /// Variables whose address is taken: anyone may store anything in them.
  llvm::SmallPtrSet<const clang::VarDecl *, 4> AddressTaken;
};

/// Fails when the kernel may make an OM_SCRATCH parameter and one with
/// another annotation point into each other's arrays (`t = a; a = b;
/// b = t;`): OM_SCRATCH data never leaves the device and never comes to it,
/// so what a loop writes through one pointer would not reach a loop that
/// reads it through the other, nor would uninitialised device data that a
/// loop reads through the other be the host's.
llvm::Error checkScratchShared(const KernelAnnotations &Annotations);

} // namespace ownmap

#endif
