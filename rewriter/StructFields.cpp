//===- StructFields.cpp - structs of arrays passed by pointer -------------===//
#include "StructFields.h"
#include "Diagnostics.h"
#include "KernelRewrite.h"
#include "LoopAccess.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ParentMap.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace ownmap {

bool pointsToStructOfFields(QualType T) {
  const auto *PT = T->getAs<PointerType>();
  const RecordDecl *R = PT ? PT->getPointeeType()->getAsRecordDecl() : nullptr;
  return R && R->isStruct() && R->getDefinition() &&
         !isPlainData(PT->getPointeeType());
}

namespace {

/// One field of a struct parameter that the kernel reads.
struct UsedField {
  const ParmVarDecl *Struct = nullptr;
  const FieldDecl *Field = nullptr;
  std::vector<const MemberExpr *> Uses; // in the body, in source order
  /// The kernel may write through it (a pointer field).
  bool Written = false;
  /// The local the body already opens with (the tool's own output): the
  /// field needs nothing more.
  const VarDecl *KeptIn = nullptr;
  /// A pointer field's OM_LEN, over the locals of the fields it names.
  std::optional<std::string> Length;
  SourceLocation LengthLoc;
  /// An arithmetic field another field's OM_LEN names: its local is
  /// declared even when the kernel does not use it.
  bool InLength = false;

  bool needsLocal() const { return !KeptIn && (!Uses.empty() || InLength); }
};

std::string localName(const ParmVarDecl &Struct, const FieldDecl &Field) {
  return (Struct.getName() + "_" + Field.getName()).str();
}

/// A reference in Kernel's body to a global called Name, which a local of
/// that name would hide; null when there is none.
const DeclRefExpr *globalNamed(const FunctionDecl &Kernel,
                               llvm::StringRef Name) {
  llvm::SmallVector<const Stmt *, 32> Work{Kernel.getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && V->hasGlobalStorage() && V->getName() == Name)
        return Ref;
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  return nullptr;
}

std::string fieldText(const ParmVarDecl &Struct, const FieldDecl &Field) {
  return (Struct.getName() + "->" + Field.getName()).str();
}

/// A field whose value is all a device needs: arithmetic, or a pointer to
/// data without pointers (mapped as a section).
bool isMappableField(const FieldDecl &Field) {
  QualType T = Field.getType();
  if (T->isArithmeticType())
    return true;
  const auto *PT = T->getAs<PointerType>();
  return PT && isPlainData(PT->getPointeeType());
}

const Stmt *parentIgnoreParens(const ParentMap &PM, const Stmt *S) {
  return PM.getParentIgnoreParens(const_cast<Stmt *>(S));
}

const Stmt *parentIgnoreParenImpCasts(const ParentMap &PM, const Stmt *S) {
  return PM.getParentIgnoreParenImpCasts(const_cast<Stmt *>(S));
}

bool isPointerSum(const Stmt *S) {
  const auto *B = dyn_cast_or_null<BinaryOperator>(S);
  return B && B->isAdditiveOp() && B->getType()->isPointerType();
}

/// True unless the kernel certainly only reads through Value, the loaded
/// value of a pointer field: a subscript or dereference of it (after
/// pointer arithmetic) that is only read, or a `const T *` argument. Uses
/// it cannot follow count as writes.
bool writesThrough(const Expr &Value, const ParentMap &PM) {
  const Stmt *Pointer = &Value;
  const Stmt *Up = parentIgnoreParens(PM, Pointer);
  while (isPointerSum(Up) ||
         (isa_and_nonnull<ImplicitCastExpr>(Up) &&
          cast<Expr>(Up)->getType()->isPointerType())) {
    Pointer = Up;
    Up = parentIgnoreParens(PM, Pointer);
  }
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Up)) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I)->IgnoreParens() == Pointer)
        return !readOnlyParameter(Call->getDirectCallee(), I);
    return true;
  }
  const auto *Deref = dyn_cast_or_null<UnaryOperator>(Up);
  if (!isa_and_nonnull<ArraySubscriptExpr>(Up) &&
      !(Deref && Deref->getOpcode() == UO_Deref))
    return true;
  // A field of the element is part of it.
  const Stmt *Element = Up;
  Up = parentIgnoreParens(PM, Element);
  while (const auto *M = dyn_cast_or_null<MemberExpr>(Up)) {
    if (M->isArrow())
      break;
    Element = Up;
    Up = parentIgnoreParens(PM, Element);
  }
  const auto *Load = dyn_cast_or_null<ImplicitCastExpr>(Up);
  return !(Load && Load->getCastKind() == CK_LValueToRValue) &&
         !isa_and_nonnull<UnaryExprOrTypeTraitExpr>(Up);
}

