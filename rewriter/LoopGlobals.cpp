//===- LoopGlobals.cpp - globals that a loop and its callees read --------===//
#include "LoopGlobals.h"
#include "Diagnostics.h"
#include "KernelRewrite.h"
#include "LoopAccess.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ownmap {

std::string LoopGlobal::reason() const {
  std::string Read = Reader ? "read by '" + Reader->getName().str() +
                                  "', which the loop calls: "
                            : "read by the loop: ";
  switch (How) {
  case Transfer::LinkAndMap:
    return Read + "made 'declare target link' and mapped, so that the "
                  "device sees the host's value";
  case Transfer::Map:
    return Read + "'declare target link': mapped, so that the device sees "
                  "the host's value";
  case Transfer::Update:
    return Read + "'declare target': updated before the loop, so that the "
                  "device sees the host's value";
  }
  llvm_unreachable("unknown transfer");
}

namespace {

/// The global variable that E designates (part of) by array subscripts and
/// `.` members, e.g. g for `g[i].f`; null otherwise.
const VarDecl *designatedGlobal(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
      const auto *Decay = dyn_cast<ImplicitCastExpr>(Sub->getBase());
      if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
        return nullptr;
      E = Decay->getSubExpr();
    } else if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow()) {
      E = M->getBase();
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      return V && V->hasGlobalStorage() ? V : nullptr;
    } else {
      return nullptr;
    }
  }
}

/// True when values of type T may hold addresses.
bool holdsPointers(QualType T) {
  T = T.getCanonicalType();
  if (const ArrayType *A = T->getAsArrayTypeUnsafe())
    return holdsPointers(A->getElementType());
  if (const auto *R = T->getAs<RecordType>())
    return llvm::any_of(R->getDecl()->fields(), [](const FieldDecl *F) {
      return holdsPointers(F->getType());
    });
  return !T->isArithmeticType() && !T->isEnumeralType();
}

/// A reference to a global in the loop or a function's body, and whether
/// it only reads.
struct GlobalUse {
  const DeclRefExpr *Ref;
  const FunctionDecl *Function; // null: the loop's own
  bool ReadOnly;
};

/// Walks the loop, then the functions reachable from it (without
/// recursion: their expressions may be nested deeply), each in source
/// order, and collects their uses of globals.
class GlobalsWalker {
public:
  /// For each function reached, the call in the loop that leads to it.
  llvm::MapVector<const FunctionDecl *, SourceLocation> Reached;
  std::vector<GlobalUse> Uses;

  void walkLoop(const ForStmt &Loop) {
    walk(&Loop, nullptr, SourceLocation());
    for (size_t I = 0; I < Reached.size(); ++I) {
      auto [F, Call] = *(Reached.begin() + I);
      walk(F->getBody(), F, Call);
    }
  }

private:
  void reach(const FunctionDecl *F, SourceLocation Call) {
    if (const FunctionDecl *Def = F->getDefinition())
      Reached.insert({Def, Call});
  }

  void walk(const Stmt *Root, const FunctionDecl *Function,
            SourceLocation Call) {
    llvm::SmallPtrSet<const DeclRefExpr *, 8> Reads;
    std::vector<const DeclRefExpr *> Refs;
    llvm::SmallVector<const Stmt *, 64> Work{Root};
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      // sizeof and _Alignof do not evaluate their operand.
      if (!S || isa<UnaryExprOrTypeTraitExpr>(S))
        continue;
      if (const auto *Load = dyn_cast<ImplicitCastExpr>(S);
          Load && Load->getCastKind() == CK_LValueToRValue)
        if (designatedGlobal(Load->getSubExpr()))
          Reads.insert(designatedVariable(Load->getSubExpr()));
      if (const auto *CallE = dyn_cast<CallExpr>(S))
        for (unsigned I = 0; I < CallE->getNumArgs(); ++I)
          if (readOnlyParameter(CallE->getDirectCallee(), I))
            if (const auto *Ref = dyn_cast<DeclRefExpr>(
                    CallE->getArg(I)->IgnoreParenImpCasts());
                Ref && designatedGlobal(Ref))
              Reads.insert(Ref);
      if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
        if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()))
          reach(F, Function ? Call : Ref->getLocation());
        else if (designatedGlobal(Ref))
          Refs.push_back(Ref);
      }
      // Children last first, so that they pop in source order.
      size_t End = Work.size();
      for (const Stmt *Child : S->children())
        Work.push_back(Child);
      std::reverse(Work.begin() + End, Work.end());
    }
    for (const DeclRefExpr *Ref : Refs)
      Uses.push_back({Ref, Function, Reads.count(Ref) > 0});
  }
};

/// An error for Use: at the use when the loop itself makes it, else at
/// Call, which leads to the function that does, with a note at the use.
llvm::Error refuse(const GlobalUse &Use, SourceLocation Call,
                   const llvm::Twine &What, const llvm::Twine &Note) {
  if (!Use.Function)
    return sourceError(Rule::LoopUnsupported, Use.Ref->getLocation(),
                       "cannot offload: the loop " + What);
  return sourceError(Rule::LoopUnsupported, Call,
                     "cannot offload: '" + Use.Function->getName() +
                         "', which the loop calls, " + What,
                     Use.Ref->getLocation(), Note);
}

