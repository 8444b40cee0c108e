//===- BorrowChecks.cpp - a loop's accesses against a pointer's borrow ----===//
#include "BorrowChecks.h"
#include "DenseSubscripts.h"
#include "Diagnostics.h"
#include "EmptyLoops.h"
#include "SourceText.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace ownmap {

/// True when write W, before read R in the iteration, has certainly run when
/// R runs: W is unconditional and inside no inner loop that R is not inside
/// too (an inner loop may run zero times).
static bool runsBefore(const Access &W, const Access &R) {
  if (W.Conditional || W.Field || W.InnerLoops.size() > R.InnerLoops.size())
    return false;
  for (size_t K = 0; K < W.InnerLoops.size(); ++K)
    if (W.InnerLoops[K].Loop != R.InnerLoops[K].Loop)
      return false;
  return true;
}

/// The reads of VA whose element the iteration has not certainly written
/// before them.
static std::vector<const Access *>
readsBeforeWrite(const SubscriptAnalysis &Subscripts,
                 const VariableAccesses &VA) {
  std::vector<std::pair<const Access *, Polynomial>> Written;
  std::vector<const Access *> Early;
  for (const Access &A : VA.Accesses) {
    auto S = A.Callee ? llvm::Expected<AffineSubscript>(llvm::createStringError(
                            "passed to a call"))
                      : Subscripts.analyse(A);
    std::optional<Polynomial> At;
    if (S)
      At = S->Value;
    else
      llvm::consumeError(S.takeError());
    if (isRead(A.Kind) &&
        !(At && llvm::any_of(Written, [&](const auto &W) {
            return W.second == *At && runsBefore(*W.first, A);
          })))
      Early.push_back(&A);
    if (isWrite(A.Kind) && At)
      Written.push_back({&A, *At});
  }
  return Early;
}

llvm::Error checkBorrow(const VariableAccesses &VA, const ParamAnnotation &PA) {
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
  return llvm::Error::success();
}

/// The lower of A and B where Facts hold, if one provably is.
static std::optional<Polynomial> lower(const Polynomial &A, const Polynomial &B,
                                       llvm::ArrayRef<Polynomial> Facts) {
  if (provenNonNegative(B - A, Facts))
    return A;
  if (provenNonNegative(A - B, Facts))
    return B;
  return std::nullopt;
}

/// The range [Min, Max] of All, when their ends compare where the loops
/// around them run (with the facts Stated too).
static std::optional<ElementRange>
rangeOf(llvm::ArrayRef<AffineSubscript> All, llvm::ArrayRef<Polynomial> Stated) {
  std::vector<std::vector<IndexRange>> Nests;
  for (const AffineSubscript &S : All)
    Nests.push_back(S.Nest);
  ElementRange R{All.front().Min, All.front().Max, runningFacts(Nests), {}};
  std::vector<Polynomial> Facts = R.Running;
  llvm::append_range(Facts, Stated);
  for (const AffineSubscript &S : All.drop_front()) {
    std::optional<Polynomial> Min = lower(R.Min, S.Min, Facts);
    std::optional<Polynomial> NegMax =
        lower(Polynomial(0) - R.Max, Polynomial(0) - S.Max, Facts);
    if (!Min || !NegMax)
      return std::nullopt;
    R.Min = *Min;
    R.Max = Polynomial(0) - *NegMax;
  }
  return R;
}

llvm::Expected<std::optional<ElementRange>>
earlyReads(const SubscriptAnalysis &Subscripts, const VariableAccesses &VA,
           const ParamAnnotation &PA, llvm::ArrayRef<Polynomial> Stated) {
  if (*PA.Kind != Ownership::Out && *PA.Kind != Ownership::Scratch)
    return std::nullopt;
  std::vector<const Access *> Early = readsBeforeWrite(Subscripts, VA);
  if (Early.empty())
    return std::nullopt;
  llvm::StringRef Name = VA.Var->getName();
  llvm::StringRef Macro = macroName(*PA.Kind);
  auto Refuse = [&](const Access &A, const llvm::Twine &Why) {
    return sourceError(Rule::BorrowReadBeforeWrite, A.Site->getBeginLoc(),
                       "read of '" + Name +
                           "' before it is written in this iteration; " +
                           Macro + " data is uninitialised on the device (" +
                           Why + ")",
                       FindingDetails{Name.str(), "", "", ""}, PA.KindLoc,
                       "'" + Name + "' is annotated " + Macro + " here");
  };
  std::vector<AffineSubscript> Reads;
  for (const Access *A : Early) {
    if (A->Callee)
      return Refuse(*A, "it is passed to '" + A->Callee->getName() +
                            "', whose reads cannot be bounded");
    auto S = Subscripts.analyse(*A);
    if (!S)
      return Refuse(*A, "the elements it reaches cannot be bounded: " +
                            llvm::toString(S.takeError()));
    Reads.push_back(std::move(*S));
  }
  std::optional<ElementRange> R = rangeOf(Reads, Stated);
  if (!R)
    return Refuse(*Early.front(),
                  "the elements the loop reads cannot be bounded together");
  R->Site = Early.front()->Site->getBeginLoc();
  return R;
}

/// The distinct subscripts of VA's writes that run in every iteration
/// (unconditional, of whole elements); First is the first such write, or
/// null when there is none.
static std::vector<AffineSubscript>
certainWrites(const SubscriptAnalysis &Subscripts, const VariableAccesses &VA,
              const Access *&First) {
  std::vector<AffineSubscript> Certain;
  First = nullptr;
  for (const Access &A : VA.Accesses) {
    if (!isWrite(A.Kind) || A.Conditional || A.Field)
      continue;
    First = First ? First : &A;
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
  return Certain;
}

/// True when Certain (certainWrites) reach every element of their range.
static bool dense(llvm::ArrayRef<AffineSubscript> Certain) {
  return Certain.size() == 1 ? isDense(Certain.front())
                             : Certain.size() > 1 && isDenseTogether(Certain);
}

std::optional<ElementRange> certainlyWritten(const SubscriptAnalysis &Subscripts,
                                             const VariableAccesses &VA,
                                             llvm::ArrayRef<Polynomial> Stated) {
  const Access *First;
  std::vector<AffineSubscript> Certain = certainWrites(Subscripts, VA, First);
  if (!First || !dense(Certain))
    return std::nullopt;
  std::optional<ElementRange> R = rangeOf(Certain, Stated);
  if (R)
    R->Site = First->Site->getBeginLoc();
  return R;
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
  // A loop that only reads it reads what an earlier loop wrote
  // (EarlierWrites.h), and copies nothing back inside the region that
  // keeps it.
  if (llvm::none_of(VA.Accesses,
                    [](const Access &A) { return isWrite(A.Kind); }))
    return llvm::Error::success();
  const Access *Write;
  std::vector<AffineSubscript> Certain = certainWrites(Subscripts, VA, Write);
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
  if (dense(Certain))
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
