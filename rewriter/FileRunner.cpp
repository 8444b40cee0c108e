//===- FileRunner.cpp - run the ownmap action over many inputs at once ----===//
#include "FileRunner.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/thread.h"
#include <mutex>

using namespace clang;

namespace ownmap {
namespace {

/// One input's results and the text of its diagnostics.
struct FileRun {
  RewriteResults Results;
  std::string Messages;
  bool Failed = false;
};

/// Sends the compiler's closing count ("2 errors generated.", written to
/// stderr by default) to the stream that gets the diagnostics.
class CountsToStream : public WrapperFrontendAction {
public:
  CountsToStream(std::unique_ptr<FrontendAction> Action, llvm::raw_ostream &OS)
      : WrapperFrontendAction(std::move(Action)), OS(OS) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.setVerboseOutputStream(OS);
    return WrapperFrontendAction::BeginSourceFileAction(CI);
  }

private:
  llvm::raw_ostream &OS;
};

class BufferedFactory : public tooling::FrontendActionFactory {
public:
  BufferedFactory(RewriteResults &Results, const RewriteOptions &Options,
                  llvm::raw_ostream &OS)
      : Inner(newOwnmapActionFactory(Results, Options)), OS(OS) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<CountsToStream>(Inner->create(), OS);
  }

private:
  std::unique_ptr<tooling::FrontendActionFactory> Inner;
  llvm::raw_ostream &OS;
};

FileRun runOne(const tooling::CompilationDatabase &Compilations,
               const std::string &Input, const RunSettings &Settings,
               bool Colors) {
  FileRun Run;
  llvm::raw_string_ostream OS(Run.Messages);
  OS.enable_colors(Colors);
  llvm::SmallString<256> Absolute(Input);
  llvm::sys::fs::make_absolute(Absolute);
  if (Compilations.getCompileCommands(Absolute).empty()) {
    OS << "ownmap-rewrite: error: no compile command for '" << Input
       << "' in the compilation database\n";
    Run.Failed = true;
    return Run;
  }
  auto DiagOpts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = Colors;
  DiagOpts->ShowOptionNames = true; // "[-Wfoo]", as clang prints by default
  TextDiagnosticPrinter Printer(OS, DiagOpts.get());
  // A file system of its own: the tool moves to the compile command's
  // working directory, which must not move the other jobs.
  tooling::ClangTool Tool(Compilations, {Input},
                          std::make_shared<PCHContainerOperations>(),
                          llvm::vfs::createPhysicalFileSystem());
  Tool.appendArgumentsAdjuster(Settings.Flags);
  Tool.setDiagnosticConsumer(&Printer);
  Tool.setPrintErrorMessage(false);
  BufferedFactory Factory(Run.Results, Settings.Options, OS);
  Run.Failed = Tool.run(&Factory) != 0 || Run.Results.HadErrors;
  return Run;
}

/// The stack of the thread that processes one input.
constexpr unsigned DeepStackBytes = 512u << 20;

/// Runs Work(I) for each I < N, Jobs at a time, each on a thread of its
/// own with a deep stack: clang's parser, the AST walks clang offers and
/// some of ours recurse once per level of an expression; generated code
/// nests tens of thousands of levels (the stack is reserved, not committed:
/// pages are used only as deep as the walks go).
void forEachDeep(size_t N, unsigned Jobs,
                 llvm::function_ref<void(size_t)> Work) {
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (size_t I = 0; I < N; ++I)
    Pool.async([Work, I] {
      llvm::thread Deep(std::optional<unsigned>(DeepStackBytes),
                        [Work, I] { Work(I); });
      Deep.join();
    });
  Pool.wait();
}

/// Records the calls of each parsed file in Index; files that do not
/// compile record nothing (the audit's own parse reports their errors).
class IndexConsumer : public ASTConsumer {
public:
  IndexConsumer(CallerIndex &Index, DiagnosticsEngine &Diags)
      : Index(Index), Diags(Diags) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (!Diags.hasErrorOccurred())
      indexCalls(Ctx, Index);
  }

