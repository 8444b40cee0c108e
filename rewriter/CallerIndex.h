//===- CallerIndex.h - callers of kernel functions in other files --------===//
//
// With several files (e.g. a compilation database, -p), a kernel function
// is often called from another file, inside that caller's `target data`.
// A first pass over every file records, for each call of a function with
// external linkage defined elsewhere, what keeps each pointer argument's
// data on the device there (Presence.h, in the caller's file) and which
// host reads after the call would see a device write stale (LostWrites.h),
// as plain data that outlives the file's AST. The audit of a kernel's file
// then reads the calls of its functions from the index: one parse more per
// file, and a bounded walk through the callers (a few files deep).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_CALLERINDEX_H
#define OWNMAP_REWRITER_CALLERINDEX_H

#include "clang/AST/ASTContext.h"
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace ownmap {

/// A line of a file, as the compiler opened it.
struct SourcePlace {
  std::string File;
  unsigned Line = 0;

  /// "line N" in the file Here, else "FILE:N".
  std::string where(llvm::StringRef Here) const;
  static SourcePlace of(clang::SourceLocation Loc,
                        const clang::SourceManager &SM);
};

/// A map clause item that keeps data on the device.
struct HeldBy {
  std::string Item; // "u[0:n]"
  std::string Type; // "to", "alloc", ...
  SourcePlace Place;
  bool CopiesBack = false;
};

/// A host read that sees stale data when the device has written it.
struct LaterRead {
  std::string Text;     // "u[0]"
  std::string Variable; // the data's name where it is read
  SourcePlace Place;
  /// Set where the map that holds the data is known.
  std::optional<HeldBy> Holder;
  /// The read comes after the end of Holder's `target data` region.
  bool AfterRegion = false;
};

/// A function's parameter: the key of the function (its mangled name) and
/// the parameter's position.
struct ParameterKey {
  std::string Function;
  unsigned Index = 0;
  bool operator<(const ParameterKey &O) const {
    return std::tie(Function, Index) < std::tie(O.Function, O.Index);
  }
  bool operator==(const ParameterKey &O) const {
    return Function == O.Function && Index == O.Index;
  }
};

/// A call after which nothing maps the data: "'Callee' is called from
/// 'Caller'" at Place.
struct UnmappedCall {
  std::string Callee, Caller;
  SourcePlace Place;
};

/// One pointer argument of one call of a function with external linkage:
/// what its data finds on the device there.
struct CallContext {
  std::string MainFile; // the file whose parse found the call
  std::string Caller, Callee;
  SourcePlace Call;
  /// The maps that keep the data present at the call (in that file).
  std::vector<HeldBy> Maps;
  /// Calls after which nothing maps the data (this one, or one of a caller
  /// in that file that passes it on).
  std::vector<UnmappedCall> Unmapped;
  /// The data is a parameter of a function with no call in that file:
  /// its calls elsewhere decide, and the host read (if any) between this
  /// call and that function's return.
  struct PassedOn {
    ParameterKey Parameter;
    std::string Name; // of the function
    std::optional<LaterRead> ReadOnTheWay;
  };
  std::vector<PassedOn> Passed;
  /// The first stale read on each path from a map of Maps to this call,
  /// should the callee write the data on the device.
  std::vector<LaterRead> Reads;
};

/// What the calls of a parameter's function in other files say.
struct ExternalPresence {
  /// Some call path reaches a map of the data.
  bool Mapped = false;
  std::vector<UnmappedCall> Unmapped;
  /// Functions on the way with no call anywhere.
  std::vector<std::string> NoCaller;
  /// Host reads stale after a device write, each with its holder.
  std::vector<LaterRead> Reads;
};

class CallerIndex {
public:
  void add(CallerIndex &&Other);
  void add(const ParameterKey &Key, CallContext Context);
  bool empty() const { return Calls.empty(); }

  /// Whether calls of Key's function made in files other than MainFile
  /// are known.
  bool hasCallsElsewhere(const ParameterKey &Key,
                         llvm::StringRef MainFile) const;

  /// The calls of Key's function outside MainFile, followed through
  /// functions that pass the data on (a few calls deep). Pending: a host
  /// read between the write and the return of Key's function (in
  /// MainFile), stale wherever a map holds the data.
  ExternalPresence resolve(const ParameterKey &Key, llvm::StringRef MainFile,
                           std::optional<LaterRead> Pending) const;

private:
  std::map<ParameterKey, std::vector<CallContext>> Calls;

  void resolve(const ParameterKey &Key, llvm::StringRef MainFile,
               const std::optional<LaterRead> &Pending, unsigned Depth,
               std::vector<ParameterKey> &Path, ExternalPresence &Out) const;
};

/// The key of F's parameter at Index, or nullopt when F has no external
/// linkage (its calls are all in its own file).
std::optional<ParameterKey> parameterKey(const clang::FunctionDecl &F,
                                         unsigned Index);

struct MapItem;

/// Item as plain data.
HeldBy heldBy(const MapItem &Item, const clang::ASTContext &Ctx);

/// Read (of ReadVar's data) as plain data, with no holder.
LaterRead laterRead(const clang::Expr &Read, const clang::VarDecl &ReadVar,
                    const clang::ASTContext &Ctx);

/// Records in Index the calls of functions with external linkage that the
/// main file of Ctx makes but does not define.
void indexCalls(clang::ASTContext &Ctx, CallerIndex &Index);

} // namespace ownmap

#endif
