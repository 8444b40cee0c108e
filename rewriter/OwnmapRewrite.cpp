//===- OwnmapRewrite.cpp - ownmap-rewrite driver --------------------------===//
//
// Rewrites annotated C into OpenMP offload C: each outermost `for` loop of an
// OM_KERNEL function gets a `#pragma omp target teams distribute parallel
// for` directive with the map clauses its annotations and accesses call for.
// Output goes to stdout, to -o FILE, or back into the inputs with -i; when
// any input has an error nothing at all is written. Inputs are processed
// in parallel (-j), each input's messages printed whole.
//
//===----------------------------------------------------------------------===//
#include "FileRunner.h"
#include "OutputFile.h"
#include "OwnmapAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang::tooling;
using namespace llvm;

static cl::OptionCategory OwnmapCategory("ownmap-rewrite options");

static cl::opt<std::string>
    OutputFile("o", cl::desc("Write the rewritten file to <file> (one input)"),
               cl::value_desc("file"), cl::cat(OwnmapCategory));
static cl::opt<bool> InPlace("i", cl::desc("Rewrite the input files in place"),
                             cl::cat(OwnmapCategory));
static cl::opt<std::string>
    OutDir("out-dir",
           cl::desc("Write each rewritten input to <dir>/<its file name> "
                    "(created if missing)"),
           cl::value_desc("dir"), cl::cat(OwnmapCategory));
static cl::opt<std::string>
    ReportFile("report",
               cl::desc("Write a text report of every offloaded loop: maps, "
                        "annotations, evidence and reasons"),
               cl::value_desc("file"), cl::cat(OwnmapCategory));
static cl::opt<ownmap::ReportFormat> ReportFormat(
    "report-format", cl::desc("Format of the --report file"),
    cl::values(clEnumValN(ownmap::ReportFormat::Text, "text",
                          "text, one block per loop and data region "
                          "(default)"),
               clEnumValN(ownmap::ReportFormat::JSON, "json",
                          "JSON, schema ownmap-rewrite-report/1"),
               clEnumValN(ownmap::ReportFormat::SARIF, "sarif",
                          "SARIF 2.1.0, one result per finding")),
    cl::init(ownmap::ReportFormat::Text), cl::cat(OwnmapCategory));
static cl::opt<bool> Audit(
    "audit",
    cl::desc("Check the map clauses of the target loop constructs already in "
             "the inputs instead of rewriting; writes no code; exit status 1 "
             "when a finding is an error. With several inputs or -p, a kernel "
             "is judged with its callers in the other files (with -p, every "
             "file of the database)"),
    cl::cat(OwnmapCategory));
static cl::opt<bool> NoLineDirectives(
    "no-line-directives",
    cl::desc("Do not add the #line directives that make the compiler name "
             "the original file and lines (-i never adds them)"),
    cl::cat(OwnmapCategory));
static cl::opt<bool> CostErrors(
    "cost-errors",
    cl::desc("Make every remark about cost an error (a loop left on the "
             "host, an array copied more than once a kernel call): for a "
             "guarantee that each call moves its arrays once"),
    cl::cat(OwnmapCategory));
// Hidden, for the test that a finding's rule and fields never depend on
// its wording (test/rewriter/rule-ids-reworded.test).
static cl::opt<bool> RewordFindings(
    "reword-findings-for-test",
    cl::desc("Replace the text of every report finding before the report is "
             "formatted"),
    cl::Hidden, cl::cat(OwnmapCategory));
static cl::opt<unsigned>
    Jobs("j",
         cl::desc("Process <n> inputs at a time (default: one per core)"),
         cl::value_desc("n"), cl::init(0), cl::Prefix,
         cl::cat(OwnmapCategory));
static cl::opt<std::string> ResourceDir(
    "resource-dir",
    cl::desc("clang resource directory with the builtin headers (default: "
             OWNMAP_DEFAULT_RESOURCE_DIR ")"),
    cl::init(OWNMAP_DEFAULT_RESOURCE_DIR), cl::value_desc("dir"),
    cl::cat(OwnmapCategory));

