//===- Report.h - the --report file: text, JSON or SARIF -----------------===//
//
// What the tool decided and found, kept as plain data (source locations
// resolved while the AST is alive) and printed at the end in one of three
// formats: the text report, JSON (schema "ownmap-rewrite-report/1", see
// docs/rewriter.md) and SARIF 2.1.0 (one result per finding).
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_REPORT_H
#define OWNMAP_REWRITER_REPORT_H

#include "DataRegion.h"
#include "Diagnostics.h"
#include "MapInference.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ownmap {

struct ReportLocation {
  std::string File; // empty when there is no location
  unsigned Line = 0, Column = 0;
};

struct ReportVariable {
  std::string Name;
  std::string Map;     // "to", "tofrom", "from", "alloc"; empty: no map
  std::string Section; // "x[0:n]", the name for a scalar, or empty
  std::string Reduction;  // reduction identifier, or empty
  std::string Annotation; // "OM_IN", ..., or empty
  ReportLocation AnnotationLoc, FirstRead, FirstWrite;
  std::string Why;
};

/// An exclusive borrow and another pointer of one loop: how they are kept
/// apart.
struct ReportExclusivity {
  std::string Exclusive, Other;
  std::string Check; // the inserted statement; empty when proven statically
  std::string Why;
};

struct ReportLoop {
  ReportLocation Loc;
  std::string Kernel, Directive;
  std::vector<ReportVariable> Variables;
  std::vector<ReportExclusivity> Exclusivity;
  std::vector<std::string> Checks; // inserted right before the directive
};

struct ReportRegion {
  ReportLocation Begin, End; // the first and the last loop
  std::string Kernel, Directive;
  std::vector<ReportVariable> Variables; // Name, Map, Section, Why
  std::vector<std::pair<std::string, ReportLocation>> Updates; // before
  std::vector<std::string> Checks; // inserted before the directive
};

enum class FindingLevel { Error, Warning, Note };

struct Finding {
  FindingLevel Level;
  Rule TheRule;
  std::string Message;
  ReportLocation Loc;
  FindingDetails Details;
};

/// How far --audit got with the target constructs of its inputs: each is
/// clean, has findings (errors or warnings), or was not analysed, with why.
struct AuditTally {
  unsigned Clean = 0, WithFindings = 0;
  std::map<std::string, unsigned> NotAnalysed; // by reason

  unsigned notAnalysed() const;
  unsigned total() const { return Clean + WithFindings + notAnalysed(); }
  void add(const AuditTally &Other);
  /// `N target constructs: A clean, F with findings, S not analysed
  /// (reason: count, ...)`.
  std::string summary() const;
};

struct Report {
  std::vector<ReportLoop> Loops;
  std::vector<ReportRegion> Regions;
  std::vector<Finding> Findings;
  /// Set by --audit.
  std::optional<AuditTally> Audit;

  void addLoop(const PlannedLoop &Loop, const clang::FunctionDecl &Kernel,
               const clang::SourceManager &SM);
  void addRegion(const DataRegion &Region, llvm::ArrayRef<PlannedLoop> Loops,
                 const clang::FunctionDecl &Kernel,
                 const clang::SourceManager &SM);
  void addFinding(FindingLevel Level, Rule R, llvm::StringRef Message,
                  clang::SourceLocation Loc, const clang::SourceManager &SM,
                  FindingDetails Details = {});
};

enum class ReportFormat { Text, JSON, SARIF };

std::string formatReport(const Report &R, ReportFormat Format);

} // namespace ownmap

#endif
