//===- EarlierWrites.cpp - uninitialised data one loop writes, a later reads ===//
#include "EarlierWrites.h"
#include "Diagnostics.h"
#include "EmptyLoops.h"
#include "HostUses.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace ownmap {

namespace {

/// Loop K's plan of Var, or null when the loop does not use it.
const VariablePlan *planOf(const PlannedLoop &Loop, const VarDecl *Var) {
  for (const VariablePlan &V : Loop.Plan.Variables)
    if (V.Var == Var)
      return &V;
  return nullptr;
}

/// "12:3", where Loop starts.
std::string where(const PlannedLoop &Loop, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(Loop.Site.Loop->getForLoc());
  return std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
}

std::string elements(const ElementRange &R) {
  return "[" + R.Min.str() + ", " + R.Max.str() + "]";
}

/// True when Written contains Read whenever the reading loop runs, the
/// writing loop then runs too, and the host changes no scalar of either
/// inside Region.
bool covers(const ElementRange &Written, const ElementRange &Read,
            const DataRegion &Region, llvm::ArrayRef<Polynomial> Stated) {
  std::vector<const Polynomial *> Bounds{&Written.Min, &Written.Max,
                                         &Read.Min, &Read.Max};
  for (const ElementRange *R : {&Written, &Read})
    for (const Polynomial &F : R->Running)
      Bounds.push_back(&F);
  if (!llvm::all_of(Bounds,
                    [&](const Polynomial *P) { return Region.invariant(*P); }))
    return false;
  std::vector<Polynomial> Facts = Read.Running;
  llvm::append_range(Facts, Stated);
  return provenNonNegative(Read.Min - Written.Min, Facts) &&
         provenNonNegative(Written.Max - Read.Max, Facts) &&
         llvm::all_of(Written.Running, [&](const Polynomial &F) {
           return provenNonNegative(F, Facts);
         });
}

/// The region that spans loops J and K, if any.
const DataRegion *spanning(llvm::ArrayRef<DataRegion> Regions, size_t J,
                           size_t K) {
  for (const DataRegion &Region : Regions)
    if (Region.First <= J && K <= Region.Last)
      return &Region;
  return nullptr;
}

bool keeps(const DataRegion &Region, const VarDecl *Var) {
  return llvm::any_of(Region.Variables,
                      [&](const RegionVariable &V) { return V.Var == Var; });
}

/// The earlier loop that provides the elements of Var that loop K reads
/// before writing: in the same block, it certainly writes all of them, and
/// a data region keeps Var on the device from it to loop K.
struct Provider {
  std::optional<size_t> Writer;
  std::string Why; // when there is none: why the nearest candidate fails
};

/// True when the host statements of loop K's block (those that are not
/// offloaded loops) write elements of Var: in forward substitution,
/// `x[i] = s / L[i * n + i]` after the loop over j that reads x[0, i).
bool hostWritesAround(llvm::ArrayRef<PlannedLoop> Loops, size_t K,
                      const VarDecl *Var) {
  const CompoundStmt *Block = Loops[K].Site.Block;
  if (!Block)
    return false;
  std::vector<const Stmt *> Host;
  for (const Stmt *S : Block->body())
    if (llvm::none_of(Loops,
                      [&](const PlannedLoop &L) { return L.Site.Loop == S; }))
      Host.push_back(S);
  HostUses Uses = collectHostUses(Host, Var->getASTContext());
  auto It = Uses.Variables.find(Var);
  return (It != Uses.Variables.end() && It->second.Write) ||
         llvm::any_of(Uses.Elements, [&](const ElementUse &E) {
           return E.Pointer == Var && E.Write;
         });
}

Provider findWriter(llvm::ArrayRef<PlannedLoop> Loops, size_t K,
                    const VarDecl *Var, const ElementRange &Read,
                    llvm::ArrayRef<DataRegion> Regions,
                    llvm::ArrayRef<Polynomial> Stated) {
  const SourceManager &SM = Var->getASTContext().getSourceManager();
  std::string Name = Var->getName().str();
  Provider P;
  auto Candidate = [&](const std::string &Why) {
    if (P.Why.empty())
      P.Why = Why;
  };
  for (size_t J = K; J-- > 0;) {
    const VariablePlan *W = planOf(Loops[J], Var);
    if (!W || W->FirstWrite.isInvalid())
      continue;
    std::string At = "the loop at " + where(Loops[J], SM);
    const DataRegion *Region = spanning(Regions, J, K);
    if (Loops[J].Site.Block != Loops[K].Site.Block)
      Candidate(At + " writes '" + Name +
                "' in another block; no data region can keep it on the "
                "device from there to this loop");
    else if (!Region || !keeps(*Region, Var))
      Candidate(At + " writes '" + Name +
                "', but no data region keeps it on the device from there "
                "to this loop (host code between them may reach it, "
                "declare a variable, jump, or move a mapped pointer)");
    else if (!W->CertainlyWritten)
      Candidate(At + " is not certain to write every element of '" + Name +
                "' it reaches (its writes are conditional, of fields only, "
                "or leave gaps)");
    else if (!covers(*W->CertainlyWritten, Read, *Region, Stated))
      Candidate(At + " writes the elements " +
                elements(*W->CertainlyWritten) + " of '" + Name +
                "', which are not certain to contain the elements " +
                elements(Read) + " this loop reads");
    else {
      P.Writer = J;
      return P;
    }
  }
  if (hostWritesAround(Loops, K, Var))
    Candidate("the host code around this loop writes '" + Name +
              "', but what the host writes reaches the device only for " +
              "data copied in: annotate '" + Name + "' OM_INOUT");
  else
    Candidate("no earlier loop of the kernel writes '" + Name + "'");
  return P;
}

/// The error for V's reads before write, for the reason Why.
llvm::Error readBeforeWrite(const VariablePlan &V, const std::string &Why) {
  std::string Name = V.Var->getName().str();
  llvm::StringRef Macro = macroName(*V.Annotation);
  return sourceError(Rule::BorrowReadBeforeWrite, V.ReadsBeforeWrite->Site,
                     "read of '" + Name +
                         "' before it is written in this iteration; " +
                         Macro + " data is uninitialised on the device (" +
                         Why + ")",
                     FindingDetails{Name, "", "", ""}, V.AnnotationLoc,
                     "'" + Name + "' is annotated " + Macro + " here");
}

} // namespace

