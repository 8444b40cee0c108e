//===- LoopGlobals.h - globals that a loop and its callees read ----------===//
//
// A loop may read a global itself, and call functions of its file (clang
// compiles them for the device too) that read globals, which the host sets
// at run time. The device has its own copy of a global only when it is
// `declare target`; without that the program does not link, and with
// `declare target` alone the device keeps the initial value. So for each
// global that the loop or the functions it calls (directly or through
// others) read:
// - one the file defines and that is not yet `declare target` gets
//   `#pragma omp declare target link(g)` after its first declaration in
//   the file (clang ignores one after a use) and `map(to: g)` on the loop,
//   which copies the host's value each time (a `link` global's device copy
//   is the mapped one; this works for `static` globals too, which `target
//   update` cannot reach);
// - one that is `declare target link` already gets the map;
// - one that is `declare target to/enter` gets
//   `#pragma omp target update to(g)` before the loop.
// Refused: a global the loop or a callee writes or takes the address of
// (the device would change its own copy, which the host never sees), one
// that holds pointers (host addresses on the device), one defined in
// another file or declared in this one only after a use, and a `static`
// global that is `declare target to/enter` (the host cannot update it).
// The operand of `sizeof` or `_Alignof` is not evaluated: no use. (The
// action also refuses a global that a parameter or local of the kernel,
// or a struct field's local, hides at the loop, and the loop walk a static
// local of the kernel.)
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_LOOPGLOBALS_H
#define OWNMAP_REWRITER_LOOPGLOBALS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace ownmap {

/// A global that the loop or a function it calls reads, and how the device
/// gets the host's value.
struct LoopGlobal {
  const clang::VarDecl *Global = nullptr;
  /// The function whose body reads it; null when the loop itself does.
  const clang::FunctionDecl *Reader = nullptr;
  /// Where the loop first reads it: the read, or the call that leads to it.
  clang::SourceLocation FirstRead;
  enum class Transfer {
    /// `declare target link` is to be added (linkedDeclaration); mapped.
    LinkAndMap,
    /// Already `declare target link`: mapped.
    Map,
    /// `declare target to/enter`: `target update to` before the loop.
    Update,
  } How = Transfer::LinkAndMap;

  /// "read by the loop: ..." or "read by 'f', which the loop calls: ..."
  std::string reason() const;
};

/// The file-scope declaration of G in the main file that comes first,
/// after which its `declare target link` goes; null when there is none.
const clang::VarDecl *linkedDeclaration(const clang::VarDecl &G);

/// The globals that Loop and the functions it calls read, each once, in
/// the order of their first reads: the loop's own in source order, then
/// those of each function in the order the walk reaches it. An error at
/// the use (or at the call that leads to it) of a global that cannot be
/// given to the device.
llvm::Expected<std::vector<LoopGlobal>>
globalsReadInLoop(const clang::ForStmt &Loop);

/// Adds to Edits `#pragma omp declare target link(...)` after the
/// linkedDeclaration of each of Globals: one line per declaration, which
/// names its globals in order (`int a, b;` gets `link(a, b)`).
llvm::Error linkGlobals(llvm::ArrayRef<const clang::VarDecl *> Globals,
                        clang::ASTContext &Ctx,
                        clang::tooling::Replacements &Edits);

} // namespace ownmap

#endif
