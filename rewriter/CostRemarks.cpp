//===- CostRemarks.cpp - what a kernel call moves beyond its arrays once --===//
#include "CostRemarks.h"
#include "ArrayParameters.h"

using namespace clang;

namespace ownmap {

std::vector<CostRemark> hostLoopRemarks(llvm::ArrayRef<HostLoop> Host,
                                        const SourceManager &SM) {
  std::vector<CostRemark> Remarks;
  for (const HostLoop &H : Host)
    Remarks.push_back(
        {Rule::CostHostLoop, SM.getExpansionLoc(H.Site.Loop->getForLoc()),
         (H.InnerOffloaded
              ? "loop stays on the host, its inner loops are offloaded, "
                "launched in each of its iterations: "
              : "loop stays on the host: ") +
             H.Why});
  return Remarks;
}

std::vector<CostRemark> serialLoopRemarks(llvm::ArrayRef<PlannedLoop> Loops,
                                          const SourceManager &SM) {
  std::vector<CostRemark> Remarks;
  for (const PlannedLoop &L : Loops)
    if (L.Plan.Runs == Execution::Serial)
      Remarks.push_back(
          {Rule::CostSerial, SM.getExpansionLoc(L.Site.Loop->getForLoc()),
           std::string("loop runs on the device in one thread") +
               (L.Plan.InnerParallel.empty()
                    ? ""
                    : ", its inner loops on the threads of one team") +
               ", which keeps its data there: " + L.SerialWhy});
  return Remarks;
}

/// The innermost host loop of Host around Loc other than Except, if any.
static const HostLoop *hostLoopAround(SourceLocation Loc,
                                      llvm::ArrayRef<HostLoop> Host,
                                      const SourceManager &SM,
                                      const Stmt *Except) {
  const HostLoop *Around = nullptr;
  for (const HostLoop &H : Host)
    if (H.InnerOffloaded && H.Site.Loop != Except &&
        SM.isPointWithin(Loc, H.Site.Loop->getBeginLoc(),
                         H.Site.Loop->getEndLoc()))
      Around = &H;
  return Around;
}

/// True when a region around a host loop, or a span region, that holds
/// Inner's loops keeps
/// Var: Inner's map of it finds it on the device.
static bool keptAround(const DataRegion &Inner, const VarDecl *Var,
                       llvm::ArrayRef<DataRegion> Regions) {
  return llvm::any_of(Regions, [&](const DataRegion &Outer) {
    return &Outer != &Inner && (Outer.HostLoop || Outer.FirstStatement) &&
           Outer.First <= Inner.First &&
           Inner.Last <= Outer.Last &&
           llvm::any_of(Outer.Variables, [&](const RegionVariable &V) {
             return V.Var == Var;
           });
  });
}

/// True when a section copied in every iteration of H adds up to more than
/// its data once: it does not move with H's variable (the same elements
/// each time), or its length does (rows 0 to k of step k); unknown bounds
/// count as such.
static bool repeatsData(const std::optional<Polynomial> &Lower,
                        const std::optional<Polynomial> &Length,
                        const HostLoop &H) {
  auto Canonical = matchCanonicalLoop(*H.Site.Loop);
  if (!Canonical) {
    llvm::consumeError(Canonical.takeError());
    return true;
  }
  auto Mentions = [&](const Polynomial &P) {
    return llvm::any_of(P.atoms(), [&](const Atom &A) {
      return A.var() == Canonical->Index;
    });
  };
  return !Lower || !Length || !Mentions(*Lower) || Mentions(*Length);
}

namespace {
/// One place where a kernel call moves data, and the host loop that
/// repeats it.
struct Transfer {
  SourceLocation Loc;
  std::string Message;
  const HostLoop *RepeatedIn;
  /// Beyond each array once in and once out: repeated, an update around
  /// host code, or a launch's map of an array other loops map too.
  bool Extra;
  /// Moves arrays or sections of them, not elements host code names.
  bool Bulk;
  /// An update of elements host code names.
  bool HostElements;
  bool ToDevice, FromDevice;
  /// What one transfer moves each way; none when unknown.
  std::optional<Polynomial> Bytes;
};
} // namespace

/// The bytes Length elements of what Var points to take (Var's own bytes
/// for a scalar); none when Length is unknown.
static std::optional<Polynomial>
sectionBytes(const VarDecl &Var, const std::optional<Polynomial> &Length) {
  QualType T = Var.getType();
  if (!T->isPointerType())
    return T->isConstantSizeType() && !T->isArrayType()
               ? std::optional<Polynomial>(Polynomial(
                     Var.getASTContext().getTypeSizeInChars(T).getQuantity()))
               : std::nullopt;
  if (!Length)
    return std::nullopt;
  return *Length * pointeeBytes(Var);
}

static bool toDevice(MapKind M) {
  return M == MapKind::To || M == MapKind::ToFrom;
}
static bool fromDevice(MapKind M) {
  return M == MapKind::From || M == MapKind::ToFrom;
}

static std::vector<Transfer> transfers(llvm::ArrayRef<PlannedLoop> Loops,
                                       llvm::ArrayRef<DataRegion> Regions,
                                       llvm::ArrayRef<HostLoop> Host,
                                       const SourceManager &SM) {
  std::vector<Transfer> Found;
  for (const DataRegion &Region : Regions) {
    SourceLocation Start = Region.opening(Loops)->getBeginLoc();
    const HostLoop *Around =
        hostLoopAround(Start, Host, SM, Region.opening(Loops));
    for (const RegionVariable &V : Region.Variables)
      if (!keptAround(Region, V.Var, Regions))
        Found.push_back({Start,
                         "'" + V.Section + "' crosses at this data region (map " +
                             mapKeyword(V.Map).str() + ")",
                         Around, Around != nullptr,
                         Around && V.Map != MapKind::Alloc &&
                             repeatsData(V.Lower, V.Length, *Around),
                         /*HostElements=*/false, toDevice(V.Map),
                         fromDevice(V.Map),
                         sectionBytes(*V.Var, V.Length)});
  }
  for (const DataRegion &Region : Regions)
    for (const TargetUpdate &U : Region.Updates)
      Found.push_back({U.Before,
                       "'" + U.Section + "' is copied " +
                           (U.ToDevice ? "back to the device after"
                                       : "from the device for") +
                           " host code that uses it",
                       hostLoopAround(U.Before, Host, SM, nullptr),
                       /*Extra=*/true, U.Whole, /*HostElements=*/!U.Whole,
                       U.ToDevice, !U.ToDevice,
                       sectionBytes(*U.Var, U.Length)});
  // The arrays some data region keeps around each loop.
  std::vector<llvm::SmallPtrSet<const VarDecl *, 4>> Kept(Loops.size());
  for (const DataRegion &Region : Regions)
    for (size_t K = Region.First; K <= Region.Last; ++K)
      for (const RegionVariable &V : Region.Variables)
        Kept[K].insert(V.Var);
  for (size_t K = 0; K < Loops.size(); ++K) {
    SourceLocation For = Loops[K].Site.Loop->getForLoc();
    const HostLoop *Around = hostLoopAround(For, Host, SM, nullptr);
    for (const VariablePlan &V : Loops[K].Plan.Variables) {
      if (!V.Map || Kept[K].count(V.Var))
        continue;
      bool Array = V.Var->getType()->isPointerType() && !V.Reduction;
      bool Shared = Array && llvm::any_of(Loops, [&](const PlannedLoop &Other) {
        return &Other != &Loops[K] &&
               llvm::any_of(Other.Plan.Variables, [&](const VariablePlan &W) {
                 return W.Var == V.Var && W.Map;
               });
      });
      Found.push_back({For,
                       "'" + V.Section + "' crosses at this loop's launch (map " +
                           mapKeyword(*V.Map).str() +
                           "): no data region keeps it on the device" +
                           (Shared ? " between the kernel's loops that use it"
                                   : ""),
                       Around, Array && (Around || Shared),
                       Array && *V.Map != MapKind::Alloc && Around &&
                           repeatsData(V.Lower, V.Length, *Around),
                       /*HostElements=*/false, toDevice(*V.Map),
                       fromDevice(*V.Map),
                       sectionBytes(*V.Var, V.Length)});
    }
  }
  return Found;
}

/// A remark for each of Transfers beyond each array once in and out.
static std::vector<CostRemark> copyRemarks(llvm::ArrayRef<Transfer> Transfers,
                                           const SourceManager &SM) {
  std::vector<CostRemark> Remarks;
  for (const Transfer &C : Transfers) {
    if (!C.Extra)
      continue;
    std::string Message = C.Message;
    if (C.RepeatedIn)
      Message += ", in every iteration of the host loop at line " +
                 std::to_string(SM.getExpansionLineNumber(
                     C.RepeatedIn->Site.Loop->getForLoc()));
    Remarks.push_back(
        {Rule::CostCopies, SM.getExpansionLoc(C.Loc), std::move(Message)});
  }
  return Remarks;
}

std::vector<CopyingHostLoop>
copyingHostLoops(llvm::ArrayRef<PlannedLoop> Loops,
                 llvm::ArrayRef<DataRegion> Regions,
                 llvm::ArrayRef<HostLoop> Host, const SourceManager &SM) {
  std::vector<CopyingHostLoop> Copying;
  for (const Transfer &C : transfers(Loops, Regions, Host, SM)) {
    if (!C.RepeatedIn || !(C.Bulk || C.HostElements))
      continue;
    auto Seen = llvm::find_if(Copying, [&](const CopyingHostLoop &L) {
      return L.Loop == C.RepeatedIn;
    });
    if (Seen == Copying.end())
      Copying.push_back({C.RepeatedIn, C.Bulk});
    else
      Seen->Bulk |= C.Bulk;
  }
  return Copying;
}

namespace {
/// What some transfers move each way; none for a way where the bytes of
/// one are unknown.
struct Moved {
  std::optional<Polynomial> To = Polynomial(0), From = Polynomial(0);
  bool Any = false;

