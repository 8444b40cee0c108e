//===- Audit.cpp - check hand-written map clauses of target loops --------===//
#include "Audit.h"
#include "ArrayParameters.h"
#include "CanonicalLoop.h"
#include "LoopAccess.h"
#include "LostWrites.h"
#include "MapInference.h"
#include "MapItems.h"
#include "Presence.h"
#include "TargetConstructs.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"
#include <optional>

using namespace clang;

namespace ownmap {

namespace {

/// Appends to Loops the loops that S runs on the device: S itself when a
/// `for` loop, the loop of a loop construct, and the loops of a `{ }` block,
/// `teams` or `parallel` region made of those only. False when S holds
/// other code (that code is not analysed).
bool collectDeviceLoops(const Stmt *S, std::vector<const ForStmt *> &Loops) {
  if (!S || isa<NullStmt>(S))
    return true;
  if (const auto *C = dyn_cast<CapturedStmt>(S))
    return collectDeviceLoops(C->getCapturedStmt(), Loops);
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    Loops.push_back(F);
    return true;
  }
  if (const auto *L = dyn_cast<OMPLoopDirective>(S)) {
    const auto *F = dyn_cast<ForStmt>(
        L->getInnermostCapturedStmt()->getCapturedStmt());
    if (F)
      Loops.push_back(F);
    return F != nullptr;
  }
  if (isa<OMPTeamsDirective, OMPParallelDirective>(S))
    return collectDeviceLoops(
        cast<OMPExecutableDirective>(S)->getInnermostCapturedStmt(), Loops);
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return llvm::all_of(Block->body(), [&](const Stmt *Child) {
      return collectDeviceLoops(Child, Loops);
    });
  return false;
}

/// A program that maps a section gives it a length of at least zero, so the
/// audit may assume that of the construct's own sections: with
/// `in[0:rows * cols]`, cols >= 0 wherever the loop over rows runs, which
/// gives `in[r * cols]` its direction.
std::vector<Polynomial> wellFormedLengths(llvm::ArrayRef<MapItem> Items,
                                          const ASTContext &Ctx) {
  std::vector<Polynomial> Lengths;
  for (const MapItem &I : Items) {
    if (!I.Length)
      continue;
    if (auto Length = Polynomial::fromExpr(*I.Length, Ctx))
      Lengths.push_back(std::move(*Length));
    else
      llvm::consumeError(Length.takeError());
  }
  return Lengths;
}

class TargetLoopAudit {
public:
  TargetLoopAudit(const OMPExecutableDirective &D, ASTContext &Ctx,
                  const PresenceAnalysis &Presences)
      : D(D), Ctx(Ctx), Presences(Presences), Items(mapItems(D)),
        Assumed(wellFormedLengths(Items, Ctx)) {}

  /// The findings; NotAnalysed says when the audit could not look.
  std::vector<AuditFinding> run();
  /// Empty when analysed, else why not (for the tally).
  std::string NotAnalysed;

private:
  const OMPExecutableDirective &D;
  ASTContext &Ctx;
  const PresenceAnalysis &Presences;
  std::vector<MapItem> Items;
  /// What the construct's own sections say of their lengths.
  std::vector<Polynomial> Assumed;
  std::vector<AuditFinding> Findings;
  /// Pointers some loop of the construct writes.
  llvm::SmallPtrSet<const VarDecl *, 8> WrittenPointers;
  /// The construct runs one loop: its own sections are compared with that
  /// loop's (with several, a section serves them all).
  bool OneLoop = true;

  void notAnalysed(llvm::StringRef Reason, SourceLocation Loc,
                   const llvm::Twine &Message) {
    NotAnalysed = Reason.str();
    add(FindingLevel::Warning, Rule::AuditNotAnalysed, Loc, Message);
  }

