//===- Report.cpp - the --report file: text, JSON or SARIF ---------------===//
#include "Report.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ownmap {

static ReportLocation locate(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isInvalid())
    return {};
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return {};
  return {P.getFilename(), P.getLine(), P.getColumn()};
}

void Report::addLoop(const PlannedLoop &Loop, const FunctionDecl &Kernel,
                     const SourceManager &SM) {
  const OffloadPlan &Plan = Loop.Plan;
  ReportLoop L{locate(Plan.Loop.Loop->getForLoc(), SM),
               Kernel.getName().str(), Plan.pragma(), {}, {}, Loop.Checks};
  for (const ExclusivityPair &Pair : Loop.Exclusivity)
    L.Exclusivity.push_back({Pair.Exclusive->getName().str(),
                             Pair.Other->getName().str(),
                             Pair.Proven ? "" : Pair.check(), Pair.Why});
  for (const VariablePlan &V : Plan.Variables) {
    ReportVariable RV;
    RV.Name = V.Var->getName().str();
    if (V.Map) {
      RV.Map = mapKeyword(*V.Map).str();
      RV.Section = V.Section;
    }
    if (V.Reduction)
      RV.Reduction = reductionIdentifier(*V.Reduction).str();
    if (V.Annotation) {
      RV.Annotation = macroName(*V.Annotation).str();
      RV.AnnotationLoc = locate(V.AnnotationLoc, SM);
    }
    RV.FirstRead = locate(V.FirstRead, SM);
    RV.FirstWrite = locate(V.FirstWrite, SM);
    RV.Why = V.Reason;
    L.Variables.push_back(std::move(RV));
  }
  Loops.push_back(std::move(L));
}

void Report::addRegion(const DataRegion &Region,
                       llvm::ArrayRef<PlannedLoop> Planned,
                       const FunctionDecl &Kernel, const SourceManager &SM) {
  ReportRegion R{locate(Planned[Region.First].Site.Loop->getForLoc(), SM),
                 locate(Planned[Region.Last].Site.Loop->getForLoc(), SM),
                 Kernel.getName().str(),
                 Region.pragma(),
                 {},
                 {},
                 Region.Checks};
  for (const RegionVariable &V : Region.Variables) {
    ReportVariable RV;
    RV.Name = V.Var->getName().str();
    RV.Map = mapKeyword(V.Map).str();
    RV.Section = V.Section;
    RV.Why = V.Reason;
    R.Variables.push_back(std::move(RV));
  }
  for (const TargetUpdate &U : Region.Updates)
    R.Updates.emplace_back(U.pragma(), locate(U.Before, SM));
  Regions.push_back(std::move(R));
}

void Report::addFinding(FindingLevel Level, Rule R, llvm::StringRef Message,
                        SourceLocation Loc, const SourceManager &SM,
                        FindingDetails Details) {
  Findings.push_back(
      {Level, R, Message.str(), locate(Loc, SM), std::move(Details)});
}

unsigned AuditTally::notAnalysed() const {
  unsigned N = 0;
  for (const auto &[Reason, Count] : NotAnalysed)
    N += Count;
  return N;
}

void AuditTally::add(const AuditTally &Other) {
  Clean += Other.Clean;
  WithFindings += Other.WithFindings;
  for (const auto &[Reason, Count] : Other.NotAnalysed)
    NotAnalysed[Reason] += Count;
}

std::string AuditTally::summary() const {
  std::string Out = std::to_string(total()) +
                    (total() == 1 ? " target construct: " : " target constructs: ") +
                    std::to_string(Clean) + " clean, " +
                    std::to_string(WithFindings) + " with findings, " +
                    std::to_string(notAnalysed()) + " not analysed";
  if (NotAnalysed.empty())
    return Out;
  std::vector<std::string> Reasons;
  for (const auto &[Reason, Count] : NotAnalysed)
    Reasons.push_back(Reason + ": " + std::to_string(Count));
  return Out + " (" + llvm::join(Reasons, ", ") + ")";
}

static llvm::json::Value jsonTally(const std::optional<AuditTally> &T) {
  if (!T)
    return nullptr;
  llvm::json::Object Reasons;
  for (const auto &[Reason, Count] : T->NotAnalysed)
    Reasons[Reason] = Count;
  return llvm::json::Object{{"target_constructs", T->total()},
                            {"clean", T->Clean},
                            {"with_findings", T->WithFindings},
                            {"not_analysed", T->notAnalysed()},
                            {"not_analysed_reasons", std::move(Reasons)},
                            {"summary", T->summary()}};
}

