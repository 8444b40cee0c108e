//===- Audit.h - check hand-written map clauses of target loops ----------===//
//
// --audit: for each target construct that runs a loop in existing OpenMP
// code (`target teams distribute parallel for`, or `target` around a loop
// or a loop construct), the access analysis of its loop is compared with
// its map clauses and with the maps that keep data present around it
// (enclosing `target data`, earlier `target enter data`, here or around the
// calls of its function: Presence.h): data written on the device that never
// reaches the host or that the host reads stale (no `target update from`
// before the read), sections smaller than the elements accessed (device
// out-of-bounds), maps broader than needed (tofrom of data never written,
// sections larger than accessed, with the bytes as an expression), and
// pointers used without a map of their data.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_AUDIT_H
#define OWNMAP_REWRITER_AUDIT_H

#include "CallerIndex.h"
#include "Report.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include <string>
#include <vector>

namespace ownmap {

struct AuditFinding {
  FindingLevel Level;
  Rule TheRule;
  std::string Message;
  clang::SourceLocation Loc;
  FindingDetails Details = {};
  /// A note at NoteLoc when valid (e.g. the host read of a lost write).
  clang::SourceLocation NoteLoc = {};
  std::string Note = {};
};

struct AuditResult {
  std::vector<AuditFinding> Findings;
  AuditTally Tally;
};

/// What is wrong or wasteful in the map clauses of the target constructs
/// of Ctx's main file, in source order, each judged with the maps of the
/// code around it and of its function's callers (Presence.h), and how far
/// the audit got with each construct. A construct's loops are its own loop,
/// or those its region is made of (`target teams { distribute parallel for
/// ... }`, `target { teams distribute parallel for ...; ... }`); a region
/// with other code is not analysed. With Callers, the calls of its
/// functions in other files count too (CallerIndex.h).
AuditResult auditFile(clang::ASTContext &Ctx,
                      const CallerIndex *Callers = nullptr);

} // namespace ownmap

#endif
