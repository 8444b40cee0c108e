//===- TargetConstructs.h - the target constructs of a file, as written --===//
//
// The audit counts and judges each target construct of the main file as
// the user wrote it. In a function template (or a member of a class
// template) one construct runs as one directive per instantiation, each
// with its types known: those are the directives to analyse. A template
// never instantiated has only its pattern, analysable when the construct
// depends on none of the template's parameters.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_TARGETCONSTRUCTS_H
#define OWNMAP_REWRITER_TARGETCONSTRUCTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include <vector>

namespace ownmap {

struct TargetConstruct {
  /// The directives to analyse: the construct's own, or one per
  /// instantiation of its template; empty when Uninstantiated.
  std::vector<const clang::OMPExecutableDirective *> Runs;
  /// The pattern of a template never instantiated, whose construct depends
  /// on the template's parameters (types unknown: not analysable).
  const clang::OMPExecutableDirective *Uninstantiated = nullptr;
};

/// The target execution constructs of Ctx's main file, in source order.
std::vector<TargetConstruct> targetConstructs(clang::ASTContext &Ctx);

} // namespace ownmap

#endif