llvm::Error checkEarlierWrites(llvm::MutableArrayRef<PlannedLoop> Loops,
                               llvm::ArrayRef<DataRegion> Regions,
                               llvm::ArrayRef<Polynomial> Stated) {
  llvm::Error Errors = llvm::Error::success();
  for (size_t K = 0; K < Loops.size(); ++K)
    for (VariablePlan &V : Loops[K].Plan.Variables) {
      if (!V.ReadsBeforeWrite)
        continue;
      const SourceManager &SM = V.Var->getASTContext().getSourceManager();
      Provider P =
          findWriter(Loops, K, V.Var, *V.ReadsBeforeWrite, Regions, Stated);
      if (P.Writer) {
        V.Reason += "; reads the elements " + elements(*V.ReadsBeforeWrite) +
                    " that the loop at " + where(Loops[*P.Writer], SM) +
                    " writes, kept on the device by the data region";
        continue;
      }
      Errors = llvm::joinErrors(std::move(Errors), readBeforeWrite(V, P.Why));
    }
  return Errors;
}

llvm::Error checkEarlierWriters(llvm::ArrayRef<PlannedLoop> Loops) {
  llvm::Error Errors = llvm::Error::success();
  for (size_t K = 0; K < Loops.size(); ++K)
    for (const VariablePlan &V : Loops[K].Plan.Variables) {
      bool Written = false;
      for (size_t J = 0; J < K && !Written; ++J) {
        const VariablePlan *W = planOf(Loops[J], V.Var);
        Written = W && W->FirstWrite.isValid() &&
                  Loops[J].Site.Block == Loops[K].Site.Block;
      }
      if (V.ReadsBeforeWrite && !Written)
        Errors = llvm::joinErrors(
            std::move(Errors),
            readBeforeWrite(V, "no earlier loop of the kernel writes '" +
                                   V.Var->getName().str() + "'"));
    }
  return Errors;
}

} // namespace ownmap
