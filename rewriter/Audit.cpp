//===- Audit.cpp - check hand-written map clauses of target loops --------===//
#include "Audit.h"
#include "CanonicalLoop.h"
#include "LoopAccess.h"
#include "MapInference.h"
#include "MapItems.h"
#include "Presence.h"
#include "StaleReads.h"
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

class TargetFinder : public RecursiveASTVisitor<TargetFinder> {
public:
  explicit TargetFinder(const SourceManager &SM) : SM(SM) {}
  std::vector<const OMPExecutableDirective *> Found;

  // Not VisitOMPLoopDirective: LLVM 19's StmtNodes.td lists
  // OMPTargetParallelForDirective under OMPExecutableDirective (its C++
  // class derives from OMPLoopDirective), so the visitor would never call
  // it for `target parallel for`; isa goes by the C++ classof.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (isOpenMPTargetExecutionDirective(D->getDirectiveKind()) &&
        SM.isInMainFile(SM.getExpansionLoc(D->getBeginLoc())))
      Found.push_back(D);
    return true;
  }

private:
  const SourceManager &SM;
};

class TargetLoopAudit {
public:
  TargetLoopAudit(const OMPExecutableDirective &D, ASTContext &Ctx,
                  const PresenceAnalysis &Presences)
      : D(D), Ctx(Ctx), Presences(Presences), Items(mapItems(D)) {}