  std::string text(const Expr *E) const {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()),
               Ctx.getSourceManager(), Ctx.getLangOpts())
        .str();
  }
  /// Adds a finding, once per construct: a variable's finding found
  /// again in another loop of the construct is not repeated.
  void add(FindingLevel Level, Rule R, SourceLocation Loc,
           const llvm::Twine &Message, FindingDetails Details = {},
           SourceLocation NoteLoc = {}, const llvm::Twine &Note = "") {
    std::string Text = Message.str();
    if (llvm::any_of(Findings, [&](const AuditFinding &F) {
          return F.TheRule == R &&
                 (F.Message == Text ||
                  (F.Details.Variable == Details.Variable &&
                   (R == Rule::AuditMissingMap ||
                    R == Rule::AuditReliesOnCaller)));
        }))
      return;
    Findings.push_back({Level, R, std::move(Text), Loc, std::move(Details),
                        NoteLoc, Note.str()});
  }
  const MapItem *find(const std::vector<MapItem> &In,
                      const VarDecl *V) const {
    for (const MapItem &I : In)
      if (I.Var == V)
        return &I;
    return nullptr;
  }
  void auditPointer(const CanonicalLoop &Loop, const LoopAccesses &Accesses,
                    const VariableAccesses &VA);
  std::vector<ExternalPresence> externalCallers(const VariableAccesses &VA,
                                               const Presence &P,
                                               bool Written) const;
  bool reportUnmapped(const VariableAccesses &VA, const Presence &P,
                      llvm::ArrayRef<ExternalPresence> External, bool Written,
                      llvm::Expected<VariablePlan> &Accessed);
  void auditStaleReads(const VariableAccesses &VA, const Presence &P,
                       llvm::ArrayRef<ExternalPresence> External);
  void reportStaleRead(const VariableAccesses &VA, const Access &Write,
                       const LaterRead &Read, SourceLocation ReadLoc);
  bool compareEachAccess(const MapItem &Item, const CanonicalLoop &Loop,
                         const LoopAccesses &Accesses,
                         const VariableAccesses &VA,
                         const Polynomial &ElementSize);
  void compareSections(const MapItem &Item, bool Own,
                       const VariablePlan &Accessed,
                       const Polynomial &ElementSize, bool Union = true);
};

/// What a map of Type copies, in words and as a report direction.
struct Copies {
  std::string Verb, Way, Direction;
};
Copies copiesOf(OpenMPMapClauseKind Type) {
  switch (Type) {
  case OMPC_MAP_to:
    return {"move", " host->device", "to_device"};
  case OMPC_MAP_from:
    return {"move", " device->host", "from_device"};
  case OMPC_MAP_tofrom:
    return {"move", " each way", "both"};
  default:
    return {"allocate", " on the device", ""};
  }
}

std::string range(const Polynomial &Lower, const Polynomial &Length) {
  return "[" + Lower.str() + ", " + (Lower + Length).str() + ")";
}

const llvm::StringLiteral CannotAudit = "cannot audit the target construct: ";

std::vector<AuditFinding> TargetLoopAudit::run() {
  std::vector<const ForStmt *> Fors;
  if (!collectDeviceLoops(D.getInnermostCapturedStmt(), Fors) ||
      Fors.empty()) {
    notAnalysed("code outside loops", D.getBeginLoc(),
                llvm::Twine(CannotAudit) +
                    "its region holds code other than loops and loop "
                    "constructs");
    return std::move(Findings);
  }
  OneLoop = Fors.size() == 1;
  std::vector<std::pair<CanonicalLoop, LoopAccesses>> Loops;
  for (const ForStmt *For : Fors) {
    auto Loop = matchCanonicalLoop(*For);
    if (!Loop) {
      notAnalysed("loop header", For->getForLoc(),
                  llvm::Twine(CannotAudit) +
                      llvm::toString(Loop.takeError()));
      return std::move(Findings);
    }
    auto Accesses = collectLoopAccesses(*Loop, NestedDirectives::Follow,
                                        OuterGlobals::Refuse,
                                        LocalArrays::Refuse);
    if (!Accesses) {
      notAnalysed("loop body", For->getForLoc(),
                  llvm::Twine(CannotAudit) +
                      llvm::toString(Accesses.takeError()));
      return std::move(Findings);
    }
    for (const VariableAccesses &VA : Accesses->Variables)
      if (llvm::any_of(VA.Accesses, [](const Access &A) {
            return A.Kind != AccessKind::Read;
          }))
        WrittenPointers.insert(VA.Var);
    Loops.emplace_back(std::move(*Loop), std::move(*Accesses));
  }
  for (const auto &[Loop, Accesses] : Loops)
    for (const VariableAccesses &VA : Accesses.Variables)
      if (VA.byElement())
        auditPointer(Loop, Accesses, VA);
  return std::move(Findings);
}

