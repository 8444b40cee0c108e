//===- InstantiatedCode.h - walk the code that runs, templates included --===//
//
// The code of a function template runs as its instantiations, with the
// types known: a walk that follows calls and maps visits those and skips
// the template's pattern, where calls are unresolved and types dependent.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_INSTANTIATEDCODE_H
#define OWNMAP_REWRITER_INSTANTIATEDCODE_H

#include "clang/AST/RecursiveASTVisitor.h"

namespace ownmap {

template <typename Derived>
class InstantiatedCodeVisitor : public clang::RecursiveASTVisitor<Derived> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(clang::Decl *D) {
    if (const auto *F = llvm::dyn_cast_or_null<clang::FunctionDecl>(D);
        F && F->isDependentContext())
      return true;
    return clang::RecursiveASTVisitor<Derived>::TraverseDecl(D);
  }
};

} // namespace ownmap

#endif
