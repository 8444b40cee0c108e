//===- OwnmapAction.cpp - run the analyses over each kernel of a file ----===//
#include "OwnmapAction.h"
#include "Annotations.h"
#include "CanonicalLoop.h"
#include "Diagnostics.h"
#include "Escape.h"
#include "KernelRewrite.h"
#include "LoopAccess.h"
#include "MapInference.h"
#include "Report.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"

using namespace clang;

namespace ownmap {
namespace {

class KernelConsumer : public ASTConsumer {
public:
  KernelConsumer(RewriteResults &Results, DiagnosticsEngine &Diags)
      : Results(Results), Diags(Diags) {}

  void HandleTranslationUnit(ASTContext &Ctx) override;

private:
  RewriteResults &Results;
  DiagnosticsEngine &Diags;

  void fail(llvm::Error E) {
    Results.HadErrors = true;
    reportErrors(std::move(E), Diags);
  }
  void rewriteKernel(const FunctionDecl &Kernel, RewriteResults::File &File);
  llvm::Expected<OffloadPlan> planLoop(const KernelAnnotations &Annotations,
                                       const LoopSite &Site,
                                       const SourceManager &SM);
};

llvm::Expected<OffloadPlan>
KernelConsumer::planLoop(const KernelAnnotations &Annotations,
                         const LoopSite &Site, const SourceManager &SM) {
  if (auto E = checkInsertable(Site, SM))
    return std::move(E);
  auto Loop = matchCanonicalLoop(*Site.Loop);
  if (!Loop)
    return Loop.takeError();
  auto Accesses = collectLoopAccesses(*Loop);
  if (!Accesses)
    return Accesses.takeError();
  return inferMaps(Annotations, *Loop, *Accesses);
}

void KernelConsumer::rewriteKernel(const FunctionDecl &Kernel,
                                   RewriteResults::File &File) {
  const SourceManager &SM = Kernel.getASTContext().getSourceManager();
  if (Kernel.getLocation().isMacroID())
    return fail(sourceError(SM.getExpansionLoc(Kernel.getLocation()),
                            "kernel '" + Kernel.getName() +
                                "' comes from a macro expansion; write it "
                                "out to have it rewritten"));
  auto Annotations = readKernelAnnotations(Kernel);
  if (!Annotations)
    return fail(Annotations.takeError());
  if (auto E = checkEscapes(*Annotations))
    return fail(std::move(E));
  std::vector<LoopSite> Sites = findOutermostLoops(*Kernel.getBody());
  if (Sites.empty())
    reportWarning(Kernel.getLocation(),
                  "kernel '" + Kernel.getName() +
                      "' has no 'for' loop to offload",
                  Diags);
  for (const LoopSite &Site : Sites) {
    auto Plan = planLoop(*Annotations, Site, SM);
    if (!Plan) {
      fail(Plan.takeError());
      continue;
    }
    tooling::Replacement Edit = insertDirective(Site, Plan->pragma(), SM);
    if (auto E = File.Edits.add(Edit))
      return fail(std::move(E));
    Results.Report += formatLoopReport(*Plan, Kernel, SM);
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
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody() || !isKernel(*FD) ||
        !SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      continue;
    rewriteKernel(*FD, File);
  }
  Results.Files.push_back(std::move(File));
}

class KernelAction : public ASTFrontendAction {
public:
  explicit KernelAction(RewriteResults &Results) : Results(Results) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(Results, CI.getDiagnostics());
  }

private:
  RewriteResults &Results;
};

class KernelActionFactory : public tooling::FrontendActionFactory {
public:
  explicit KernelActionFactory(RewriteResults &Results) : Results(Results) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<KernelAction>(Results);
  }

private:
  RewriteResults &Results;
};

} // namespace

std::unique_ptr<tooling::FrontendActionFactory>
newOwnmapActionFactory(RewriteResults &Results) {
  return std::make_unique<KernelActionFactory>(Results);
}

} // namespace ownmap