void TargetLoopAudit::auditPointer(const CanonicalLoop &Loop,
                                   const LoopAccesses &Accesses,
                                   const VariableAccesses &VA) {
  std::string Name = VA.Var->getName().str();
  SourceLocation Use = VA.Accesses.front().Site->getBeginLoc();
  const MapItem *Item = find(Items, VA.Var);
  bool Own = Item && Item->mapsData();
  Presence P = Presences.of(*VA.Var, D);
  bool Written = WrittenPointers.count(VA.Var);
  std::vector<ExternalPresence> External = externalCallers(VA, P, Written);
  auto Accessed = accessedSection(Loop, Accesses, VA, Assumed);
  if (!Own && reportUnmapped(VA, P, External, Written, Accessed))
    return;
  // A map of the construct's own copies nothing when the data is present.
  bool Held = !P.Maps.empty() ||
              llvm::any_of(External,
                           [](const ExternalPresence &E) { return E.Mapped; });
  if (Own && !Held && Written &&
      (Item->Type == OMPC_MAP_to || Item->Type == OMPC_MAP_alloc))
    add(FindingLevel::Error, Rule::AuditLostWrite, Item->Item->getBeginLoc(),
        "'" + Name + "' is written on the device but mapped '" +
            getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_map, Item->Type) +
            "': the results never reach the host; map it 'tofrom' (or "
            "'from' when the device writes it before reading)",
        {Name, "from_device", "", "map(tofrom: " + text(Item->Item) + ")"});
  if (llvm::any_of(VA.Accesses,
                  [](const Access &A) { return A.Kind != AccessKind::Read; }))
    auditStaleReads(VA, P, External);
  Polynomial Size = pointeeBytes(*VA.Var);
  if (Own && !Held && !Written && Item->Type == OMPC_MAP_tofrom) {
    std::string Bytes;
    if (Item->Length) {
      if (auto Len = Polynomial::fromExpr(*Item->Length, Ctx))
        Bytes = (*Len * Size)
                    .str(ArithmeticType::of(Item->Length->getType(), Ctx));
      else
        llvm::consumeError(Len.takeError());
    }
    add(FindingLevel::Warning, Rule::AuditMapTooBroad,
        Item->Item->getBeginLoc(),
        "'" + Name + "' is mapped 'tofrom' but never written on the device: "
                     "map(to: ...) would save " +
            (Bytes.empty() ? "the section's bytes" : Bytes + " bytes") +
            " device->host",
        {Name, "from_device", Bytes, "map(to: " + text(Item->Item) + ")"});
  }
  // Sections are compared where their bounds are the construct's
  // function's own expressions: not through calls.
  const MapItem *Used = Own ? Item : nullptr;
  for (const EnclosingMap &M : P.Maps)
    if (!Used && M.Calls.empty())
      Used = &M.Item;
  if (!Accessed) {
    std::string Why = llvm::toString(Accessed.takeError());
    if (Used && !compareEachAccess(*Used, Loop, Accesses, VA, Size))
      add(FindingLevel::Warning, Rule::AuditNotAnalysed, Use,
          "cannot compare the map of '" + Name + "' with its accesses: " +
              Why,
          {Name, "", "", ""});
    return;
  }
  if (Used)
    compareSections(*Used, Used == Item && OneLoop, *Accessed,
                    Size);
}

/// What the calls in other files of the functions on the way up (Presence
/// External) map, and, when the construct writes the data, the host reads
/// on the way up to them that would see the write stale.
std::vector<ExternalPresence>
TargetLoopAudit::externalCallers(const VariableAccesses &VA, const Presence &P,
                                 bool Written) const {
  std::vector<ExternalPresence> Found;
  for (const CallerParameter &Up : P.External) {
    std::optional<LaterRead> Pending;
    const VarDecl *ReadVar = nullptr;
    if (Written)
      if (const Expr *Read =
              readUpCalls(*VA.Var, D, Up.Calls, Presences, Ctx, ReadVar))
        Pending = laterRead(*Read, *ReadVar, Ctx);
    Found.push_back(Presences.external(Up, std::move(Pending)));
  }
  return Found;
}

