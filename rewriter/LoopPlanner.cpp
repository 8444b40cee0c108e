//===- LoopPlanner.cpp - how each loop of a kernel runs --------------------===//
#include "LoopPlanner.h"
#include "CanonicalLoop.h"
#include "ChangedVariables.h"
#include "Diagnostics.h"
#include "LoopAccess.h"
#include "LoopGlobals.h"
#include "PointerViews.h"
#include "SerialLoops.h"

using namespace clang;

namespace ownmap {

/// The message of E's first error, without the "cannot offload: " that
/// says what an error stops.
static std::string firstMessage(llvm::Error E) {
  std::string Message;
  llvm::handleAllErrors(std::move(E), [&](const llvm::ErrorInfoBase &Info) {
    if (Message.empty())
      Message = Info.message();
  });
  llvm::StringRef Text(Message);
  Text.consume_front("cannot offload: ");
  return Text.str();
}

llvm::Expected<OffloadPlan> LoopPlanner::planLoop(const LoopSite &Site,
                                                  Execution Runs) const {
  if (auto E = checkInsertable(Site, SM))
    return std::move(E);
  llvm::StringRef CannotOffload = "cannot offload: ";
  auto Loop = matchCanonicalLoop(*Site.Loop);
  if (!Loop)
    return withPrefix(Loop.takeError(), CannotOffload);
  auto Accesses = collectLoopAccesses(*Loop);
  if (!Accesses)
    return withPrefix(Accesses.takeError(), CannotOffload);
  std::vector<const VarDecl *> OutsideIndices = Accesses->OutsideInnerIndices;
  if (Loop->IndexDeclaredOutside)
    OutsideIndices.insert(OutsideIndices.begin(), Loop->Index);
  for (const VarDecl *Index : OutsideIndices)
    if (auto E = checkIndexOnlyInItsLoops(*Index, *Annotations.Kernel->getBody()))
      return withPrefix(std::move(E), CannotOffload);
  auto Plan = inferMaps(Annotations, *Loop, *Accesses, Runs);
  if (!Plan)
    return Plan.takeError();
  auto Globals = globalsReadInLoop(*Site.Loop);
  if (!Globals)
    return Globals.takeError();
  for (const LoopGlobal &G : *Globals) {
    // One the loop reads by name is not hidden where its directive goes.
    if (const VarDecl *Hiding =
            G.Reader ? kernelVariableNamed(*Annotations.Kernel,
                                           G.Global->getName())
                     : nullptr)
      return sourceError(Rule::LoopUnsupported, Site.Loop->getForLoc(),
                         "cannot offload: the loop's functions read global '" +
                             G.Global->getName() +
                             "', which the kernel's own '" +
                             Hiding->getName() +
                             "' hides at the loop; rename one of them",
                         Hiding->getLocation(),
                         "'" + Hiding->getName() + "' is declared here");
    if (G.How == LoopGlobal::Transfer::Update)
      continue;
    VariablePlan V;
    V.Var = G.Global;
    V.Map = MapKind::To;
    V.Section = G.Global->getName().str();
    V.FirstRead = G.FirstRead;
    V.Reason = G.reason();
    Plan->Variables.push_back(std::move(V));
  }
  Plan->Globals = std::move(*Globals);
  return Plan;
}

/// True when every error of E is of a rule Holds accepts. E is kept.
static bool everyRule(llvm::Error &E, llvm::function_ref<bool(Rule)> Holds) {
  bool All = true;
  E = llvm::handleErrors(
      std::move(E),
      [&](std::unique_ptr<SourceError> SE) -> llvm::Error {
        All &= Holds(SE->TheRule);
        return llvm::Error(std::move(SE));
      },
      [&](std::unique_ptr<llvm::ErrorInfoBase> Other) -> llvm::Error {
        All = false;
        return llvm::Error(std::move(Other));
      });
  return All;
}

/// True when every error of E says that the loop's iterations cannot run
/// apart (a dependence, a scalar written) or that its form keeps it off the
/// device: the loop may stay on the host around offloaded loops. Errors in
/// annotations, borrows or sections are the kernel's to fix. E is kept.
static bool keepsLoopOnHost(llvm::Error &E) {
  return everyRule(E, [](Rule R) {
    return R == Rule::ParallelDependence || R == Rule::ParallelDistinct ||
           R == Rule::ParallelScalar || R == Rule::LoopUnsupported ||
           R == Rule::LoopLocalArray;
  });
}

/// True when E only says that an array local to the kernel keeps the loop
/// on the host (LocalArrays.h): no annotation can change that, so the
/// loop stays there, whatever else the kernel offloads. E is kept.
static bool onlyLocalArrays(llvm::Error &E) {
  return everyRule(E, [](Rule R) { return R == Rule::LoopLocalArray; });
}

/// Site's loop run on the device in one thread, when it maps an array
/// (else the device would only take the loop's time).
std::optional<OffloadPlan> LoopPlanner::planSerial(const LoopSite &Site) const {
  auto Plan = planLoop(Site, Execution::Serial);
  if (!Plan) {
    llvm::consumeError(Plan.takeError());
    return std::nullopt;
  }
  bool MapsArray = llvm::any_of(Plan->Variables, [](const VariablePlan &V) {
    return V.Map && V.Lower && V.Length;
  });
  if (!MapsArray)
    return std::nullopt;
  return std::move(*Plan);
}

/// Annotations with the range of Loop, a host loop, as facts for the loops
/// in its body (KernelAnnotations::AroundLoops), when it steps by one
/// and neither its index nor its bounds' variables change but by its
/// header; Annotations alone otherwise.
static KernelAnnotations aroundHostLoop(const KernelAnnotations &Annotations,
                                        const ForStmt &Loop) {
  KernelAnnotations Around = Annotations;
  auto L = matchCanonicalLoop(Loop);
  if (!L) {
    llvm::consumeError(L.takeError());
    return Around;
  }
  const ASTContext &Ctx = L->Index->getASTContext();
  auto Init = Polynomial::fromExpr(*L->Init, Ctx);
  auto Limit = Polynomial::fromExpr(*L->Limit, Ctx);
  if (!Init || !Limit) {
    llvm::consumeError(Init.takeError());
    llvm::consumeError(Limit.takeError());
    return Around;
  }
  // A bound may name an integer the kernel never changes, or the index of
  // a host loop around (which only its header changes).
  VariableSet InKernel = changedVariables(Annotations.Kernel->getBody());
  auto Kept = [&](const Polynomial &P) {
    return llvm::all_of(P.atoms(), [&](const Atom &A) {
      return A.var() && A.var()->getType()->isIntegerType() &&
             (!InKernel.count(A.var()) ||
              llvm::is_contained(Annotations.AroundLoops.Indices, A.var()));
    });
  };
  if (L->Step || changedVariables(Loop.getBody()).count(L->Index) ||
      !Kept(*Init) || !Kept(*Limit))
    return Around;
  Polynomial One(1);
  Polynomial First =
      L->Downward ? (L->Inclusive ? *Limit : *Limit + One) : *Init;
  Polynomial End =
      L->Downward ? *Init + One : (L->Inclusive ? *Limit + One : *Limit);
  Polynomial Index =
      Polynomial::atom(Atom{L->Index->getName().str(), L->Index});
  Around.AroundLoops.Indices.push_back(L->Index);
  Around.AroundLoops.Facts.push_back(Index - First);
  Around.AroundLoops.Facts.push_back(End - One - Index);
  return Around;
}

/// Plans Site's loop; when it cannot be offloaded (a time loop, or any
/// loop whose iterations depend on each other), the loops of its body,
/// which then run in its iterations on the host: when some of them run
/// apart on the device, the loop stays on the host, and each of them that
/// cannot runs on the device in one thread or, when it maps no array, on
/// the host, put in Host with the reason. A loop none of whose loops runs
/// apart runs on the device in one thread, which keeps its data there.
/// Fails with the loop's own error when it can do neither.
llvm::Error LoopPlanner::planSite(const LoopSite &Site,
                                  std::vector<PlannedLoop> &Out,
                                  std::vector<HostLoop> &Host) const {
  auto Plan = planLoop(Site, Execution::Parallel);
  if (Plan) {
    Out.push_back({Site, std::move(*Plan)});
    return llvm::Error::success();
  }
  llvm::Error Why = Plan.takeError();
  if (!keepsLoopOnHost(Why))
    return Why;
  const auto *Body = dyn_cast<CompoundStmt>(Site.Loop->getBody());
  std::vector<LoopSite> Inner;
  if (Body)
    Inner = findOutermostLoops(*Body);
  else if (const auto *Nested = dyn_cast<ForStmt>(Site.Loop->getBody()))
    Inner.push_back(LoopSite{Nested, nullptr, /*WrapInBraces=*/true});
  if (Inner.empty() && Body && containsLoop(*Body)) {
    // Every loop of its body is under a directive already (as in the
    // tool's own output): nothing is left to offload.
    llvm::consumeError(std::move(Why));
    return llvm::Error::success();
  }
  std::vector<PlannedLoop> InnerPlans;
  std::vector<HostLoop> InnerHost;
  KernelAnnotations Around = aroundHostLoop(Annotations, *Site.Loop);
  LoopPlanner Inside(Around, SM);
  for (const LoopSite &InnerSite : Inner)
    if (auto E = Inside.planSite(InnerSite, InnerPlans, InnerHost)) {
      if (!keepsLoopOnHost(E)) {
        llvm::consumeError(std::move(Why));
        return E;
      }
      InnerHost.push_back({InnerSite, firstMessage(std::move(E)),
                           /*InnerOffloaded=*/false});
    }
  bool NoneApart = llvm::all_of(InnerPlans, [](const PlannedLoop &P) {
    return P.Plan.Runs == Execution::Serial;
  });
  if (NoneApart)
    if (auto Serial = planSerial(Site)) {
      Out.push_back({Site, std::move(*Serial)});
      Out.back().SerialWhy = firstMessage(std::move(Why));
      return llvm::Error::success();
    }
  if (InnerPlans.empty() && !onlyLocalArrays(Why))
    return Why;
  if (InnerPlans.empty()) {
    Host.push_back({Site, firstMessage(std::move(Why)),
                    /*InnerOffloaded=*/false});
    llvm::append_range(Host, std::move(InnerHost));
    return llvm::Error::success();
  }
  Host.push_back({Site, firstMessage(std::move(Why)),
                  /*InnerOffloaded=*/true});
  llvm::append_range(Host, std::move(InnerHost));
  llvm::append_range(Out, std::move(InnerPlans));
  return llvm::Error::success();
}

llvm::Error planKernelLoops(const KernelAnnotations &Annotations,
                            llvm::ArrayRef<LoopSite> Sites, ASTContext &Ctx,
                            std::vector<PlannedLoop> &Loops,
                            std::vector<HostLoop> &Host) {
  LoopPlanner Planner(Annotations, Ctx.getSourceManager());
  llvm::Error Errors = llvm::Error::success();
  for (const LoopSite &Site : Sites)
    if (auto E = Planner.planSite(Site, Loops, Host))
      Errors = llvm::joinErrors(std::move(Errors), std::move(E));
  runCopyingHostLoopsSerially(
      Loops, Host,
      [&](const LoopSite &Site) { return Planner.planSerial(Site); },
      *Annotations.Kernel->getBody(), PointerOrigins(Annotations),
      Annotations.statedFacts(), Ctx);
  keepLoneSerialLoopsOnHost(Loops, Host);
  return Errors;
}

} // namespace ownmap
