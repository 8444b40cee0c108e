//===- OwnmapAction.cpp - run the analyses over each kernel of a file ----===//
#include "OwnmapAction.h"
#include "Annotations.h"
#include "ArrayParameters.h"
#include "Audit.h"
#include "CostRemarks.h"
#include "DataRegion.h"
#include "Diagnostics.h"
#include "EarlierWrites.h"
#include "ExclusivityChecks.h"
#include "Escape.h"
#include "AssumedFacts.h"
#include "Facts.h"
#include "HostFallback.h"
#include "KernelRewrite.h"
#include "LengthSnapshots.h"
#include "LineDirectives.h"
#include "LoopGlobals.h"
#include "LoopPlanner.h"
#include "MapInference.h"
#include "NestingDepth.h"
#include "PointerViews.h"
#include "Report.h"
#include "SerialLoops.h"
#include "StructFields.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include <map>
#include <tuple>

using namespace clang;

namespace ownmap {
namespace {

class KernelConsumer : public ASTConsumer {
public:
  KernelConsumer(RewriteResults &Results, DiagnosticsEngine &Diags,
                 const RewriteOptions &Options, Preprocessor &PP)
      : Results(Results), Diags(Diags), Options(Options),
        Macros([&PP](llvm::StringRef Name) { return macroText(PP, Name); }) {}

  void HandleTranslationUnit(ASTContext &Ctx) override;

private:
  RewriteResults &Results;
  DiagnosticsEngine &Diags;
  const RewriteOptions &Options;
  /// The file's object-like macros, for OM_FACT.
  MacroText Macros;

  static std::optional<std::string> macroText(Preprocessor &PP,
                                              llvm::StringRef Name) {
    const MacroInfo *Macro = PP.getMacroInfo(PP.getIdentifierInfo(Name));
    if (!Macro || Macro->isFunctionLike())
      return std::nullopt;
    std::string Text;
    for (const Token &T : Macro->tokens())
      Text += PP.getSpelling(T) + " ";
    return Text;
  }

  void audit(ASTContext &Ctx);

  /// Reports E as diagnostics and as findings.
  void fail(llvm::Error E) {
    Results.HadErrors = true;
    const SourceManager &SM = Diags.getSourceManager();
    E = llvm::handleErrors(
        std::move(E), [&](std::unique_ptr<SourceError> SE) -> llvm::Error {
          Results.Findings.addFinding(FindingLevel::Error, SE->TheRule,
                                      SE->Message, SE->Loc, SM, SE->Details);
          if (SE->NoteLoc.isValid())
            Results.Findings.addFinding(FindingLevel::Note, SE->TheRule,
                                        SE->Note, SE->NoteLoc, SM,
                                        SE->Details);
          return llvm::Error(std::move(SE));
        });
    reportErrors(std::move(E), Diags);
  }
  void warn(Rule R, SourceLocation Loc, const llvm::Twine &Message) {
    Results.Findings.addFinding(FindingLevel::Warning, R, Message.str(), Loc,
                                Diags.getSourceManager());
    reportWarning(Loc, Message, Diags);
  }
  /// Reports what the rewriter gave up, and why: remarks, or errors with
  /// --cost-errors.
  /// A note for the report only (one a kernel would crowd the terminal).
  void reportNote(const CostRemark &R) {
    Results.Findings.addFinding(FindingLevel::Note, R.TheRule, R.Message,
                                R.Loc, Diags.getSourceManager());
  }