/// Data the construct does not map itself: present through an enclosing or
/// earlier map (here or at every visible call, in this file or, with
/// several files, in others), missing (an error), or left to callers no
/// file shows (a note). True when reported.
bool TargetLoopAudit::reportUnmapped(const VariableAccesses &VA,
                                     const Presence &P,
                                     llvm::ArrayRef<ExternalPresence> External,
                                     bool Written,
                                     llvm::Expected<VariablePlan> &Accessed) {
  std::string Name = VA.Var->getName().str();
  SourceLocation Use = VA.Accesses.front().Site->getBeginLoc();
  std::string Clause = std::string("map(") + (Written ? "tofrom" : "to") +
                       ": " + (Accessed ? Accessed->Section : Name + "[...]") +
                       ")";
  auto Missing = [&](llvm::StringRef Callee, llvm::StringRef Caller,
                     const SourcePlace &Place) {
    return "pointer '" + Name +
           "' is used on the device but its data is not mapped when '" +
           Callee.str() + "' is called from '" + Caller.str() + "' at " +
           Place.where(Presences.mainFile()) +
           ": the device gets the host address and reads garbage or "
           "faults; map it around that call ('target data' or 'target "
           "enter data') or add " + Clause + " to the construct";
  };
  if (!P.Unmapped.empty()) {
    const CallExpr *Call = P.Unmapped.front();
    const FunctionDecl *Caller = Presences.functionOf(*Call);
    add(FindingLevel::Error, Rule::AuditMissingMap, Use,
        Missing(Call->getDirectCallee()->getName(),
                Caller ? Caller->getName() : "",
                SourcePlace::of(Call->getBeginLoc(), Ctx.getSourceManager())),
        {Name, "", "", Clause}, Call->getBeginLoc(),
        "'" + Call->getDirectCallee()->getName() +
            "' is called here without a map of the data");
    return true;
  }
  for (const ExternalPresence &E : External)
    if (!E.Unmapped.empty()) {
      const UnmappedCall &Call = E.Unmapped.front();
      add(FindingLevel::Error, Rule::AuditMissingMap, Use,
          Missing(Call.Callee, Call.Caller, Call.Place),
          {Name, "", "", Clause});
      return true;
    }
  bool Elsewhere = llvm::any_of(
      External, [](const ExternalPresence &E) { return E.Mapped; });
  if (!P.Maps.empty() || Elsewhere)
    return false;
  std::string Callerless;
  if (!P.NoCaller.empty())
    Callerless = cast<FunctionDecl>(P.NoCaller.front().Param->getDeclContext())
                     ->getNameAsString();
  for (const ExternalPresence &E : External)
    if (Callerless.empty())
      Callerless = E.NoCaller.empty() ? "" : E.NoCaller.front();
  if (!Callerless.empty() || !External.empty()) {
    add(FindingLevel::Note, Rule::AuditReliesOnCaller, Use,
        "pointer '" + Name + "' is not mapped here: the construct relies on "
                             "data its caller maps (" +
            (Callerless.empty()
                 ? std::string("its callers in other files are too far up "
                               "to follow")
                 : "no call of '" + Callerless + "' is in " +
                       (Presences.hasOtherFiles() ? "the files audited"
                                                  : "this file")) +
            "); if the caller does not map it, add " + Clause,
        {Name, "", "", Clause});
    return true;
  }
  add(FindingLevel::Error, Rule::AuditMissingMap, Use,
      "pointer '" + Name +
          "' is used on the device but its data is not mapped: the device "
          "gets the host address (a zero-length section or a firstprivate "
          "pointer) and reads garbage or faults; add " + Clause +
          " to the construct",
      {Name, "", "", Clause});
  return true;
}

/// Data that stays on the device without being copied back (every map of
/// it on the way from a call site is 'to' or 'alloc'): the device's writes
/// reach the host only through `target update from`. The first host read
/// after the construct, here or in the callers after their calls (in this
/// file or others), must come after one. One error per stale read.
void TargetLoopAudit::auditStaleReads(
    const VariableAccesses &VA, const Presence &P,
    llvm::ArrayRef<ExternalPresence> External) {
  const Access *Write = nullptr;
  for (const Access &A : VA.Accesses)
    if (A.Kind != AccessKind::Read && !Write)
      Write = &A;
  if (!Write || !Presences.functionOf(D))
    return;
  for (const StaleRead &S : staleReadsAfter(*VA.Var, D, P, Presences, Ctx)) {
    LaterRead Read = laterRead(*S.Read, *S.ReadVar, Ctx);
    Read.Holder = heldBy(*S.Holder, Ctx);
    Read.AfterRegion = S.AfterRegion;
    reportStaleRead(VA, *Write, Read, S.Read->getBeginLoc());
  }
  for (const ExternalPresence &E : External)
    for (const LaterRead &Read : E.Reads)
      reportStaleRead(VA, *Write, Read, SourceLocation());
}