/// The local Use initialises when it is the one the rewritten kernel keeps
/// its field in: a declaration of the body named as localName says.
const VarDecl *initialisedLocal(const MemberExpr &Use, const UsedField &F,
                                const ParentMap &PM, const Stmt &Body) {
  const auto *DS =
      dyn_cast_or_null<DeclStmt>(parentIgnoreParenImpCasts(PM, &Use));
  const auto *V = DS && DS->isSingleDecl()
                      ? dyn_cast<VarDecl>(DS->getSingleDecl())
                      : nullptr;
  return V && PM.getParent(DS) == &Body &&
                 V->getName() == localName(*F.Struct, *F.Field)
             ? V
             : nullptr;
}

/// The fields of Struct's struct that OM_LEN's expression Text names, in
/// order, with Text over their locals (`nnz` -> `A_nnz`); fails when it
/// names anything else, or a field that is not arithmetic.
llvm::Expected<std::pair<std::string, std::vector<const FieldDecl *>>>
lengthOverFields(llvm::StringRef Text, const ParmVarDecl &Struct,
                 const FieldDecl &Of, SourceLocation Loc) {
  const RecordDecl *R =
      Struct.getType()->getPointeeType()->getAsRecordDecl()->getDefinition();
  std::string Out;
  std::vector<const FieldDecl *> Named;
  for (size_t I = 0; I < Text.size();) {
    char C = Text[I];
    size_t End = I + 1;
    if (!llvm::isAlnum(C) && C != '_') {
      Out += C;
      I = End;
      continue;
    }
    while (End < Text.size() && (llvm::isAlnum(Text[End]) || Text[End] == '_' ||
                                 (llvm::isDigit(C) && Text[End] == '.')))
      ++End;
    llvm::StringRef Token = Text.slice(I, End);
    I = End;
    if (llvm::isDigit(C)) {
      Out += Token;
      continue;
    }
    const FieldDecl *Field = nullptr;
    for (const FieldDecl *F : R->fields())
      if (F->getName() == Token)
        Field = F;
    if (!Field || !Field->getType()->isArithmeticType())
      return sourceError(Rule::AnnotationStruct, Loc,
                         "OM_LEN(" + Text + ") on field '" + Of.getName() +
                             "' names '" + Token + "', which is not an "
                             "arithmetic field of its struct; the count of "
                             "a field may only use the struct's arithmetic "
                             "fields and constants");
    Named.push_back(Field);
    Out += localName(Struct, *Field);
  }
  return std::make_pair(Out, Named);
}

class Expander {
public:
  Expander(KernelAnnotations &Annotations)
      : Annotations(Annotations), Kernel(*Annotations.Kernel),
        Body(*Kernel.getBody()), Ctx(Kernel.getASTContext()),
        PM(const_cast<Stmt *>(&Body)) {}

  llvm::Expected<FieldLocals> run();

private:
  KernelAnnotations &Annotations;
  const FunctionDecl &Kernel;
  const Stmt &Body;
  const ASTContext &Ctx;
  ParentMap PM;
  /// Struct parameters to expand, with their annotation.
  llvm::MapVector<const ParmVarDecl *, ParamAnnotation> Structs;
  /// Used fields, keyed by (struct, field), in order of first use.
  llvm::MapVector<std::pair<const ParmVarDecl *, const FieldDecl *>,
                  UsedField>
      Fields;

  llvm::Error checkAnnotation(const ParmVarDecl &P, const ParamAnnotation &PA);
  llvm::Error readUse(const DeclRefExpr &Ref, const ParmVarDecl &P);
  llvm::Error readLengths();
  FieldLocals replaceUses();
};

llvm::Error Expander::checkAnnotation(const ParmVarDecl &P,
                                      const ParamAnnotation &PA) {
  std::string What = "on '" + P.getName().str() +
                     "', a pointer to a struct that holds pointers";
  if (PA.Length)
    return sourceError(Rule::AnnotationStruct, PA.LengthLoc,
                       "OM_LEN " + What +
                           ": the sections of its pointer fields come from "
                           "the loops' subscripts");
  if (*PA.Kind == Ownership::Out || *PA.Kind == Ownership::Scratch)
    return sourceError(Rule::AnnotationStruct, PA.KindLoc,
                       macroName(*PA.Kind) + " " + What +
                           ": its pointer fields are mapped one by one, from "
                           "the struct as the caller passes it; use OM_INOUT "
                           "or OM_IN");
  return llvm::Error::success();
}