private:
  CallerIndex &Index;
  DiagnosticsEngine &Diags;
};

class IndexAction : public ASTFrontendAction {
public:
  explicit IndexAction(CallerIndex &Index) : Index(Index) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return std::make_unique<IndexConsumer>(Index, CI.getDiagnostics());
  }

private:
  CallerIndex &Index;
};

class IndexFactory : public tooling::FrontendActionFactory {
public:
  explicit IndexFactory(CallerIndex &Index) : Index(Index) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<IndexAction>(Index);
  }

private:
  CallerIndex &Index;
};

CallerIndex indexOne(const tooling::CompilationDatabase &Compilations,
                     const std::string &File, const RunSettings &Settings) {
  CallerIndex Index;
  tooling::ClangTool Tool(Compilations, {File},
                          std::make_shared<PCHContainerOperations>(),
                          llvm::vfs::createPhysicalFileSystem());
  Tool.appendArgumentsAdjuster(Settings.Flags);
  IgnoringDiagConsumer Quiet;
  Tool.setDiagnosticConsumer(&Quiet);
  Tool.setPrintErrorMessage(false);
  IndexFactory Factory(Index);
  Tool.run(&Factory);
  return Index;
}

void append(RewriteResults &To, RewriteResults &&From) {
  for (RewriteResults::File &File : From.Files)
    if (llvm::none_of(To.Files, [&](const RewriteResults::File &Seen) {
          return Seen.Path == File.Path;
        }))
      To.Files.push_back(std::move(File));
  llvm::append_range(To.Findings.Loops, From.Findings.Loops);
  llvm::append_range(To.Findings.Regions, From.Findings.Regions);
  llvm::append_range(To.Findings.Findings, From.Findings.Findings);
  if (From.Findings.Audit) {
    if (!To.Findings.Audit)
      To.Findings.Audit.emplace();
    To.Findings.Audit->add(*From.Findings.Audit);
  }
  To.HadErrors |= From.HadErrors;
}

} // namespace

RunOutcome runOnFiles(const tooling::CompilationDatabase &Compilations,
                      llvm::ArrayRef<std::string> Inputs,
                      const RunSettings &Settings,
                      llvm::raw_ostream &Messages) {
  std::vector<FileRun> Runs(Inputs.size());
  bool Colors = Messages.has_colors();
  std::string Total = std::to_string(Inputs.size());
  llvm::StringRef Verb = Settings.Options.Audit ? "auditing" : "rewriting";
  std::mutex Lock; // guards Messages and Done
  size_t Done = 0;
  forEachDeep(Inputs.size(), Settings.Jobs, [&](size_t I) {
    Runs[I] = runOne(Compilations, Inputs[I], Settings, Colors);
    std::lock_guard<std::mutex> Guard(Lock);
    std::string Block;
    if (Settings.Progress)
      Block = "[" + std::to_string(++Done) + "/" + Total + "] " + Verb.str() +
              " " + Inputs[I] + "\n";
    Messages << Block + Runs[I].Messages;
    Messages.flush();
  });
  RunOutcome Outcome;
  for (size_t I = 0; I < Inputs.size(); ++I) {
    if (Runs[I].Failed)
      Outcome.Failed.push_back(Inputs[I]);
    append(Outcome.Results, std::move(Runs[I].Results));
  }
  return Outcome;
}

CallerIndex indexCallers(const tooling::CompilationDatabase &Compilations,
                         llvm::ArrayRef<std::string> Files,
                         const RunSettings &Settings) {
  std::vector<CallerIndex> Found(Files.size());
  forEachDeep(Files.size(), Settings.Jobs, [&](size_t I) {
    Found[I] = indexOne(Compilations, Files[I], Settings);
  });
  CallerIndex Index;
  for (CallerIndex &One : Found)
    Index.add(std::move(One));
  return Index;
}

} // namespace ownmap