/// How the device gets G's value, or an error.
llvm::Expected<LoopGlobal::Transfer>
transferOf(const VarDecl &G, const GlobalUse &Use, SourceLocation Call) {
  llvm::StringRef Name = G.getName();
  auto Refuse = [&](const llvm::Twine &Why) {
    return refuse(Use, Call, "reads global '" + Name + "'" + Why,
                  "'" + Name + "' is read here");
  };
  if (G.getTLSKind() != VarDecl::TLS_None)
    return Refuse(", which is thread-local: the device has no threads' "
                  "copies of it");
  if (holdsPointers(G.getType()))
    return Refuse(", which holds pointers: on the device they would be "
                  "host addresses");
  if (auto Attr = OMPDeclareTargetDeclAttr::getActiveAttr(&G)) {
    if ((*Attr)->getMapType() == OMPDeclareTargetDeclAttr::MT_Link)
      return LoopGlobal::Transfer::Map;
    if (!G.isExternallyVisible())
      return Refuse(", which is 'static' and 'declare target': the host "
                    "cannot update its device copy; use 'declare target "
                    "link' or drop 'static'");
    return LoopGlobal::Transfer::Update;
  }
  const SourceManager &SM = G.getASTContext().getSourceManager();
  const VarDecl *Def = G.getDefinition();
  if (!Def)
    Def = G.getActingDefinition();
  if (!Def || !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())) ||
      Def->getLocation().isMacroID())
    return Refuse(", which this file does not define: mark it "
                  "'#pragma omp declare target link(" +
                  Name + ")' where it is defined");
  if (!SM.isBeforeInTranslationUnit(linkedDeclaration(G)->getLocation(),
                                    Use.Ref->getLocation()))
    return Refuse(", which this file declares only after this read: "
                  "declare it before, where its 'declare target link' can "
                  "go");
  return LoopGlobal::Transfer::LinkAndMap;
}

} // namespace

const VarDecl *linkedDeclaration(const VarDecl &G) {
  const SourceManager &SM = G.getASTContext().getSourceManager();
  const VarDecl *First = nullptr;
  for (const VarDecl *D : G.redecls())
    if (D->getDeclContext()->isFileContext() &&
        !D->getLocation().isMacroID() && SM.isInMainFile(D->getLocation()) &&
        (!First || SM.isBeforeInTranslationUnit(D->getLocation(),
                                                First->getLocation())))
      First = D;
  return First;
}

llvm::Expected<std::vector<LoopGlobal>>
globalsReadInLoop(const ForStmt &Loop) {
  GlobalsWalker Walker;
  Walker.walkLoop(Loop);
  std::vector<LoopGlobal> Globals;
  for (const GlobalUse &Use : Walker.Uses) {
    const auto *G = cast<VarDecl>(Use.Ref->getDecl());
    SourceLocation Call =
        Use.Function ? Walker.Reached.lookup(Use.Function) : SourceLocation();
    if (!Use.ReadOnly)
      return refuse(Use, Call,
                    "writes or takes the address of global '" + G->getName() +
                        "': the device would change its own copy, which the "
                        "host never sees",
                    "'" + G->getName() + "' is used here");
    // A static local of a called function is its own: its device copy
    // starts from the same constant and is only read. (The loop walk
    // refuses one of the kernel.)
    if (G->isStaticLocal())
      continue;
    const VarDecl *Canonical = G->getCanonicalDecl();
    auto How = transferOf(*G, Use, Call);
    if (!How)
      return How.takeError();
    if (llvm::none_of(Globals, [&](const LoopGlobal &C) {
          return C.Global == Canonical;
        }))
      Globals.push_back({Canonical, Use.Function,
                         Use.Function ? Call : Use.Ref->getLocation(), *How});
  }
  return Globals;
}

// One line per declaration: two insertions at one place would conflict.
llvm::Error linkGlobals(llvm::ArrayRef<const VarDecl *> Globals,
                        ASTContext &Ctx, tooling::Replacements &Edits) {
  const SourceManager &SM = Ctx.getSourceManager();
  // The `;` that ends each first declaration, with its globals to link.
  llvm::MapVector<SourceLocation, std::vector<const VarDecl *>> Ends;
  for (const VarDecl *G : Globals) {
    const VarDecl *First = linkedDeclaration(*G);
    // The declaration ends at the `;` after its last declarator.
    SourceLocation End = Lexer::getLocForEndOfToken(First->getEndLoc(), 0, SM,
                                                    Ctx.getLangOpts());
    auto [File, Offset] = SM.getDecomposedLoc(End);
    size_t Semi = SM.getBufferData(File).find(';', Offset);
    if (Semi == llvm::StringRef::npos)
      return sourceError(Rule::RewritePlacement, First->getLocation(),
                         "cannot find the end of the declaration of '" +
                             First->getName() + "'");
    Ends[End.getLocWithOffset(Semi - Offset)].push_back(First);
  }
  for (auto &[Semi, Firsts] : Ends) {
    llvm::sort(Firsts, [&](const VarDecl *A, const VarDecl *B) {
      return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
    });
    std::vector<std::string> Names;
    for (const VarDecl *First : Firsts)
      Names.push_back(First->getName().str());
    auto Edit = insertLineAfterToken(
        Semi,
        "#pragma omp declare target link(" + llvm::join(Names, ", ") + ")",
        SM.getLocForStartOfFile(SM.getFileID(Semi)), SM, Ctx.getLangOpts());
    if (!Edit)
      return Edit.takeError();
    if (auto E = Edits.add(*Edit))
      return E;
  }
  return llvm::Error::success();
}

} // namespace ownmap