static cl::extrahelp CommonHelp(CommonOptionsParser::HelpMessage);
static cl::extrahelp MoreHelp(R"(
Each outermost 'for' loop of an OM_KERNEL function gets an OpenMP target
directive with map clauses inferred from OM_IN/OM_INOUT/OM_OUT/OM_SCRATCH/
OM_LEN. The result goes to stdout unless -o or -i is given; if any input has
an error, nothing is written and the exit status is 1. With several inputs
(e.g. with -p, the files of a compilation database) they are processed in
parallel and a progress line "[k/N] rewriting FILE" precedes the messages of
each.

Example: ownmap-rewrite saxpy.c -o saxpy.omp.c --report=saxpy.txt --
)");

static int fail(const Twine &Message) {
  WithColor::error(errs(), "ownmap-rewrite") << Message << "\n";
  return 1;
}

/// Flags every parse needs: OpenMP (so existing directives are in the AST),
/// clang's builtin headers, and ownmap.h next to the tool (<prefix>/include,
/// or build/include in the build tree). Inserted first, so that the
/// compilation's own flags can override them.
static ArgumentsAdjuster ownmapFlags(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&ownmapFlags);
  SmallString<256> Include(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Include, "include");
  CommandLineArguments Flags = {"-fopenmp", "-resource-dir=" + ResourceDir,
                                "-isystem", std::string(Include)};
  return getInsertArgumentAdjuster(Flags, ArgumentInsertPosition::BEGIN);
}

/// The rewritten text of every input, or the first edit that does not apply.
static Expected<std::vector<std::string>>
rewrittenTexts(const ownmap::RewriteResults &Results) {
  std::vector<std::string> Texts;
  for (const auto &File : Results.Files) {
    auto Text = applyAllReplacements(File.Original, File.Edits);
    if (!Text)
      return Text.takeError();
    Texts.push_back(std::move(*Text));
  }
  return Texts;
}

/// Where --out-dir puts the rewritten text of Input.
static std::string outDirPath(StringRef Input) {
  SmallString<256> Path(OutDir);
  sys::path::append(Path, sys::path::filename(Input));
  return std::string(Path);
}

/// Writes every rewritten input at once (ownmap::writeOutputFiles): with -i
/// and --out-dir, no file is replaced unless all could be written.
static int writeOutputs(const ownmap::RewriteResults &Results) {
  auto Texts = rewrittenTexts(Results);
  if (!Texts)
    return fail(toString(Texts.takeError()));
  if (!OutDir.empty())
    if (std::error_code EC = sys::fs::create_directories(OutDir))
      return fail("cannot create --out-dir '" + OutDir + "': " + EC.message());
  std::vector<ownmap::OutputText> Outputs;
  for (size_t I = 0; I < Texts->size(); ++I) {
    const auto &File = Results.Files[I];
    std::string &Text = (*Texts)[I];
    if (!OutputFile.empty())
      Outputs.push_back({OutputFile, std::move(Text)});
    else if (!OutDir.empty())
      Outputs.push_back({outDirPath(File.Path), std::move(Text)});
    else if (InPlace && Text != File.Original)
      Outputs.push_back({File.Path, std::move(Text)});
    else if (!InPlace)
      Outputs.push_back({"-", std::move(Text)});
  }
  if (Error E = ownmap::writeOutputFiles(Outputs))
    return fail(toString(std::move(E)));
  return 0;
}

/// The report is written even when there are errors, so that editors can
/// show them.
static int writeReport(const ownmap::RewriteResults &Results) {
  if (ReportFile.empty())
    return 0;
  ownmap::Report Findings = Results.Findings;
  if (RewordFindings)
    for (size_t I = 0; I < Findings.Findings.size(); ++I)
      Findings.Findings[I].Message = "reworded finding " + std::to_string(I);
  if (Error E = ownmap::writeOutputFiles(
          {{ReportFile, ownmap::formatReport(Findings, ReportFormat)}}))
    return fail(toString(std::move(E)));
  return 0;
}