llvm::Error Expander::readUse(const DeclRefExpr &Ref, const ParmVarDecl &P) {
  const auto *M =
      dyn_cast_or_null<MemberExpr>(parentIgnoreParenImpCasts(PM, &Ref));
  if (!M || !M->isArrow())
    return sourceError(
        Rule::StructFieldUse, Ref.getLocation(),
        "'" + P.getName() + "' is used other than as '" + P.getName() +
            "->field'; a struct that holds pointers is mapped through the "
            "fields the kernel reads, so it may not be passed on, stored or "
            "changed");
  const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
  if (!Field || !isMappableField(*Field))
    return sourceError(Rule::StructFieldUse, M->getBeginLoc(),
                       "field '" + M->getMemberDecl()->getName() + "' of '" +
                           P.getName() + "' has type '" +
                           M->getMemberDecl()->getType().getAsString() +
                           "', which is neither arithmetic nor a pointer to "
                           "data without pointers; only such fields of a "
                           "struct parameter can be used");
  const SourceManager &SM = Ctx.getSourceManager();
  if (M->getBeginLoc().isMacroID() || M->getEndLoc().isMacroID())
    return sourceError(Rule::Macro, SM.getExpansionLoc(M->getBeginLoc()),
                       "'" + fieldText(P, *Field) +
                           "' comes from a macro expansion; write it out to "
                           "have it rewritten");
  UsedField &F = Fields[{&P, Field}];
  F.Struct = &P;
  F.Field = Field;
  if (const VarDecl *Local = initialisedLocal(*M, F, PM, Body)) {
    F.KeptIn = Local;
    return llvm::Error::success();
  }
  const auto *Load = dyn_cast_or_null<ImplicitCastExpr>(parentIgnoreParens(PM, M));
  if (!Load || Load->getCastKind() != CK_LValueToRValue)
    return sourceError(Rule::StructFieldUse, M->getBeginLoc(),
                       "the kernel assigns '" + fieldText(P, *Field) +
                           "', changes it or takes its address; the fields "
                           "of '" + P.getName() +
                           "' must keep their values in the kernel, which "
                           "maps them as they are at its entry");
  F.Uses.push_back(M);
  if (Field->getType()->isPointerType())
    F.Written |= writesThrough(*Load, PM);
  return llvm::Error::success();
}