  void add(const Transfer &T) {
    Any |= T.ToDevice || T.FromDevice;
    auto Add = [&](std::optional<Polynomial> &Sum) {
      Sum = Sum && T.Bytes ? std::optional<Polynomial>(*Sum + *T.Bytes)
                           : std::nullopt;
    };
    if (T.ToDevice)
      Add(To);
    if (T.FromDevice)
      Add(From);
  }
  std::string str() const {
    auto Way = [](const std::optional<Polynomial> &P, llvm::StringRef Where) {
      if (!P)
        return "an unknown number of bytes " + Where.str();
      if (*P == Polynomial(0))
        return "nothing " + Where.str();
      return P->str() + " bytes " + Where.str();
    };
    return Way(To, "to the device") + " and " + Way(From, "back");
  }
};
} // namespace

/// What Transfers, all of Kernel's, move in a call (CallCosts::Bytes).
static CostRemark bytesRemark(llvm::ArrayRef<Transfer> Transfers,
                              const FunctionDecl &Kernel,
                              const SourceManager &SM) {
  Moved Once;
  std::vector<std::pair<const HostLoop *, Moved>> Repeated;
  for (const Transfer &T : Transfers) {
    if (!T.RepeatedIn) {
      Once.add(T);
      continue;
    }
    auto It = llvm::find_if(Repeated, [&](const auto &R) {
      return R.first == T.RepeatedIn;
    });
    if (It == Repeated.end())
      It = Repeated.insert(Repeated.end(), {T.RepeatedIn, Moved()});
    It->second.add(T);
  }
  std::string Message = "kernel '" + Kernel.getName().str() + "': a call moves ";
  Message += Once.Any || !Repeated.empty()
                 ? "at most " + Once.str()
                 : std::string("nothing between the host and the device");
  auto Line = [&](const HostLoop *H) {
    return SM.getExpansionLineNumber(H->Site.Loop->getForLoc());
  };
  llvm::sort(Repeated, [&](const auto &A, const auto &B) {
    return Line(A.first) < Line(B.first);
  });
  for (const auto &[Loop, Each] : Repeated)
    if (Each.Any)
      Message += "; in every iteration of the host loop at line " +
                 std::to_string(Line(Loop)) + ", " + Each.str();
  return {Rule::CostBytes, SM.getExpansionLoc(Kernel.getLocation()), Message};
}

CallCosts callCosts(llvm::ArrayRef<PlannedLoop> Loops,
                    llvm::ArrayRef<DataRegion> Regions,
                    llvm::ArrayRef<HostLoop> Host, const FunctionDecl &Kernel,
                    const SourceManager &SM) {
  std::vector<Transfer> Transfers = transfers(Loops, Regions, Host, SM);
  return {copyRemarks(Transfers, SM), bytesRemark(Transfers, Kernel, SM)};
}

} // namespace ownmap
