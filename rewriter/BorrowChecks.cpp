//===- BorrowChecks.cpp - a loop's accesses against a pointer's borrow ----===//
#include "BorrowChecks.h"
#include "Diagnostics.h"
#include "SourceText.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace ownmap {

llvm::Error checkBorrow(const SubscriptAnalysis &Subscripts,
                        const VariableAccesses &VA,
                        const ParamAnnotation &PA) {
  llvm::StringRef Name = VA.Var->getName();
  std::string AnnotatedHere =
      "'" + Name.str() + "' is annotated " + macroName(*PA.Kind).str() +
      " here";
  if (*PA.Kind == Ownership::In) {
    for (const Access &A : VA.Accesses)
      if (isWrite(A.Kind))
        return sourceError(Rule::BorrowWriteIn, A.Site->getBeginLoc(),
                           "write through '" + Name +
                               "', which is OM_IN (a shared borrow: the "
                               "device may only read it)",
                           FindingDetails{Name.str(), "", "", ""}, PA.KindLoc, AnnotatedHere);
  }
  bool Uninitialised =
      *PA.Kind == Ownership::Out || *PA.Kind == Ownership::Scratch;
  if (!Uninitialised)
    return llvm::Error::success();
  // Each read is of an element the iteration has written before.
  std::vector<Polynomial> Written;
  for (const Access &A : VA.Accesses) {
    auto S = Subscripts.analyse(A);
    std::optional<Polynomial> At;
    if (S)
      At = S->Value;
    else
      llvm::consumeError(S.takeError());
    if (isRead(A.Kind) && !(At && llvm::is_contained(Written, *At)))
      return sourceError(Rule::BorrowReadBeforeWrite, A.Site->getBeginLoc(),
                         "read of '" + Name +
                             "' before it is written in this iteration; " +
                             macroName(*PA.Kind) +
                             " data is uninitialised on the device",
                         FindingDetails{Name.str(), "", "", ""}, PA.KindLoc,
                         AnnotatedHere);
    if (isWrite(A.Kind) && At && !A.Field)
      Written.push_back(*At);
  }
  return llvm::Error::success();
}

llvm::Error checkOutCoverage(const SubscriptAnalysis &Subscripts,
                             const VariableAccesses &VA,
                             const ParamAnnotation &PA) {
  const ASTContext &Ctx = VA.Var->getASTContext();
  auto text = [&](const Expr *E) { return sourceText(E, Ctx); };
  if (*PA.Kind != Ownership::Out)
    return llvm::Error::success();
  llvm::StringRef Name = VA.Var->getName();
  std::string AnnotatedHere = "'" + Name.str() + "' is annotated OM_OUT here";
  std::vector<AffineSubscript> Certain;
  const Access *Write = nullptr;
  for (const Access &A : VA.Accesses) {
    if (!isWrite(A.Kind) || A.Conditional || A.Field)
      continue;
    Write = Write ? Write : &A;
    auto S = Subscripts.analyse(A);
    if (!S) {
      llvm::consumeError(S.takeError());
      continue;
    }
    if (llvm::none_of(Certain, [&](const AffineSubscript &C) {
          return C.Value == S->Value;
        }))
      Certain.push_back(std::move(*S));
  }
  const Access *FieldWrite = nullptr;
  for (const Access &A : VA.Accesses)
    if (isWrite(A.Kind) && A.Field && !FieldWrite)
      FieldWrite = &A;
  if (!Write && FieldWrite)
    return sourceError(Rule::BorrowOutCoverage,
                       FieldWrite->Site->getBeginLoc(),
                       "'" + Name + "' is OM_OUT but the loop writes only "
                                    "fields of '" +
                           text(FieldWrite->Site) +
                           "'; the other fields would be copied back "
                           "uninitialised: use OM_INOUT",
                       FindingDetails{Name.str(), "", "", "OM_INOUT"},
                       PA.KindLoc, AnnotatedHere);
  if (!Write)
    return sourceError(
        Rule::BorrowOutCoverage, VA.Accesses.front().Site->getBeginLoc(),
        "'" + Name +
            "' is OM_OUT but no iteration is certain to write it (writes "
            "are conditional); elements left unwritten would be copied back "
            "uninitialised: use OM_INOUT",
        FindingDetails{Name.str(), "", "", "OM_INOUT"}, PA.KindLoc,
        AnnotatedHere);
  for (const Access &A : VA.Accesses) {
    auto S = Subscripts.analyse(A);
    bool Covered = S && llvm::any_of(Certain, [&](const AffineSubscript &C) {
                     return C.Value == S->Value;
                   });
    if (!S)
      llvm::consumeError(S.takeError());
    if (!Covered && !Certain.empty() && &A != Write)
      return sourceError(Rule::BorrowOutCoverage, A.Site->getBeginLoc(),
                         "'" + Name + "' is OM_OUT but '" + text(A.Site) +
                             "' reaches elements that no iteration is certain "
                             "to write; they would be copied back "
                             "uninitialised: use OM_INOUT",
                         FindingDetails{Name.str(), "", "", "OM_INOUT"},
                         PA.KindLoc, AnnotatedHere);
  }
  if (Certain.size() == 1 && Subscripts.isDense(Certain.front()))
    return llvm::Error::success();
  if (Certain.size() > 1 && Subscripts.isDenseTogether(Certain))
    return llvm::Error::success();
  return sourceError(Rule::BorrowOutCoverage, Write->Site->getBeginLoc(),
                     "'" + Name + "' is OM_OUT but '" + text(Write->Site) +
                         "' does not write every element of its section; "
                         "elements left unwritten would be copied back "
                         "uninitialised: use OM_INOUT",
                     FindingDetails{Name.str(), "", "", "OM_INOUT"},
                     PA.KindLoc, AnnotatedHere);
}

} // namespace ownmap