/// Sources without repetitions (by absolute path), in their order.
static std::vector<std::string>
uniqueInputs(const std::vector<std::string> &Sources) {
  StringSet<> Seen;
  std::vector<std::string> Inputs;
  for (const std::string &Source : Sources) {
    SmallString<256> Absolute(Source);
    sys::fs::make_absolute(Absolute);
    sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
    if (Seen.insert(Absolute).second)
      Inputs.push_back(Source);
  }
  return Inputs;
}

static void printVersion(raw_ostream &OS) {
  OS << "ownmap-rewrite " OWNMAP_VERSION_STRING "\n";
}

int main(int argc, const char **argv) {
  cl::SetVersionPrinter(printVersion);
  auto Parser = CommonOptionsParser::create(argc, argv, OwnmapCategory,
                                            cl::OneOrMore);
  if (!Parser) {
    errs() << toString(Parser.takeError());
    return 1;
  }
  for (const std::string &Source : Parser->getSourcePathList())
    if (!sys::fs::is_regular_file(Source))
      return fail("cannot read input file '" + Source + "'");
  std::vector<std::string> Inputs = uniqueInputs(Parser->getSourcePathList());
  int Destinations = !OutputFile.empty() + InPlace + !OutDir.empty();
  if (Audit && Destinations != 0)
    return fail("--audit writes no code: -o, -i and --out-dir cannot be used "
                "with it");
  if (Destinations > 1)
    return fail("only one of -o, -i and --out-dir can be used");
  if (!OutputFile.empty() && Inputs.size() != 1)
    return fail("-o needs exactly one input file");
  if (!OutDir.empty()) {
    StringSet<> Names;
    for (const std::string &Input : Inputs)
      if (!Names.insert(sys::path::filename(Input)).second)
        return fail("two inputs are named '" +
                    sys::path::filename(Input).str() +
                    "': --out-dir would write both to the same file");
  }

  // In place, the rewritten file is the source: its own lines are the ones
  // to name.
  ownmap::RunSettings Settings{{Audit, nullptr, !NoLineDirectives && !InPlace, CostErrors},
                               ownmapFlags(argv[0]),
                               Jobs,
                               Inputs.size() > 1};
  // An audit of several files (or of files of a compilation database)
  // judges a kernel with its callers in the other files.
  ownmap::CallerIndex Callers;
  if (Audit) {
    std::vector<std::string> Indexed = Inputs;
    llvm::append_range(Indexed, Parser->getCompilations().getAllFiles());
    Indexed = uniqueInputs(Indexed);
    if (Indexed.size() > 1) {
      Callers = ownmap::indexCallers(Parser->getCompilations(), Indexed,
                                     Settings);
      Settings.Options.Callers = &Callers;
    }
  }
  ownmap::RunOutcome Outcome = ownmap::runOnFiles(
      Parser->getCompilations(), Inputs, Settings, errs());
  // The last line of an audit: a file whose constructs were not looked at
  // must not pass for clean.
  if (Audit && Outcome.Results.Findings.Audit)
    errs() << "ownmap-rewrite: " << Outcome.Results.Findings.Audit->summary()
           << "\n";
  if (int ReportStatus = writeReport(Outcome.Results))
    return ReportStatus;
  if (Outcome.Failed.empty())
    return Audit ? 0 : writeOutputs(Outcome.Results);
  std::string Summary =
      Inputs.size() == 1
          ? std::string("errors found")
          : "errors in " + std::to_string(Outcome.Failed.size()) + " of " +
                std::to_string(Inputs.size()) + " files (" +
                join(Outcome.Failed, ", ") + ")";
  if (Audit)
    return Inputs.size() == 1 ? 1 : fail(Summary);
  return fail(Summary + "; no code was written");
}
