//===- CallerIndex.cpp - callers of kernel functions in other files ------===//
#include "CallerIndex.h"
#include "InstantiatedCode.h"
#include "LostWrites.h"
#include "Presence.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ownmap {

namespace {

/// Functions followed up through parameters passed on, file to file.
constexpr unsigned MaxPassedDepth = 8;

std::string sourceText(const Expr &E, const ASTContext &Ctx) {
  return Lexer::getSourceText(
             CharSourceRange::getTokenRange(E.getSourceRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

} // namespace

HeldBy heldBy(const MapItem &I, const ASTContext &Ctx) {
  return {sourceText(*I.Item, Ctx),
          getOpenMPSimpleClauseTypeName(llvm::omp::OMPC_map, I.Type),
          SourcePlace::of(I.Item->getBeginLoc(), Ctx.getSourceManager()),
          I.copiesBack()};
}

LaterRead laterRead(const Expr &Read, const VarDecl &ReadVar,
                    const ASTContext &Ctx) {
  return {sourceText(Read, Ctx), ReadVar.getName().str(),
          SourcePlace::of(Read.getBeginLoc(), Ctx.getSourceManager()),
          std::nullopt, false};
}

namespace {

/// The calls of the main file to functions with external linkage whose
/// body is elsewhere: what each pointer argument's data finds there.
class CallRecorder : public InstantiatedCodeVisitor<CallRecorder> {
public:
  CallRecorder(ASTContext &Ctx, CallerIndex &Index)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Index(Index), Presences(Ctx) {
    if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
      MainFile = Main->getName().str();
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Callee->isDefined() ||
        SM.isInSystemHeader(Callee->getLocation()) ||
        !SM.isInMainFile(SM.getExpansionLoc(Call->getBeginLoc())))
      return true;
    const FunctionDecl *Caller = Presences.functionOf(*Call);
    if (!Caller)
      return true;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const VarDecl *Data = argumentBase(Call->getArg(I));
      auto Key = parameterKey(*Callee, I);
      if (Data && Key &&
          (Data->getType()->isPointerType() || Data->getType()->isArrayType()))
        Index.add(*Key, context(*Call, *Callee, *Caller, *Data));
    }
    return true;
  }

  std::string MainFile;

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  CallerIndex &Index;
  PresenceAnalysis Presences;

  CallContext context(const CallExpr &Call, const FunctionDecl &Callee,
                      const FunctionDecl &Caller, const VarDecl &Data) {
    CallContext C;
    C.MainFile = MainFile;
    C.Caller = Caller.getNameAsString();
    C.Callee = Callee.getNameAsString();
    C.Call = SourcePlace::of(Call.getBeginLoc(), SM);
    Presence P = Presences.of(Data, Call);
    for (const EnclosingMap &M : P.Maps)
      C.Maps.push_back(heldBy(M.Item, Ctx));
    for (const CallExpr *U : P.Unmapped) {
      const FunctionDecl *In = Presences.functionOf(*U);
      C.Unmapped.push_back({U->getDirectCallee()->getNameAsString(),
                            In ? In->getNameAsString() : "",
                            SourcePlace::of(U->getBeginLoc(), SM)});
    }
    if (P.Maps.empty() && P.Unmapped.empty() && P.NoCaller.empty())
      C.Unmapped.push_back({C.Callee, C.Caller, C.Call});
    for (const CallerParameter &Up : P.NoCaller) {
      const auto *F = cast<FunctionDecl>(Up.Param->getDeclContext());
      CallContext::PassedOn Passed;
      Passed.Parameter = parameterKey(*F, Up.Param->getFunctionScopeIndex())
                             .value_or(ParameterKey{});
      Passed.Name = F->getNameAsString();
      const VarDecl *ReadVar = nullptr;
      if (const Expr *Read =
              readUpCalls(Data, Call, Up.Calls, Presences, Ctx, ReadVar))
        Passed.ReadOnTheWay = laterRead(*Read, *ReadVar, Ctx);
      C.Passed.push_back(std::move(Passed));
    }
    for (const StaleRead &S : staleReadsAfter(Data, Call, P, Presences, Ctx)) {
      LaterRead R = laterRead(*S.Read, *S.ReadVar, Ctx);
      R.Holder = heldBy(*S.Holder, Ctx);
      R.AfterRegion = S.AfterRegion;
      C.Reads.push_back(std::move(R));
    }
    return C;
  }
};

} // namespace

std::string SourcePlace::where(llvm::StringRef Here) const {
  if (File == Here)
    return "line " + std::to_string(Line);
  return File + ":" + std::to_string(Line);
}

SourcePlace SourcePlace::of(SourceLocation Loc, const SourceManager &SM) {
  SourceLocation At = SM.getExpansionLoc(Loc);
  return {SM.getFilename(At).str(), SM.getExpansionLineNumber(At)};
}

void CallerIndex::add(CallerIndex &&Other) {
  for (auto &[Key, Contexts] : Other.Calls)
    for (CallContext &C : Contexts)
      add(Key, std::move(C));
}

void CallerIndex::add(const ParameterKey &Key, CallContext Context) {
  Calls[Key].push_back(std::move(Context));
}

bool CallerIndex::hasCallsElsewhere(const ParameterKey &Key,
                                    llvm::StringRef MainFile) const {
  auto It = Calls.find(Key);
  return It != Calls.end() &&
         llvm::any_of(It->second, [&](const CallContext &C) {
           return C.MainFile != MainFile;
         });
}

ExternalPresence CallerIndex::resolve(const ParameterKey &Key,
                                      llvm::StringRef MainFile,
                                      std::optional<LaterRead> Pending) const {
  ExternalPresence Out;
  std::vector<ParameterKey> Path{Key};
  resolve(Key, MainFile, Pending, /*Depth=*/0, Path, Out);
  return Out;
}

void CallerIndex::resolve(const ParameterKey &Key, llvm::StringRef MainFile,
                          const std::optional<LaterRead> &Pending,
                          unsigned Depth, std::vector<ParameterKey> &Path,
                          ExternalPresence &Out) const {
  auto It = Calls.find(Key);
  if (It == Calls.end())
    return;
  for (const CallContext &C : It->second) {
    // The calls in the main file itself are the main file's analysis';
    // further up, a caller of a caller may well be there.
    if (Depth == 0 && C.MainFile == MainFile)
      continue;
    llvm::append_range(Out.Unmapped, C.Unmapped);
    if (!C.Maps.empty()) {
      Out.Mapped = true;
      if (Pending) {
        // Read while the function runs, inside whatever holds the data.
        LaterRead Read = *Pending;
        Read.Holder = C.Reads.empty() ? C.Maps.back() : *C.Reads.front().Holder;
        Out.Reads.push_back(std::move(Read));
      } else {
        llvm::append_range(Out.Reads, C.Reads);
      }
    }
    for (const CallContext::PassedOn &Up : C.Passed) {
      bool Known =
          !Up.Parameter.Function.empty() && Calls.count(Up.Parameter) != 0;
      if (!Known) {
        Out.NoCaller.push_back(Up.Name);
        continue;
      }
      if (Depth + 1 >= MaxPassedDepth || llvm::is_contained(Path, Up.Parameter))
        continue; // recursion, or too deep to follow: nothing said
      Path.push_back(Up.Parameter);
      resolve(Up.Parameter, MainFile, Pending ? Pending : Up.ReadOnTheWay,
              Depth + 1, Path, Out);
      Path.pop_back();
    }
  }
}

std::optional<ParameterKey> parameterKey(const FunctionDecl &F,
                                         unsigned Index) {
  if (!F.isExternallyVisible() || isa<CXXMethodDecl>(F) ||
      F.getTemplatedKind() != FunctionDecl::TK_NonTemplate)
    return std::nullopt;
  if (!F.getASTContext().getLangOpts().CPlusPlus)
    return ParameterKey{F.getNameAsString(), Index};
  ASTNameGenerator Names(F.getASTContext());
  return ParameterKey{Names.getName(&F), Index};
}

void indexCalls(ASTContext &Ctx, CallerIndex &Index) {
  CallRecorder Recorder(Ctx, Index);
  Recorder.TraverseAST(Ctx);
}

} // namespace ownmap