  void reportCosts(llvm::ArrayRef<CostRemark> Remarks) {
    for (const CostRemark &R : Remarks) {
      FindingLevel Level =
          Options.CostErrors ? FindingLevel::Error : FindingLevel::Note;
      Results.Findings.addFinding(Level, R.TheRule, R.Message, R.Loc,
                                  Diags.getSourceManager());
      if (!Options.CostErrors) {
        reportRemark(R.Loc, R.Message, Diags);
        continue;
      }
      Results.HadErrors = true;
      reportErrors(sourceError(R.TheRule, R.Loc, R.Message), Diags);
    }
  }
  void adviseOnInOut(const KernelAnnotations &Annotations,
                     llvm::ArrayRef<PlannedLoop> Loops);
  void rewriteKernel(const FunctionDecl &Kernel, RewriteResults::File &File);
  /// Globals that the file's rewritten loops map and that are to be made
  /// `declare target link`, each once.
  llvm::SetVector<const VarDecl *> ToLink;
};

/// Fails when a global that Loop's directive or update names has the name
/// of a local that keeps a struct field (StructFields.h), which would hide
/// it there. (One the kernel names itself is refused with the locals.)
static llvm::Error checkNoFieldLocalHides(const PlannedLoop &Loop,
                                          const FieldLocals &Fields) {
  for (const LoopGlobal &G : Loop.Plan.Globals)
    if (llvm::is_contained(Fields.Names, G.Global->getName()))
      return sourceError(Rule::LoopUnsupported, Loop.Site.Loop->getForLoc(),
                         "cannot offload: the loop's functions read global '" +
                             G.Global->getName() +
                             "', which the local of that name that keeps a "
                             "struct field would hide at the loop; rename "
                             "the global");
  return llvm::Error::success();
}

/// The transfer-elision facts of every loop (Facts.h).
static void placeFacts(llvm::MutableArrayRef<PlannedLoop> Loops,
                       llvm::ArrayRef<DataRegion> Regions, ASTContext &Ctx) {
  for (size_t K = 0; K < Loops.size(); ++K) {
    const DataRegion *Around = nullptr;
    for (const DataRegion &Region : Regions)
      if (Region.First <= K && K <= Region.Last)
        Around = &Region;
    Loops[K].Facts = readsOnlyFacts(Loops[K], Around, Ctx);
  }
}

/// The lines that open the kernel's body: its struct parameters' fields
/// (StructFields.h), the checks of its OM_FACTs (StatedFacts.h) and the
/// OM_LEN counts at entry (LengthSnapshots.h) that
/// a loop maps.
static std::vector<std::string>
entryDeclarations(const KernelAnnotations &Annotations,
                  const FieldLocals &Fields,
                  llvm::ArrayRef<PlannedLoop> Loops) {
  std::vector<std::string> Lines = Fields.Declarations;
  if (!Loops.empty())
    for (const StatedFact &Fact : Annotations.Facts)
      if (!Fact.Assumed)
        Lines.push_back(factCheck(*Annotations.Kernel, Fact));
  for (const ParmVarDecl *P : Annotations.Kernel->parameters()) {
    const ParamAnnotation *PA = Annotations.lookup(P);
    bool Mapped = llvm::any_of(Loops, [&](const PlannedLoop &Loop) {
      return llvm::any_of(Loop.Plan.Variables, [&](const VariablePlan &V) {
        return V.Var == P && V.LengthSnapshot;
      });
    });
    if (PA && PA->LengthSnapshot && Mapped)
      Lines.push_back(snapshotDeclaration(*PA));
  }
  return Lines;
}

/// A line to insert after a loop, with the indentation of IndentOf.
struct LineAfter {
  std::string Text;
  SourceLocation IndentOf;
};

/// The declarations that open the kernel's Body, the directive of every
/// loop, with its checks and facts before it and the facts' withdrawal
/// after it, and the braces, directives and updates of every data region
/// around them.
static llvm::Error addEdits(const FunctionDecl &Kernel,
                            llvm::ArrayRef<std::string> EntryLines,
                            const std::optional<KernelGuard> &Guard,
                            bool LineDirectives,
                            llvm::ArrayRef<PlannedLoop> Loops,
                            llvm::ArrayRef<DataRegion> Regions,
                            ASTContext &Ctx, tooling::Replacements &Edits) {
  const SourceManager &SM = Ctx.getSourceManager();
  const auto &Body = *cast<CompoundStmt>(Kernel.getBody());
  // Lines to insert before a statement, in order, keyed by its location;
  // after a loop, in order: its own, then a region's closing brace.
  llvm::MapVector<SourceLocation, std::vector<std::string>> Before;
  llvm::MapVector<const Stmt *, std::vector<LineAfter>> After;
  SourceLocation First = Body.body_front()->getBeginLoc();
  if (!EntryLines.empty() || Guard) {
    if (First.isMacroID() || !startsLine(First, SM))
      return sourceError(
          Rule::RewritePlacement, SM.getExpansionLoc(First),
          "cannot declare the kernel's entry values (struct fields, OM_LEN "
          "counts, run-time conditions): the kernel's first statement does "
          "not start its line; put it on a line of its own");
    if (Guard)
      Before[First].push_back(Guard->opening());
    llvm::append_range(Before[First], EntryLines);
  }
  // Braces around a loop that is the whole body of another open before
  // anything that goes before it, and close after everything after it.
  for (const PlannedLoop &Loop : Loops)
    if (Loop.Site.WrapInBraces)
      Before[Loop.Site.Loop->getForLoc()].push_back("{");
  // A view declared before a loop gets its value again at the top of its
  // body, which may need braces: their closing one ends the loop.
  for (const PlannedLoop &Loop : Loops) {
    if (Loop.Plan.ViewsBeforeLoop.empty())
      continue;
    std::vector<std::string> Declarations;
    for (const VarDecl *View : Loop.Plan.ViewsBeforeLoop)
      Declarations.push_back(viewAtBodyTop(*View));
    auto Top = declareAtBodyTop(*Loop.Site.Loop, llvm::join(Declarations, " "),
                                SM, Ctx.getLangOpts());
    if (!Top)
      return Top.takeError();
    if (auto E = Edits.add(Top->Opening))
      return E;
    if (Top->NeedsClosingBrace)
      After[Loop.Site.Loop].push_back({"}", Loop.Site.Loop->getForLoc()});
  }
  for (const PlannedLoop &Loop : Loops)
    if (!Loop.Facts.empty())
      After[Loop.Site.Loop].push_back(
          {factsDone().str(), Loop.Site.Loop->getForLoc()});
  unsigned Returning = 0; // regions with returns so far
  for (const DataRegion &Region : Regions) {
    SourceLocation Start = Region.opening(Loops)->getBeginLoc();
    ReturnEdits Returns;
    if (!Region.Returns.empty()) {
      auto Made = returnEdits(Region.Returns, Kernel, Returning++, Ctx);
      if (!Made)
        return Made.takeError();
      Returns = std::move(*Made);
    }
    for (const tooling::Replacement &Edit : Returns.Replacements)
      if (auto E = Edits.add(Edit))
        return E;
    llvm::append_range(Before[Start], Returns.Before);
    llvm::append_range(Before[Start], Region.Checks);
    Before[Start].push_back(Region.pragma());
    Before[Start].push_back("{");
    for (const TargetUpdate &Update : Region.Updates)
      Before[Update.Before].push_back(Update.pragma());
    const Stmt *End = Region.closing(Loops);
    After[End].push_back({"}", Start});
    for (const std::string &Line : Returns.After)
      After[End].push_back({Line, Start});
  }
  for (const PlannedLoop &Loop : Loops)
    if (Loop.Site.WrapInBraces)
      After[Loop.Site.Loop].push_back({"}", Loop.Site.Loop->getForLoc()});
  for (const PlannedLoop &Loop : Loops) {
    std::vector<std::string> &Lines = Before[Loop.Site.Loop->getForLoc()];
    for (const LoopGlobal &G : Loop.Plan.Globals)
      if (G.How == LoopGlobal::Transfer::Update)
        Lines.push_back("#pragma omp target update to(" +
                        G.Global->getName().str() + ")");
    llvm::append_range(Lines, Loop.Checks);
    llvm::append_range(Lines, Loop.Facts);
    Lines.push_back(Loop.Plan.pragma());
    for (const ParallelInnerLoop &Inner : Loop.Plan.InnerParallel) {
      std::vector<std::string> &Opening = Before[Inner.Loop->getForLoc()];
      std::vector<LineAfter> &Closing = After[Inner.Loop];
      for (const ElementReduction &Element : Inner.Elements) {
        Opening.push_back("{ " + Element.declaration());
        if (auto E = Element.addEdits(SM, Edits))
          return E;
      }
      Opening.push_back(Inner.pragma());
      for (const ElementReduction &Element : llvm::reverse(Inner.Elements))
        Closing.push_back(
            {Element.writeBack() + " }", Inner.Loop->getForLoc()});
    }
  }
  // Around everything else: the kernel as written, for a call where the
  // plan's conditions fail.
  if (Guard)
    After[Body.body_back()].push_back(
        {Guard->closing(std::string(SM.getSpellingColumnNumber(First) - 1, ' '),
                        LineDirectives, Body.body_back()->getEndLoc(), SM),
         First});
  for (const auto &[Loc, Lines] : Before)
    if (auto E = Edits.add(insertLinesBefore(Loc, Lines, SM)))
      return E;
  // Insertions at one offset would conflict: one edit per offset, the
  // lines after an inner statement before those after one around it
  // (which begins earlier).
  struct Insertion {
    unsigned Begin, Order;
    tooling::Replacement Edit;
  };
  std::map<unsigned, std::vector<Insertion>> AtOffset;
  for (const auto &[Loop, Lines] : After)
    for (const LineAfter &Line : Lines) {
      auto Edit = insertLineAfter(*Loop, Line.Text, Line.IndentOf, SM,
                                  Ctx.getLangOpts());
      if (!Edit)
        return Edit.takeError();
      unsigned Begin = SM.getFileOffset(SM.getExpansionLoc(Loop->getBeginLoc()));
      std::vector<Insertion> &Group = AtOffset[Edit->getOffset()];
      Group.push_back({Begin, unsigned(Group.size()), std::move(*Edit)});
    }
  for (auto &[Offset, Group] : AtOffset) {
    llvm::sort(Group, [](const Insertion &A, const Insertion &B) {
      return std::tie(B.Begin, A.Order) < std::tie(A.Begin, B.Order);
    });
    std::string Text;
    for (const Insertion &I : Group)
      Text += I.Edit.getReplacementText().str();
    if (auto E = Edits.add(tooling::Replacement(
            Group.front().Edit.getFilePath(), Offset, 0, Text)))
      return E;
  }
  return llvm::Error::success();
}

void KernelConsumer::rewriteKernel(const FunctionDecl &Kernel,
                                   RewriteResults::File &File) {
  const SourceManager &SM = Kernel.getASTContext().getSourceManager();
  if (Kernel.getLocation().isMacroID())
    return fail(sourceError(Rule::Macro,
                            SM.getExpansionLoc(Kernel.getLocation()),
                            "kernel '" + Kernel.getName() +
                                "' comes from a macro expansion; write it "
                                "out to have it rewritten"));
  if (auto E = checkNestingDepth(*Kernel.getBody()))
    return fail(std::move(E));
  auto Annotations = readKernelAnnotations(Kernel, Macros);
  if (!Annotations)
    return fail(Annotations.takeError());
  auto Fields = expandStructParameters(*Annotations);
  if (!Fields)
    return fail(Fields.takeError());
  // An escape and the loops' own errors are reported together.
  bool Failed = false;
  if (auto E = llvm::joinErrors(checkEscapes(*Annotations),
                                checkScratchShared(*Annotations))) {
    fail(std::move(E));
    Failed = true;
  }
  snapshotChangedLengths(*Annotations);
  std::vector<LoopSite> Sites = findOutermostLoops(*Kernel.getBody());
  // Loops already under a directive (as in the tool's own output) are not
  // worth a warning; a kernel without any loop is.
  if (!containsLoop(*Kernel.getBody()))
    warn(Rule::KernelNoLoop, Kernel.getLocation(),
         "kernel '" + Kernel.getName() + "' has no 'for' loop to offload");
  std::vector<PlannedLoop> Loops;
  std::vector<HostLoop> Host;
  if (auto E = planKernelLoops(*Annotations, Sites, Kernel.getASTContext(),
                               Loops, Host)) {
    fail(std::move(E));
    Failed = true;
  } else {
    assumeLeadingDimensions(*Annotations, Sites, Loops, Host);
  }
  std::vector<Polynomial> Stated = Annotations->statedFacts();
  for (const PlannedLoop &Loop : Loops)
    if (auto E = checkNoFieldLocalHides(Loop, *Fields)) {
      fail(std::move(E));
      Failed = true;
    }
  if (Failed) {
    if (auto E = checkEarlierWriters(Loops))
      fail(std::move(E));
    return;
  }
  reportCosts(hostLoopRemarks(Host, SM));
  reportCosts(serialLoopRemarks(Loops, SM));
  std::vector<DataRegion> Regions =
      planDataRegions(Loops, *Kernel.getBody(), PointerOrigins(*Annotations),
                      Stated, Kernel.getASTContext());
  if (auto E = checkEarlierWrites(Loops, Regions, Stated))
    return fail(std::move(E));
  CallCosts Costs = callCosts(Loops, Regions, Host, Kernel, SM);
  reportCosts(Costs.Copies);
  if (!Loops.empty() || !Host.empty())
    reportNote(Costs.Bytes);
  std::optional<KernelGuard> Guard =
      placeRunTimeConditions(Kernel, Annotations->Facts, Loops);
  if (Guard)
    reportRemark(SM.getExpansionLoc(Kernel.getLocation()),
                 "kernel '" + Kernel.getName() +
                     "': the offloaded loops need " +
                     llvm::join(Guard->Conditions, " and ") +
                     ", checked on entry; a call where that fails runs the "
                     "kernel as written, on the host",
                 Diags);
  placeExclusivityChecks(*Annotations, Loops, Regions);
  placeFacts(Loops, Regions, Kernel.getASTContext());
  if (auto E = addEdits(Kernel,
                        entryDeclarations(*Annotations, *Fields, Loops),
                        Guard, Options.LineDirectives, Loops, Regions,
                        Kernel.getASTContext(), File.Edits))
    return fail(std::move(E));
  for (const tooling::Replacement &Use : Fields->Uses)
    if (auto E = File.Edits.add(Use))
      return fail(std::move(E));
  for (const PlannedLoop &Loop : Loops) {
    for (const LoopGlobal &G : Loop.Plan.Globals)
      if (G.How == LoopGlobal::Transfer::LinkAndMap)
        ToLink.insert(G.Global);
    Results.Findings.addLoop(Loop, Kernel, SM);
  }
  for (const DataRegion &Region : Regions)
    Results.Findings.addRegion(Region, Loops, Kernel, SM);
  adviseOnInOut(*Annotations, Loops);
}

/// Notes for OM_INOUT data that no loop reads (OM_OUT would do) or writes
/// (OM_IN would do), with the bytes one direction of the first loop's map
/// moves for nothing.
void KernelConsumer::adviseOnInOut(const KernelAnnotations &Annotations,
                                   llvm::ArrayRef<PlannedLoop> Loops) {
  const SourceManager &SM = Diags.getSourceManager();
  for (const ParmVarDecl *P : Annotations.Kernel->parameters()) {
    const ParamAnnotation *PA = Annotations.lookup(P);
    if (!PA || *PA->Kind != Ownership::InOut)
      continue;
    const VariablePlan *First = nullptr;
    bool Read = false, Written = false;
    for (const PlannedLoop &Loop : Loops)
      for (const VariablePlan &V : Loop.Plan.Variables)
        if (V.Var == P) {
          First = First ? First : &V;
          Read |= V.FirstRead.isValid();
          Written |= V.FirstWrite.isValid();
        }
    if (!First || (Read && Written) || !First->Length)
      continue;
    std::string Bytes =
        (*First->Length * pointeeBytes(*P)).str(First->BoundsType);
    std::string Name = P->getName().str();
    /// The one direction the map moves for nothing, and what would not.
    struct Advice {
      Rule Id;
      const char *Never, *Better, *Direction, *Saved;
    };
    const Advice A =
        !Read ? Advice{Rule::AdviceInOutNeverRead, "read", "OM_OUT",
                       "host->device", "to_device"}
              : Advice{Rule::AdviceInOutNeverWritten, "written", "OM_IN",
                       "device->host", "from_device"};
    Results.Findings.addFinding(
        FindingLevel::Note, A.Id,
        "'" + Name + "' is annotated OM_INOUT but never " + A.Never +
            " on the device: " + A.Better + " would save " + Bytes +
            " bytes " + A.Direction,
        PA->KindLoc, SM, {Name, A.Saved, Bytes, A.Better});
  }
}

void KernelConsumer::HandleTranslationUnit(ASTContext &Ctx) {
  // A translation unit with compile errors has no reliable AST; the driver
  // sees the failure and writes nothing.
  if (Diags.hasErrorOccurred())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main)
    return;
  std::string Path = Main->getName().str();
  for (const RewriteResults::File &Seen : Results.Files)
    if (Seen.Path == Path)
      return; // a second compile command for the same file
  RewriteResults::File File{Path, SM.getBufferData(SM.getMainFileID()).str(),
                            {}};
  if (Options.Audit) {
    audit(Ctx);
    Results.Files.push_back(std::move(File));
    return;
  }
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody() || !isKernel(*FD) ||
        !SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      continue;
    rewriteKernel(*FD, File);
  }
  if (auto E = linkGlobals(ToLink.getArrayRef(), Ctx, File.Edits))
    fail(std::move(E));
  if (Options.LineDirectives) {
    auto WithLines = addLineDirectives(File.Edits, SM, SM.getMainFileID());
    if (!WithLines)
      fail(WithLines.takeError());
    else
      File.Edits = std::move(*WithLines);
  }
  Results.Files.push_back(std::move(File));
}