/// Read is in this file when ReadLoc is valid (a note goes there).
void TargetLoopAudit::reportStaleRead(const VariableAccesses &VA,
                                      const Access &Write,
                                      const LaterRead &Read,
                                      SourceLocation ReadLoc) {
  std::string Name = VA.Var->getName().str();
  const HeldBy &Holder = *Read.Holder;
  llvm::StringRef Here = Presences.mainFile();
  std::string Update = "#pragma omp target update from(" + Holder.Item + ")";
  // After a `target data` region ends an update comes too late: the
  // region's map must copy back.
  std::string TofromMap = "map(tofrom: " + Holder.Item + ")";
  add(FindingLevel::Error, Rule::AuditLostWrite, Write.Site->getBeginLoc(),
      "'" + Name + "' is written on the device here, but '" + Holder.Item +
          "' is mapped '" + Holder.Type + "' at " +
          Holder.Place.where(Here) +
          (Holder.CopiesBack
               ? ", which copies it back only when its region ends"
               : ", which never copies it back") +
          ", and the host reads '" + Read.Text + "' at " +
          Read.Place.where(Here) +
          (Read.AfterRegion
               ? ", after the region ends: the host reads stale data; "
                 "use '" + TofromMap + "' there"
               : " with no 'target update from' before: the host reads "
                 "stale data; add '" + Update + "' before the read"),
      {Name, "from_device", "", Read.AfterRegion ? TofromMap : Update},
      ReadLoc, "the host reads '" + Read.Variable + "' here");
}

/// When the accesses have no union as one section (their ends compare only
/// where each one's loops run: `p[r * c]` against `p[r * c + k]` for k in
/// [1, c)), each access is compared with the map on its own, under its own
/// loops; the first too small is the error (no too-broad judgement without
/// the union). False when some access cannot be bounded even alone.
bool TargetLoopAudit::compareEachAccess(const MapItem &Item,
                                        const CanonicalLoop &Loop,
                                        const LoopAccesses &Accesses,
                                        const VariableAccesses &VA,
                                        const Polynomial &ElementSize) {
  std::vector<VariablePlan> Plans;
  for (const Access &A : VA.Accesses) {
    auto Plan = accessedSection(Loop, Accesses, VariableAccesses{VA.Var, {A}},
                                Assumed);
    if (!Plan) {
      llvm::consumeError(Plan.takeError());
      return false;
    }
    Plans.push_back(std::move(*Plan));
  }
  size_t Before = Findings.size();
  for (const VariablePlan &Plan : Plans)
    if (Findings.size() == Before)
      compareSections(Item, /*Own=*/false, Plan, ElementSize,
                      /*Union=*/false);
  return true;
}

/// A section too small is an error wherever it is mapped; one too large
/// only on the construct (an enclosing region serves other constructs too).
/// Accessed is what all the accesses reach (Union), whose section the
/// error suggests, or what one of them reaches.
void TargetLoopAudit::compareSections(const MapItem &Item, bool Own,
                                      const VariablePlan &Accessed,
                                      const Polynomial &ElementSize,
                                      bool Union) {
  std::string Name = Item.Var->getName().str();
  if (!Item.Length)
    return; // to the end of an array: its size is the array's
  Polynomial Lower(0);
  if (Item.Lower) {
    auto L = Polynomial::fromExpr(*Item.Lower, Ctx);
    if (!L)
      return llvm::consumeError(L.takeError());
    Lower = *L;
  }
  auto Length = Polynomial::fromExpr(*Item.Length, Ctx);
  if (!Length)
    return llvm::consumeError(Length.takeError());
  Polynomial End = Lower + *Length;
  Polynomial AccEnd = *Accessed.Lower + *Accessed.Length;
  std::optional<int> Below = (*Accessed.Lower - Lower).sign();
  std::optional<int> Above = (End - AccEnd).sign();
  std::string Mapped = "'" + text(Item.Item) + "' maps elements " +
                       range(Lower, *Length) + " but the loop reaches " +
                       range(*Accessed.Lower, *Accessed.Length);
  if ((Below && *Below < 0) || (Above && *Above < 0)) {
    add(FindingLevel::Error, Rule::AuditSectionTooSmall,
        Item.Item->getBeginLoc(),
        Mapped + " (" + Accessed.Reason +
            "): accesses outside the section are out of bounds on the "
            "device" +
            (Union ? "; map '" + Accessed.Section + "'" : std::string()),
        {Name, "", "",
         Union ? "map(" +
                     std::string(getOpenMPSimpleClauseTypeName(
                         llvm::omp::OMPC_map, Item.Type)) +
                     ": " + Accessed.Section + ")"
               : ""});
    return;
  }
  if (!Own || !Below || !Above || (*Below == 0 && *Above == 0))
    return;
  ArithmeticType In = Accessed.BoundsType.widest(
      ArithmeticType::of(Item.Length->getType(), Ctx));
  std::string Extra = ((*Length - *Accessed.Length) * ElementSize).str(In);
  Copies C = copiesOf(Item.Type);
  add(FindingLevel::Warning, Rule::AuditMapTooBroad,
      Item.Item->getBeginLoc(),
      Mapped + ": map '" + Accessed.Section + "' to " + C.Verb + " " + Extra +
          " fewer bytes" + C.Way,
      {Name, C.Direction, C.Direction.empty() ? "" : Extra,
       "map(" +
           std::string(getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_map,
                                                     Item.Type)) +
           ": " + Accessed.Section + ")"});
}