llvm::Expected<FieldLocals> Expander::run() {
  for (const ParmVarDecl *P : Kernel.parameters())
    if (const ParamAnnotation *PA = Annotations.lookup(P);
        PA && pointsToStructOfFields(P->getType())) {
      if (auto E = checkAnnotation(*P, *PA))
        return std::move(E);
      Structs[P] = *PA;
    }
  if (Structs.empty())
    return FieldLocals{};
  llvm::SmallVector<const Stmt *, 32> Work{&Body};
  std::vector<const DeclRefExpr *> Refs;
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      Refs.push_back(Ref);
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(Refs, [&](const DeclRefExpr *A, const DeclRefExpr *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  for (const DeclRefExpr *Ref : Refs)
    if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
        P && Structs.count(P))
      if (auto E = readUse(*Ref, *P))
        return std::move(E);
  if (auto E = readLengths())
    return std::move(E);
  llvm::SmallPtrSet<const VarDecl *, 8> Own;
  for (const auto &[Key, F] : Fields)
    if (F.KeptIn)
      Own.insert(F.KeptIn);
  for (const auto &[Key, F] : Fields) {
    if (!F.needsLocal())
      continue;
    std::string Name = localName(*F.Struct, *F.Field);
    if (const VarDecl *Taken = kernelVariableNamed(Kernel, Name, &Own))
      return sourceError(Rule::StructFieldUse,
                         F.Uses.empty() ? Taken->getLocation()
                                        : F.Uses.front()->getBeginLoc(),
                         "the kernel declares '" + Name +
                             "', the name of the local that keeps '" +
                             fieldText(*F.Struct, *F.Field) + "'; rename it",
                         Taken->getLocation(),
                         "'" + Name + "' is declared here");
    if (const DeclRefExpr *Global = globalNamed(Kernel, Name))
      return sourceError(Rule::StructFieldUse, Global->getLocation(),
                         "the kernel uses global '" + Name +
                             "', the name of the local that would keep '" +
                             fieldText(*F.Struct, *F.Field) +
                             "' and hide it; rename the global");
  }
  return replaceUses();
}

/// Reads the OM_LEN of every used pointer field (`OM_LEN(nnz) float *val;`
/// in the struct) and marks the fields it names.
llvm::Error Expander::readLengths() {
  std::vector<const FieldDecl *> Named;
  std::vector<const ParmVarDecl *> NamedIn;
  for (auto &[Key, F] : Fields) {
    if (!F.needsLocal() || !F.Field->getType()->isPointerType())
      continue;
    for (const auto *A : F.Field->specific_attrs<AnnotateAttr>()) {
      llvm::StringRef Text = A->getAnnotation();
      if (!Text.consume_front("ownmap.len:"))
        continue;
      F.LengthLoc = Ctx.getSourceManager().getExpansionLoc(A->getLocation());
      auto Length = lengthOverFields(Text.trim(), *F.Struct, *F.Field,
                                     F.LengthLoc);
      if (!Length)
        return Length.takeError();
      F.Length = Length->first;
      for (const FieldDecl *G : Length->second) {
        Named.push_back(G);
        NamedIn.push_back(F.Struct);
      }
    }
  }
  for (size_t I = 0; I < Named.size(); ++I) {
    UsedField &G = Fields[{NamedIn[I], Named[I]}];
    G.Struct = NamedIn[I];
    G.Field = Named[I];
    G.InLength = true;
  }
  return llvm::Error::success();
}

/// Declares every used field's local, registers its synthetic parameter
/// with its borrow, and replaces its uses in the body and in the text.
FieldLocals Expander::replaceUses() {
  auto &MutableCtx = const_cast<ASTContext &>(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  PrintingPolicy Policy(Ctx.getLangOpts());
  FieldLocals Out;
  // Declarations in the order of the parameters and of their fields.
  std::vector<const UsedField *> Ordered;
  for (const auto &[Key, F] : Fields)
    if (F.needsLocal())
      Ordered.push_back(&F);
  llvm::sort(Ordered, [](const UsedField *A, const UsedField *B) {
    return std::make_pair(A->Struct->getFunctionScopeIndex(),
                          A->Field->getFieldIndex()) <
           std::make_pair(B->Struct->getFunctionScopeIndex(),
                          B->Field->getFieldIndex());
  });
  for (const UsedField *F : Ordered) {
    std::string Name = localName(*F->Struct, *F->Field);
    QualType Type = F->Field->getType().getUnqualifiedType();
    std::string Declaration;
    llvm::raw_string_ostream OS(Declaration);
    Type.withConst().print(OS, Policy, Name);
    OS << " = " << fieldText(*F->Struct, *F->Field) << ";";
    Out.Declarations.push_back(Declaration);
    Out.Names.push_back(Name);
    // At its struct parameter: maps and checks list it in parameter order.
    SourceLocation At = F->Struct->getLocation();
    auto *Local = ParmVarDecl::Create(
        MutableCtx, const_cast<FunctionDecl *>(&Kernel), At, At,
        &MutableCtx.Idents.get(Name), Type,
        MutableCtx.getTrivialTypeSourceInfo(Type, At), SC_None, nullptr);
    Local->setScopeInfo(0, F->Struct->getFunctionScopeIndex());
    if (Type->isPointerType()) {
      ParamAnnotation Borrow = Structs[F->Struct];
      if (Borrow.Kind == Ownership::InOut && !F->Written)
        Borrow.Kind = Ownership::In;
      Borrow.Field = F->Field;
      Borrow.Length = F->Length;
      Borrow.LengthLoc = F->LengthLoc;
      Annotations.Params[Local] = Borrow;
    }
    for (const MemberExpr *Use : F->Uses) {
      // Parentheses spanning `p->x` keep the source range of the use.
      auto *Ref = DeclRefExpr::Create(MutableCtx, NestedNameSpecifierLoc(),
                                      SourceLocation(), Local, false,
                                      Use->getMemberLoc(), Use->getType(),
                                      VK_LValue);
      auto *Replacement = new (MutableCtx)
          ParenExpr(Use->getBeginLoc(), Use->getEndLoc(), Ref);
      for (Stmt *&Child :
           const_cast<Stmt *>(PM.getParent(Use))->children())
        if (Child == Use)
          Child = Replacement;
      Out.Uses.emplace_back(
          SM, CharSourceRange::getTokenRange(Use->getSourceRange()), Name,
          Ctx.getLangOpts());
    }
  }
  for (const auto &[P, PA] : Structs)
    Annotations.Params.erase(P);
  return Out;
}

} // namespace

llvm::Expected<FieldLocals>
expandStructParameters(KernelAnnotations &Annotations) {
  return Expander(Annotations).run();
}

} // namespace ownmap