static llvm::StringRef levelName(FindingLevel L) {
  switch (L) {
  case FindingLevel::Error:
    return "error";
  case FindingLevel::Warning:
    return "warning";
  case FindingLevel::Note:
    return "note";
  }
  llvm_unreachable("unknown level");
}

static std::string where(const ReportLocation &L) {
  if (L.File.empty())
    return "none";
  return L.File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
}

static std::string formatText(const Report &R) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (const ReportLoop &L : R.Loops) {
    OS << "loop " << where(L.Loc) << " in kernel '" << L.Kernel << "'\n";
    OS << "  directive: " << L.Directive << "\n";
    for (const ReportVariable &V : L.Variables) {
      OS << "  variable " << V.Name << "\n";
      OS << "    map: ";
      if (V.Map.empty())
        OS << "none";
      else
        OS << V.Map << " " << V.Section;
      if (!V.Reduction.empty())
        OS << ", reduction(" << V.Reduction << ")";
      OS << "\n    annotation: ";
      if (V.Annotation.empty())
        OS << "none";
      else
        OS << V.Annotation << " at " << where(V.AnnotationLoc);
      OS << "\n    first read: " << where(V.FirstRead) << "\n";
      OS << "    first write: " << where(V.FirstWrite) << "\n";
      OS << "    why: " << V.Why << "\n";
    }
    for (const ReportExclusivity &X : L.Exclusivity)
      OS << "  exclusive " << X.Exclusive << " vs " << X.Other << ": "
         << X.Why << "\n";
    for (const std::string &Check : L.Checks)
      OS << "  check before the directive: " << Check << "\n";
  }
  for (const ReportRegion &G : R.Regions) {
    OS << "data region " << where(G.Begin) << " to " << where(G.End)
       << " in kernel '" << G.Kernel << "'\n";
    OS << "  directive: " << G.Directive << "\n";
    for (const ReportVariable &V : G.Variables) {
      OS << "  variable " << V.Name << "\n";
      OS << "    map: " << V.Map << " " << V.Section << "\n";
      OS << "    why: " << V.Why << "\n";
    }
    for (const auto &[Pragma, Before] : G.Updates)
      OS << "  update: " << Pragma << " before " << where(Before) << "\n";
    for (const std::string &Check : G.Checks)
      OS << "  check before the directive: " << Check << "\n";
  }
  for (const Finding &F : R.Findings)
    OS << where(F.Loc) << ": " << levelName(F.Level) << ": " << F.Message
       << " [" << ruleId(F.TheRule) << "]\n";
  if (R.Audit)
    OS << R.Audit->summary() << "\n";
  return Out;
}

