//===- HostFallback.h - the kernel as written when a condition fails ------===//
//
// A plan may rest on a condition that the analysis cannot prove but that
// the program checks in a few instructions: each subscript within its
// dimension's extent (`n <= 80` for `a[i][j]` of `double a[m][80]`). When
// every variable a condition names is a parameter the kernel does not
// change, the condition holds or fails for the whole call, and the kernel
// keeps its code as written for a call where it fails:
//
//   if (ownmap_device_path("k", n <= 80)) {
//     ... the rewritten body ...
//   } else {
//     ... the body as written, on the host ...
//   }
//
// A rewrite of that output offloads nothing in the `else` branch
// (findOutermostLoops skips it) and leaves it as it is. Bodies whose copy
// would not behave as the original are not copied: labels (a second
// definition), static locals (a second object) and backslash-newlines (a
// `#line` directive cannot go inside one); their conditions stay checks
// that stop the program.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_HOSTFALLBACK_H
#define OWNMAP_REWRITER_HOSTFALLBACK_H

#include "ChangedVariables.h"
#include "DataRegion.h"
#include "StatedFacts.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace ownmap {

/// The name of the run-time function whose call guards the rewritten body.
inline constexpr llvm::StringRef DevicePathFunction = "ownmap_device_path";


/// The text of Kernel's body between its braces, to run when the plan's
/// conditions fail, and where it starts; none when the copy would not
/// behave as the original (see above).
struct BodyCopy {
  std::string Text;
  clang::SourceLocation Begin;
};
std::optional<BodyCopy> copyOfBody(const clang::FunctionDecl &Kernel);

/// The guard of a kernel's rewritten body.
struct KernelGuard {
  std::string Kernel;
  std::vector<std::string> Conditions;
  BodyCopy Copy; // the body as written

  /// `if (ownmap_device_path("k", (c1) && (c2))) {`
  std::string opening() const;
  /// `} else {`, the copy, and the closing brace, indented by Indent. With
  /// line directives (LineDirectives.h), the copy keeps its lines and the
  /// brace takes End's.
  std::string closing(llvm::StringRef Indent, bool LineDirectives,
                      clang::SourceLocation End,
                      const clang::SourceManager &SM) const;
};

/// The guard of Kernel's body: the facts the rewriter assumed
/// (AssumedFacts.h, in Facts) and the extent conditions of Loops' plans
/// that hold for the whole call, when the body can be copied; each other
/// extent condition becomes a check that stops the program, right before
/// its loop (in PlannedLoop::Checks). None when nothing guards the body.
std::optional<KernelGuard>
placeRunTimeConditions(const clang::FunctionDecl &Kernel,
                       llvm::ArrayRef<StatedFact> Facts,
                       std::vector<PlannedLoop> &Loops);

/// True when If is the guard this rewrite writes (`if
/// (ownmap_device_path(...))`): its `else` branch is the kernel as written.
bool isDevicePathGuard(const clang::IfStmt &If);

} // namespace ownmap

#endif