/// "in 'scale<float>'": which instantiation a finding is about.
std::string instantiationOf(const OMPExecutableDirective &D,
                            const PresenceAnalysis &Presences,
                            const ASTContext &Ctx) {
  const FunctionDecl *F = Presences.functionOf(D);
  if (!F)
    return "";
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  F->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
  return " (in '" + OS.str() + "')";
}

/// The findings of one construct: those of each directive that runs it
/// (one per template instantiation); one that every instantiation has is
/// said once, others name their instantiation.
void auditConstruct(const TargetConstruct &Construct, ASTContext &Ctx,
                    const PresenceAnalysis &Presences, AuditResult &Result) {
  std::vector<AuditFinding> Found;
  std::string NotAnalysed;
  if (Construct.Uninstantiated) {
    NotAnalysed = "template never instantiated";
    Found.push_back({FindingLevel::Warning, Rule::AuditNotAnalysed,
                     std::string(CannotAudit) +
                         "its template is never instantiated and the "
                         "construct depends on the template's parameters",
                     Construct.Uninstantiated->getBeginLoc()});
  }
  std::vector<std::vector<AuditFinding>> PerRun;
  for (const OMPExecutableDirective *D : Construct.Runs) {
    TargetLoopAudit Audit(*D, Ctx, Presences);
    PerRun.push_back(Audit.run());
    if (NotAnalysed.empty())
      NotAnalysed = Audit.NotAnalysed;
  }
  auto Same = [](const AuditFinding &A, const AuditFinding &B) {
    return A.TheRule == B.TheRule && A.Loc == B.Loc && A.Message == B.Message;
  };
  for (size_t Run = 0; Run < PerRun.size(); ++Run)
    for (const AuditFinding &F : PerRun[Run]) {
      AuditFinding Said = F;
      if (!llvm::all_of(PerRun, [&](const auto &Other) {
            return llvm::any_of(Other, [&](const AuditFinding &O) {
              return Same(O, F);
            });
          }))
        Said.Message += instantiationOf(*Construct.Runs[Run], Presences, Ctx);
      if (llvm::none_of(Found, [&](const AuditFinding &Seen) {
            return Same(Seen, Said);
          }))
        Found.push_back(std::move(Said));
    }
  if (!NotAnalysed.empty())
    ++Result.Tally.NotAnalysed[NotAnalysed];
  else if (llvm::any_of(Found, [](const AuditFinding &F) {
             return F.Level != FindingLevel::Note;
           }))
    ++Result.Tally.WithFindings;
  else
    ++Result.Tally.Clean;
  llvm::append_range(Result.Findings, std::move(Found));
}

} // namespace

AuditResult auditFile(ASTContext &Ctx, const CallerIndex *Callers) {
  PresenceAnalysis Presences(Ctx, Callers);
  AuditResult Result;
  for (const TargetConstruct &Construct : targetConstructs(Ctx))
    auditConstruct(Construct, Ctx, Presences, Result);
  return Result;
}

} // namespace ownmap