/// Audit findings become diagnostics (errors and warnings) and report
/// findings under their own rules.
void KernelConsumer::audit(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  AuditResult Audited = auditFile(Ctx, Options.Callers);
  if (!Results.Findings.Audit)
    Results.Findings.Audit.emplace();
  Results.Findings.Audit->add(Audited.Tally);
  for (const AuditFinding &F : Audited.Findings) {
    Results.Findings.addFinding(F.Level, F.TheRule, F.Message, F.Loc, SM,
                                F.Details);
    if (F.NoteLoc.isValid())
      Results.Findings.addFinding(FindingLevel::Note, F.TheRule, F.Note,
                                  F.NoteLoc, SM, F.Details);
    switch (F.Level) {
    case FindingLevel::Error:
      Results.HadErrors = true;
      reportErrors(sourceError(F.TheRule, F.Loc, F.Message, F.NoteLoc, F.Note),
                   Diags);
      break;
    case FindingLevel::Warning:
      reportWarning(F.Loc, F.Message, Diags, F.NoteLoc, F.Note);
      break;
    case FindingLevel::Note:
      reportRemark(F.Loc, F.Message, Diags);
      break;
    }
  }
}

class KernelAction : public ASTFrontendAction {
public:
  KernelAction(RewriteResults &Results, const RewriteOptions &Options)
      : Results(Results), Options(Options) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(Results, CI.getDiagnostics(),
                                            Options, CI.getPreprocessor());
  }

private:
  RewriteResults &Results;
  const RewriteOptions &Options;
};

class KernelActionFactory : public tooling::FrontendActionFactory {
public:
  KernelActionFactory(RewriteResults &Results, const RewriteOptions &Options)
      : Results(Results), Options(Options) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<KernelAction>(Results, Options);
  }

private:
  RewriteResults &Results;
  RewriteOptions Options;
};

} // namespace

std::unique_ptr<tooling::FrontendActionFactory>
newOwnmapActionFactory(RewriteResults &Results, const RewriteOptions &Options) {
  return std::make_unique<KernelActionFactory>(Results, Options);
}

} // namespace ownmap