static llvm::json::Value jsonLocation(const ReportLocation &L) {
  if (L.File.empty())
    return nullptr;
  return llvm::json::Object{
      {"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

static llvm::json::Value orNull(const std::string &S) {
  if (S.empty())
    return nullptr;
  return S;
}

/// The fields of a finding's details, as JSON keys. Every key in JSON (null
/// when empty); only the present ones in SARIF properties.
static llvm::json::Object detailFields(const FindingDetails &D,
                                       bool KeepEmpty) {
  llvm::json::Object Fields;
  for (const auto &[Key, Value] :
       {std::pair<const char *, const std::string *>{"variable", &D.Variable},
        {"direction", &D.Direction},
        {"bytes", &D.Bytes},
        {"suggestion", &D.Suggestion}})
    if (KeepEmpty || !Value->empty())
      Fields[Key] = orNull(*Value);
  return Fields;
}

static llvm::json::Value jsonVariable(const ReportVariable &V) {
  return llvm::json::Object{
      {"name", V.Name},
      {"map", orNull(V.Map)},
      {"section", orNull(V.Section)},
      {"reduction", orNull(V.Reduction)},
      {"annotation", orNull(V.Annotation)},
      {"annotation_location", jsonLocation(V.AnnotationLoc)},
      {"first_read", jsonLocation(V.FirstRead)},
      {"first_write", jsonLocation(V.FirstWrite)},
      {"why", V.Why},
  };
}

static std::string formatJSON(const Report &R) {
  llvm::json::Array Loops, Regions, Findings;
  for (const ReportLoop &L : R.Loops) {
    llvm::json::Array Vars;
    for (const ReportVariable &V : L.Variables)
      Vars.push_back(jsonVariable(V));
    llvm::json::Array Exclusivity;
    for (const ReportExclusivity &X : L.Exclusivity)
      Exclusivity.push_back(llvm::json::Object{
          {"exclusive", X.Exclusive},
          {"other", X.Other},
          {"check", X.Check.empty() ? llvm::json::Value(nullptr)
                                    : llvm::json::Value(X.Check)},
          {"why", X.Why}});
    Loops.push_back(llvm::json::Object{{"location", jsonLocation(L.Loc)},
                                       {"kernel", L.Kernel},
                                       {"directive", L.Directive},
                                       {"variables", std::move(Vars)},
                                       {"exclusivity", std::move(Exclusivity)},
                                       {"checks", llvm::json::Array(L.Checks)}});
  }
  for (const ReportRegion &G : R.Regions) {
    llvm::json::Array Vars, Updates;
    for (const ReportVariable &V : G.Variables)
      Vars.push_back(jsonVariable(V));
    for (const auto &[Pragma, Before] : G.Updates)
      Updates.push_back(llvm::json::Object{{"directive", Pragma},
                                           {"before", jsonLocation(Before)}});
    Regions.push_back(llvm::json::Object{{"begin", jsonLocation(G.Begin)},
                                         {"end", jsonLocation(G.End)},
                                         {"kernel", G.Kernel},
                                         {"directive", G.Directive},
                                         {"variables", std::move(Vars)},
                                         {"updates", std::move(Updates)},
                                         {"checks", llvm::json::Array(G.Checks)}});
  }
  for (const Finding &F : R.Findings) {
    llvm::json::Object Entry = detailFields(F.Details, /*KeepEmpty=*/true);
    Entry["level"] = levelName(F.Level);
    Entry["rule"] = ruleId(F.TheRule);
    Entry["message"] = F.Message;
    Entry["location"] = jsonLocation(F.Loc);
    Findings.push_back(std::move(Entry));
  }
  llvm::json::Object Root{{"schema", "ownmap-rewrite-report/1"},
                          {"tool", "ownmap-rewrite"},
                          {"version", OWNMAP_VERSION_STRING},
                          {"loops", std::move(Loops)},
                          {"regions", std::move(Regions)},
                          {"findings", std::move(Findings)},
                          {"audit", jsonTally(R.Audit)}};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
  return Out;
}

/// A file path as a SARIF artifact URI: absolute paths as file:// URIs,
/// relative ones as relative references; bytes a URI path may not hold
/// (spaces, '#', '%', non-ASCII, ...) percent-encoded.
static std::string artifactURI(llvm::StringRef Path) {
  std::string URI = llvm::sys::path::is_absolute(Path) ? "file://" : "";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~!$&'()*+,;=:@").contains(C))
      URI += C;
    else
      URI += "%" + llvm::utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return URI;
}

static std::string formatSARIF(const Report &R) {
  llvm::json::Array Rules, Results;
  std::vector<Rule> Seen;
  for (const Finding &F : R.Findings) {
    if (!llvm::is_contained(Seen, F.TheRule)) {
      Seen.push_back(F.TheRule);
      Rules.push_back(llvm::json::Object{
          {"id", ruleId(F.TheRule)},
          {"shortDescription",
           llvm::json::Object{{"text", ruleSummary(F.TheRule)}}}});
    }
    llvm::json::Object Result{{"ruleId", ruleId(F.TheRule)},
                              {"level", levelName(F.Level)},
                              {"message", llvm::json::Object{{"text", F.Message}}}};
    llvm::json::Object Properties = detailFields(F.Details, /*KeepEmpty=*/false);
    if (!Properties.empty())
      Result["properties"] = std::move(Properties);
    if (!F.Loc.File.empty())
      Result["locations"] = llvm::json::Array{llvm::json::Object{
          {"physicalLocation",
           llvm::json::Object{
               {"artifactLocation",
                llvm::json::Object{{"uri", artifactURI(F.Loc.File)}}},
               {"region", llvm::json::Object{{"startLine", F.Loc.Line},
                                             {"startColumn", F.Loc.Column}}}}}}};
    Results.push_back(std::move(Result));
  }
  llvm::json::Object Driver{{"name", "ownmap-rewrite"},
                            {"version", OWNMAP_VERSION_STRING},
                            {"rules", std::move(Rules)}};
  llvm::json::Object Run{
      {"tool", llvm::json::Object{{"driver", std::move(Driver)}}},
      {"results", std::move(Results)}};
  if (R.Audit)
    Run["properties"] = llvm::json::Object{{"audit", jsonTally(R.Audit)}};
  llvm::json::Object Root{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", llvm::json::Array{std::move(Run)}}};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
  return Out;
}

std::string formatReport(const Report &R, ReportFormat Format) {
  switch (Format) {
  case ReportFormat::Text:
    return formatText(R);
  case ReportFormat::JSON:
    return formatJSON(R);
  case ReportFormat::SARIF:
    return formatSARIF(R);
  }
  llvm_unreachable("unknown report format");
}

} // namespace ownmap