  /// The findings; NotAnalysed says when the audit could not look.
  std::vector<AuditFinding> run();
  /// Empty when analysed, else why not (for the tally).
  std::string NotAnalysed;

private:
  const OMPExecutableDirective &D;
  ASTContext &Ctx;
  const PresenceAnalysis &Presences;
  std::vector<MapItem> Items;
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
  unsigned line(SourceLocation Loc) const {
    return Ctx.getSourceManager().getExpansionLineNumber(Loc);
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
  bool reportUnmapped(const VariableAccesses &VA, const Presence &P,
                      bool Written,
                      llvm::Expected<VariablePlan> &Accessed);
  void auditStaleReads(const VariableAccesses &VA, const Presence &P);
  static constexpr unsigned MaxCallerDepth = 8;
  const clang::Expr *readInCallers(
      const clang::VarDecl *&Var, const clang::FunctionDecl &F,
      llvm::function_ref<const clang::Expr *(const clang::VarDecl &,
                                             const clang::Stmt &,
                                             const clang::FunctionDecl &)>
          Search,
      unsigned Depth) const;
  void reportStaleRead(const VariableAccesses &VA, const Access &Write,
                       const MapItem &Holder, const clang::Expr &Read,
                       const clang::VarDecl &ReadVar, bool AfterRegion);
  bool afterRegion(const MapItem &Holder, const clang::Expr &Read) const;
  void compareSections(const MapItem &Item, bool Own,
                       const VariablePlan &Accessed,
                       const Polynomial &ElementSize);
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
    auto Accesses = collectLoopAccesses(*Loop, NestedDirectives::Follow);
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
      if (VA.isPointer())
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
  auto Accessed = accessedSection(Loop, Accesses, VA);
  if (!Own && reportUnmapped(VA, P, Written, Accessed))
    return;
  // A map of the construct's own copies nothing when the data is present.
  if (Own && P.Maps.empty() && Written &&
      (Item->Type == OMPC_MAP_to || Item->Type == OMPC_MAP_alloc))
    add(FindingLevel::Error, Rule::AuditLostWrite, Item->Item->getBeginLoc(),
        "'" + Name + "' is written on the device but mapped '" +
            getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_map, Item->Type) +
            "': the results never reach the host; map it 'tofrom' (or "
            "'from' when the device writes it before reading)",
        {Name, "from_device", "", "map(tofrom: " + text(Item->Item) + ")"});
  if (llvm::any_of(VA.Accesses,
                  [](const Access &A) { return A.Kind != AccessKind::Read; }))
    auditStaleReads(VA, P);
  uint64_t Size = Ctx.getTypeSizeInChars(VA.Var->getType()->getPointeeType())
                      .getQuantity();
  if (Own && P.Maps.empty() && !Written && Item->Type == OMPC_MAP_tofrom) {
    std::string Bytes;
    if (Item->Length) {
      if (auto Len = Polynomial::fromExpr(*Item->Length, Ctx))
        Bytes = (*Len * Polynomial(Size)).str();
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
    if (Used)
      add(FindingLevel::Warning, Rule::AuditNotAnalysed, Use,
          "cannot compare the map of '" + Name + "' with its accesses: " +
              Why,
          {Name, "", "", ""});
    return;
  }
  if (Used)
    compareSections(*Used, Used == Item && OneLoop, *Accessed,
                    Polynomial(Size));
}

/// Data the construct does not map itself: present through an enclosing or
/// earlier map (here or at every visible call), missing (an error), or left
/// to callers this file does not show (a note). True when reported.
bool TargetLoopAudit::reportUnmapped(const VariableAccesses &VA,
                                     const Presence &P, bool Written,
                                     llvm::Expected<VariablePlan> &Accessed) {
  std::string Name = VA.Var->getName().str();
  SourceLocation Use = VA.Accesses.front().Site->getBeginLoc();
  std::string Clause = std::string("map(") + (Written ? "tofrom" : "to") +
                       ": " + (Accessed ? Accessed->Section : Name + "[...]") +
                       ")";
  if (!P.Unmapped.empty()) {
    const CallExpr *Call = P.Unmapped.front();
    const FunctionDecl *Caller = Presences.functionOf(*Call);
    add(FindingLevel::Error, Rule::AuditMissingMap, Use,
        "pointer '" + Name +
            "' is used on the device but its data is not mapped when '" +
            Call->getDirectCallee()->getName() + "' is called from '" +
            (Caller ? Caller->getName() : "") + "' at line " +
            std::to_string(line(Call->getBeginLoc())) +
            ": the device gets the host address and reads garbage or "
            "faults; map it around that call ('target data' or 'target "
            "enter data') or add " + Clause + " to the construct",
        {Name, "", "", Clause}, Call->getBeginLoc(),
        "'" + Call->getDirectCallee()->getName() +
            "' is called here without a map of the data");
    return true;
  }
  if (!P.Maps.empty())
    return false;
  if (!P.NoCaller.empty()) {
    add(FindingLevel::Note, Rule::AuditReliesOnCaller, Use,
        "pointer '" + Name + "' is not mapped here: the construct relies on "
                             "data its caller maps (no call of '" +
            P.NoCaller.front()->getName() +
            "' is in this file); if the caller does not map it, add " +
            Clause,
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
/// after the construct, here or in the callers after their calls, must come
/// after one. One error per stale read.
void TargetLoopAudit::auditStaleReads(const VariableAccesses &VA,
                                      const Presence &P) {
  const Access *Write = nullptr;
  for (const Access &A : VA.Accesses)
    if (A.Kind != AccessKind::Read && !Write)
      Write = &A;
  const FunctionDecl *Here = Presences.functionOf(D);
  if (!Write || !Here)
    return;
  llvm::SmallPtrSet<const Expr *, 4> Reported;
  for (const EnclosingMap &Holder : P.Maps) {
    // One search per path of calls, judged by the map found last on it:
    // the outermost region, or an enter data (then no region's end copies
    // back, the reference count being held), which keeps the data longest.
    const EnclosingMap *Outermost = &Holder;
    for (const EnclosingMap &M : P.Maps)
      if (M.Calls == Holder.Calls)
        Outermost = &M;
    if (Outermost != &Holder)
      continue;
    // A region that copies back at its end: reads after the end are fresh.
    const FunctionDecl *HolderFunction = nullptr;
    SourceLocation Until;
    if (Holder.Item.copiesBack()) {
      HolderFunction = Presences.functionOf(*Holder.Item.Directive);
      Until = Holder.Item.Directive->getAssociatedStmt()->getEndLoc();
    }
    auto Search = [&](const VarDecl &V, const Stmt &After,
                      const FunctionDecl &F) {
      return firstStaleRead(V, After, F, Ctx,
                            &F == HolderFunction ? Until : SourceLocation());
    };
    const VarDecl *Var = VA.Var;
    const FunctionDecl *ReadIn = Here;
    const Expr *Read = Search(*Var, D, *Here);
    // Up the calls that lead to the map, innermost call first.
    for (auto It = Holder.Calls.rbegin(); !Read && It != Holder.Calls.rend();
         ++It) {
      const auto *Param = dyn_cast<ParmVarDecl>(Var);
      const FunctionDecl *Caller = Presences.functionOf(**It);
      if (!Param || !Caller ||
          Param->getFunctionScopeIndex() >= (*It)->getNumArgs())
        break;
      Var = argumentBase((*It)->getArg(Param->getFunctionScopeIndex()));
      if (!Var)
        break;
      ReadIn = Caller;
      Read = Search(*Var, **It, *Caller);
    }
    // A map that never copies back leaves the host's data stale after
    // the function that holds it returns, too.
    const FunctionDecl *Holding = Presences.functionOf(*Holder.Item.Directive);
    bool AfterRegion = false;
    if (!Read && !Holder.Item.copiesBack() && Holding) {
      Read = readInCallers(Var, *Holding, Search, /*Depth=*/0);
      AfterRegion = Read != nullptr;
    } else if (Read && ReadIn == Holding) {
      AfterRegion = afterRegion(Holder.Item, *Read);
    }
    if (Read && Reported.insert(Read).second)
      reportStaleRead(VA, *Write, Holder.Item, *Read, *Var,
                      AfterRegion && isa<OMPTargetDataDirective>(
                                         Holder.Item.Directive));
  }
}

/// True when Read, in the function of Holder's directive, comes after the
/// end of the directive's region.
bool TargetLoopAudit::afterRegion(const MapItem &Holder,
                                  const Expr &Read) const {
  if (!Holder.Directive->hasAssociatedStmt())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isBeforeInTranslationUnit(
      SM.getExpansionLoc(Holder.Directive->getAssociatedStmt()->getEndLoc()),
      SM.getExpansionLoc(Read.getBeginLoc()));
}

/// The first stale read of parameter Var of F after a call of F, in the
/// callers (and theirs, a few calls up), with Var set to the variable read.
const Expr *TargetLoopAudit::readInCallers(
    const VarDecl *&Var, const FunctionDecl &F,
    llvm::function_ref<const Expr *(const VarDecl &, const Stmt &,
                                    const FunctionDecl &)>
        Search,
    unsigned Depth) const {
  const auto *Param = dyn_cast<ParmVarDecl>(Var);
  if (!Param || Depth >= MaxCallerDepth)
    return nullptr;
  for (const CallExpr *Call : Presences.callsOf(F)) {
    const FunctionDecl *Caller = Presences.functionOf(*Call);
    const VarDecl *Arg =
        Param->getFunctionScopeIndex() < Call->getNumArgs()
            ? argumentBase(Call->getArg(Param->getFunctionScopeIndex()))
            : nullptr;
    if (!Caller || !Arg)
      continue;
    const Expr *Read = Search(*Arg, *Call, *Caller);
    if (!Read)
      Read = readInCallers(Arg, *Caller, Search, Depth + 1);
    if (Read) {
      Var = Arg;
      return Read;
    }
  }
  return nullptr;
}

void TargetLoopAudit::reportStaleRead(const VariableAccesses &VA,
                                      const Access &Write,
                                      const MapItem &Holder, const Expr &Read,
                                      const VarDecl &ReadVar,
                                      bool AfterRegion) {
  std::string Name = VA.Var->getName().str();
  std::string Update = "#pragma omp target update from(" +
                       text(Holder.Item) + ")";
  // After a `target data` region ends an update comes too late: the
  // region's map must copy back.
  std::string TofromMap = "map(tofrom: " + text(Holder.Item) + ")";
  add(FindingLevel::Error, Rule::AuditLostWrite, Write.Site->getBeginLoc(),
      "'" + Name + "' is written on the device here, but '" +
          text(Holder.Item) + "' is mapped '" +
          getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_map, Holder.Type) +
          "' at line " + std::to_string(line(Holder.Item->getBeginLoc())) +
          (Holder.copiesBack()
               ? ", which copies it back only when its region ends"
               : ", which never copies it back") +
          ", and the host reads '" + text(&Read) + "' at line " +
          std::to_string(line(Read.getBeginLoc())) +
          (AfterRegion
               ? ", after the region ends: the host reads stale data; "
                 "use '" + TofromMap + "' there"
               : " with no 'target update from' before: the host reads "
                 "stale data; add '" + Update + "' before the read"),
      {Name, "from_device", "", AfterRegion ? TofromMap : Update},
      Read.getBeginLoc(), "the host reads '" + ReadVar.getName() + "' here");
}

/// A section too small is an error wherever it is mapped; one too large
/// only on the construct (an enclosing region serves other constructs too).
void TargetLoopAudit::compareSections(const MapItem &Item, bool Own,
                                      const VariablePlan &Accessed,
                                      const Polynomial &ElementSize) {
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
            "device; map '" + Accessed.Section + "'",
        {Name, "", "",
         "map(" +
             std::string(getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_map,
                                                       Item.Type)) +
             ": " + Accessed.Section + ")"});
    return;
  }
  if (!Own || !Below || !Above || (*Below == 0 && *Above == 0))
    return;
  std::string Extra = ((*Length - *Accessed.Length) * ElementSize).str();
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

} // namespace

AuditResult auditFile(ASTContext &Ctx) {
  PresenceAnalysis Presences(Ctx);
  TargetFinder Finder(Ctx.getSourceManager());
  Finder.TraverseAST(Ctx);
  AuditResult Result;
  for (const OMPExecutableDirective *D : Finder.Found) {
    TargetLoopAudit Audit(*D, Ctx, Presences);
    std::vector<AuditFinding> Found = Audit.run();
    if (!Audit.NotAnalysed.empty())
      ++Result.Tally.NotAnalysed[Audit.NotAnalysed];
    else if (llvm::any_of(Found, [](const AuditFinding &F) {
               return F.Level != FindingLevel::Note;
             }))
      ++Result.Tally.WithFindings;
    else
      ++Result.Tally.Clean;
    llvm::append_range(Result.Findings, std::move(Found));
  }
  return Result;
}

} // namespace ownmap
