//===- TargetConstructs.cpp - the target constructs of a file, as written ===//
#include "TargetConstructs.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace ownmap {

namespace {

/// The main file's target directives, with those of template
/// instantiations, each with whether it is a template's pattern.
class TargetFinder : public RecursiveASTVisitor<TargetFinder> {
public:
  explicit TargetFinder(const SourceManager &SM) : SM(SM) {}
  std::vector<std::pair<const OMPExecutableDirective *, bool>> Found;

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(D);
    bool Pattern = F && F->isDependentContext();
    InPattern += Pattern;
    bool Continue = RecursiveASTVisitor::TraverseDecl(D);
    InPattern -= Pattern;
    return Continue;
  }

  // Not VisitOMPLoopDirective: LLVM 19's StmtNodes.td lists
  // OMPTargetParallelForDirective under OMPExecutableDirective (its C++
  // class derives from OMPLoopDirective), so the visitor would never call
  // it for `target parallel for`; isa goes by the C++ classof.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (isOpenMPTargetExecutionDirective(D->getDirectiveKind()) &&
        SM.isInMainFile(SM.getExpansionLoc(D->getBeginLoc())))
      Found.push_back({D, InPattern > 0});
    return true;
  }

private:
  const SourceManager &SM;
  unsigned InPattern = 0;
};

/// Finds an expression whose meaning waits for template arguments.
class DependenceFinder : public RecursiveASTVisitor<DependenceFinder> {
public:
  bool Found = false;
  bool VisitExpr(Expr *E) {
    Found = E->isInstantiationDependent();
    return !Found;
  }
};

bool dependsOnTemplate(const OMPExecutableDirective *D) {
  DependenceFinder Finder;
  Finder.TraverseStmt(const_cast<OMPExecutableDirective *>(D));
  return Finder.Found;
}

} // namespace

std::vector<TargetConstruct> targetConstructs(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  TargetFinder Finder(SM);
  Finder.TraverseAST(Ctx);
  // An instantiation's directive has its pattern's source location.
  struct Seen {
    TargetConstruct Construct;
    const OMPExecutableDirective *Pattern = nullptr;
  };
  std::vector<Seen> Constructs;
  llvm::DenseMap<SourceLocation, size_t> ByLocation;
  for (auto [D, InPattern] : Finder.Found) {
    auto [It, New] = ByLocation.try_emplace(
        SM.getExpansionLoc(D->getBeginLoc()), Constructs.size());
    if (New)
      Constructs.emplace_back();
    Seen &S = Constructs[It->second];
    if (InPattern)
      S.Pattern = D;
    else
      S.Construct.Runs.push_back(D);
  }
  std::vector<TargetConstruct> Result;
  for (Seen &S : Constructs) {
    if (S.Construct.Runs.empty()) {
      if (dependsOnTemplate(S.Pattern))
        S.Construct.Uninstantiated = S.Pattern;
      else
        S.Construct.Runs.push_back(S.Pattern);
    }
    Result.push_back(std::move(S.Construct));
  }
  return Result;
}

} // namespace ownmap
