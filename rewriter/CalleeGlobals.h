//===- CalleeGlobals.h - globals that functions called in a loop read ----===//
//
// A loop may call functions of its file (clang compiles them for the device
// too), and they may read globals that the host sets at run time. The
// device has its own copy of a global only when it is `declare target`;
// without that the program does not link, and with `declare target`
// alone the device keeps the initial value. So for each global that the
// functions a loop calls (directly or through others) read:
// - one the file defines and that is not yet `declare target` gets
//   `#pragma omp declare target link(g)` after its definition and
//   `map(to: g)` on the loop, which copies the host's value each time (a
//   `link` global's device copy is the mapped one; this works for `static`
//   globals too, which `target update` cannot reach);
// - one that is `declare target link` already gets the map;
// - one that is `declare target to/enter` gets
//   `#pragma omp target update to(g)` before the loop.
// Refused: a global a callee writes or takes the address of (the device
// would change its own copy, which the host never sees), one that holds
// pointers (host addresses on the device), one defined in another file,
// and a `static` global that is `declare target to/enter` (the host cannot
// update it). (The action also refuses a global that a parameter or local of
// the kernel hides at the loop.)
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_CALLEEGLOBALS_H
#define OWNMAP_REWRITER_CALLEEGLOBALS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace ownmap {

/// A global that a function the loop calls reads, and how the device gets
/// the host's value.
struct CalleeGlobal {
  const clang::VarDecl *Global = nullptr;
  const clang::FunctionDecl *Reader = nullptr; // whose body reads it
  enum class Transfer {
    /// `declare target link` is to be added after its definition; mapped.
    LinkAndMap,
    /// Already `declare target link`: mapped.
    Map,
    /// `declare target to/enter`: `target update to` before the loop.
    Update,
  } How = Transfer::LinkAndMap;

  /// "read by 'f', which the loop calls: ..."
  std::string reason() const;
};

/// The globals that the functions Loop calls read, each once; an error at
/// the call that leads to a global that cannot be given to the device.
llvm::Expected<std::vector<CalleeGlobal>>
globalsReadByCallees(const clang::ForStmt &Loop);

} // namespace ownmap

#endif
