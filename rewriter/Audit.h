//===- Audit.h - check hand-written map clauses of target loops ----------===//
//
// --audit: for each target construct that runs a loop in existing OpenMP
// code (`target teams distribute parallel for`, or `target` around a loop
// or a loop construct), the access analysis of its loop is compared with
// its map clauses (and those of enclosing `target data` constructs): data
// written on the device but not mapped back, sections smaller than the
// elements accessed (device out-of-bounds), maps broader than needed (tofrom
// of data never written, sections larger than accessed, with the bytes as an
// expression), and pointers used without a map of their data.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_AUDIT_H
#define OWNMAP_REWRITER_AUDIT_H

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
  FindingDetails Details;
};

/// The target constructs of Ctx's main file that run a loop, in source
/// order: loop-associated ones (`target teams distribute parallel for`,
/// `target parallel for`, ...) and `target` alone whose statement is a
/// `for` loop or a loop construct (`teams distribute parallel for`).
std::vector<const clang::OMPExecutableDirective *>
findTargetLoops(clang::ASTContext &Ctx);

/// What is wrong or wasteful in the map clauses of Directive.
std::vector<AuditFinding>
auditTargetLoop(const clang::OMPExecutableDirective &D, clang::ASTContext &Ctx);

} // namespace ownmap

#endif
