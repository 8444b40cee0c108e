//===- HostUses.h - what host code between offloaded loops does ----------===//
//
// A data region keeps arrays on the device across the host code between its
// loops, so it must know what that code does to every variable it names: a
// scalar read or changed; a pointer's elements read or written, at a
// subscript that is a polynomial of scalars (`*edge`, `row[2]`, `u[n - 1]`:
// one element the region can update alone) or anywhere (`row[k / 2]`,
// passed to a call); a pointer moved to point elsewhere (assigned,
// incremented, its address taken). A `for` statement is never host code
// here: every one is offloaded, or a time loop whose own region handles it.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_HOSTUSES_H
#define OWNMAP_REWRITER_HOSTUSES_H

#include "Polynomial.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <string>
#include <vector>

namespace ownmap {

/// How host code uses one variable. For a pointer, Read and Write are about
/// the elements it points to, at subscripts that are not polynomials (or a
/// use that is not an element access at all, which counts as both).
struct HostUse {
  bool Read = false, Write = false;
  /// The variable itself is assigned, incremented or decremented, or its
  /// address is taken: a pointer may point elsewhere after it.
  bool Moved = false;
};

/// One element read or written through a pointer at a subscript that is a
/// polynomial of scalars (`*edge`, `row[2]`, `u[n - 1]`): an element the
/// region can update alone.
struct ElementUse {
  const clang::VarDecl *Pointer = nullptr;
  Polynomial Index;
  bool Write = false; // else read
  /// A write that runs whenever the statements do (not under a condition,
  /// a loop or an operator that may skip it, and not in place): the
  /// element's old value is overwritten for certain.
  bool Certain = false;
  /// What the host code computes the subscript in.
  ArithmeticType IndexType{};

  /// "u[n - 1:1]"
  std::string section() const;
};

/// Everything some host statements do to the variables they name.
struct HostUses {
  llvm::MapVector<const clang::VarDecl *, HostUse> Variables;
  std::vector<ElementUse> Elements;
  /// Variables the statements declare.
  llvm::SmallPtrSet<const clang::VarDecl *, 4> Declared;

  /// True when the statements name V in any way.
  bool touches(const clang::VarDecl *V) const;
};

/// The uses of every variable that Host (statements of one block) names,
/// outside the statements and expressions of Skip (code that does not run
/// there: a returned value computed after a data region, a copy of a
/// pointer its region tracks itself).
HostUses collectHostUses(llvm::ArrayRef<const clang::Stmt *> Host,
                         clang::ASTContext &Ctx,
                         llvm::ArrayRef<const clang::Stmt *> Skip = {});

/// True when S may jump out of itself: return, goto, a label to jump to,
/// or break/continue outside a loop or switch of its own.
bool mayJumpOut(const clang::Stmt *S);

/// True when Host calls a function of the program (or through a pointer):
/// it may reach a mapped array through a global that aliases it, out of a
/// data region's sight. The C library's functions reach only what they are
/// passed, which the host uses see.
bool callsProgramFunction(llvm::ArrayRef<const clang::Stmt *> Host,
                          const clang::SourceManager &SM);

} // namespace ownmap

#endif
