//===- Presence.h - which maps keep data on the device at a construct ----===//
//
// Data a target construct uses without mapping it itself is found on the
// device when an enclosing `target data` or an earlier `target enter data`
// maps it (the zero-length section of an implicitly mapped pointer finds
// the present copy). A kernel is often a function of its own, called
// inside its caller's `target data`: for a parameter, the calls of the
// function in the translation unit are followed (through callers that pass
// it on, a few levels deep), and what each call site has mapped counts.
// With a CallerIndex, so do the calls of a function with external linkage
// made in other files.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_PRESENCE_H
#define OWNMAP_REWRITER_PRESENCE_H

#include "CallerIndex.h"
#include "MapItems.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace ownmap {

/// A map that keeps data present where a construct starts.
struct EnclosingMap {
  MapItem Item;
  /// The calls from the function of Item's directive down to the
  /// construct's function, outermost first; empty in the construct's own.
  std::vector<const clang::CallExpr *> Calls;
  /// Item's directive is a `target data` around the construct or call;
  /// else a `target enter data` before it.
  bool Structured = false;
};

/// A parameter of a function on the way from a construct up its callers:
/// the data comes from that function's callers elsewhere.
struct CallerParameter {
  const clang::ParmVarDecl *Param;
  /// The calls from Param's function down to the construct's function,
  /// outermost first.
  std::vector<const clang::CallExpr *> Calls;
};

struct Presence {
  /// Innermost first.
  std::vector<EnclosingMap> Maps;
  /// Calls of the function (or of a caller that passes the data on) after
  /// which nothing maps the data.
  std::vector<const clang::CallExpr *> Unmapped;
  /// Parameters on the way that hold the data, of functions no call of
  /// which is visible: the data comes from callers elsewhere.
  std::vector<CallerParameter> NoCaller;
  /// Parameters on the way that hold the data, of functions with calls in
  /// other files (CallerIndex): what those calls map counts too.
  std::vector<CallerParameter> External;
};

class PresenceAnalysis {
public:
  /// Indexes the calls of the functions of Ctx's translation unit; with
  /// Callers, those of other files are known too.
  explicit PresenceAnalysis(clang::ASTContext &Ctx,
                            const CallerIndex *Callers = nullptr);

  /// The maps that keep the data of V present at At, a statement of a
  /// function body (or, with nothing mapped, where it is missing).
  Presence of(const clang::VarDecl &V, const clang::Stmt &At) const;

  /// The calls of F in the translation unit.
  llvm::ArrayRef<const clang::CallExpr *>
  callsOf(const clang::FunctionDecl &F) const;

  /// The function whose body holds S, or null.
  const clang::FunctionDecl *functionOf(const clang::Stmt &S) const;

  /// What the calls in other files of External's function map, with
  /// Pending (a host read in this file between the write and the return of
  /// that function) judged against their maps.
  ExternalPresence external(const CallerParameter &External,
                            std::optional<LaterRead> Pending) const;

  /// The file whose constructs are audited.
  llvm::StringRef mainFile() const { return MainFile; }
  /// Calls in other files are known (a CallerIndex was given).
  bool hasOtherFiles() const { return Callers != nullptr; }

private:
  clang::ASTContext &Ctx;
  const CallerIndex *Callers;
  std::string MainFile;
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::vector<const clang::CallExpr *>>
      Calls; // by the callee's canonical declaration

  void collect(const clang::VarDecl &V, const clang::Stmt &At,
               const std::vector<const clang::CallExpr *> &Chain,
               Presence &Out) const;
};

/// The variable whose data a call argument points to: `a`, `a + k`,
/// `&a[k]`, `(T *)a`; null for anything else.
const clang::VarDecl *argumentBase(const clang::Expr *Arg);

} // namespace ownmap

#endif
