//===- SpanRegions.cpp - one region over a kernel's loops and host loops --===//
#include "SpanRegions.h"
#include "ChangedVariables.h"
#include "KernelRewrite.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ownmap {
namespace {

/// True when S names V other than inside a loop of Loops.
bool hostCodeNames(const Stmt *S, const VarDecl *V,
                   llvm::ArrayRef<PlannedLoop> Loops) {
  if (!S || llvm::any_of(
                Loops, [&](const PlannedLoop &L) { return L.Site.Loop == S; }))
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    return Ref->getDecl() == V;
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return hostCodeNames(Child, V, Loops);
  });
}

/// A statement of the kernel's body and the loops of Loops in it.
struct Unit {
  const Stmt *Statement;
  size_t First, Last;
};

class SpanPlanner {
public:
  SpanPlanner(llvm::ArrayRef<PlannedLoop> Loops,
              llvm::ArrayRef<DataRegion> Regions, ASTContext &Ctx)
      : Loops(Loops), Regions(Regions), Ctx(Ctx) {}

  /// The span region over Units, which with the host statements between
  /// them are Spanned, if it keeps an array.
  std::optional<DataRegion> plan(llvm::ArrayRef<Unit> Units,
                                 llvm::ArrayRef<const Stmt *> Spanned) const {
    DataRegion Region;
    Region.First = Units.front().First;
    Region.Last = Units.back().Last;
    Region.FirstStatement = Units.front().Statement;
    Region.LastStatement = Units.back().Statement;
    // What the span changes, and what it declares, which has no value (nor
    // name) where the span begins: maps and checks there may name neither.
    for (const Stmt *S : Spanned) {
      for (const VarDecl *V : changedVariables(S))
        Region.Changed.insert(V);
      for (const VarDecl *V : declaredVariables(S))
        Region.Changed.insert(V);
    }
    llvm::MapVector<const VarDecl *, std::vector<const VariablePlan *>> Uses;
    llvm::MapVector<const VarDecl *, llvm::SmallPtrSet<const Stmt *, 4>> In;
    for (const Unit &U : Units)
      for (size_t K = U.First; K <= U.Last; ++K)
        for (const VariablePlan &V : Loops[K].Plan.Variables)
          if (V.Map && V.Lower && V.Length) {
            Uses[V.Var].push_back(&V);
            In[V.Var].insert(U.Statement);
          }
    for (const auto &[Var, Plans] : Uses)
      if (In[Var].size() >= 2)
        if (auto Kept = keep(Var, Plans, Units, Region))
          Region.Variables.push_back(std::move(*Kept));
    if (Region.Variables.empty())
      return std::nullopt;
    return Region;
  }

private:
  llvm::ArrayRef<PlannedLoop> Loops;
  llvm::ArrayRef<DataRegion> Regions;
  ASTContext &Ctx;

  /// True when host code of U that names Var is covered by the region
  /// around U's host loop keeping Var.
  bool hostCodeCovered(const Unit &U, const VarDecl *Var) const {
    if (!hostCodeNames(U.Statement, Var, Loops))
      return true;
    return llvm::any_of(Regions, [&](const DataRegion &R) {
      return R.HostLoop == U.Statement &&
             llvm::any_of(R.Variables, [&](const RegionVariable &V) {
               return V.Var == Var;
             });
    });
  }

  std::optional<RegionVariable> keep(const VarDecl *Var,
                                     llvm::ArrayRef<const VariablePlan *> Plans,
                                     llvm::ArrayRef<Unit> Units,
                                     const DataRegion &Region) const {
    const std::optional<std::string> &Whole = Plans.front()->WholeCount;
    if (!Whole || llvm::any_of(Plans, [&](const VariablePlan *P) {
          return P->WholeCount != Whole;
        }))
      return std::nullopt;
    // The pointer and its count keep their values over the span (a swap of
    // buffers inside a host loop would leave the span's map behind).
    if (Region.Changed.count(Var) ||
        !Region.invariant(Polynomial::count(*Whole)))
      return std::nullopt;
    if (!llvm::all_of(Units,
                      [&](const Unit &U) { return hostCodeCovered(U, Var); }))
      return std::nullopt;
    bool OnlyRead = llvm::all_of(
        Plans, [](const VariablePlan *P) { return P->Map == MapKind::To; });
    bool Scratch = llvm::any_of(
        Plans, [](const VariablePlan *P) { return P->Map == MapKind::Alloc; });
    if (Scratch)
      return std::nullopt;
    const SourceManager &SM = Ctx.getSourceManager();
    PresumedLoc From =
        SM.getPresumedLoc(Units.front().Statement->getBeginLoc());
    PresumedLoc To = SM.getPresumedLoc(Units.back().Statement->getBeginLoc());
    return RegionVariable{Var, OnlyRead ? MapKind::To : MapKind::ToFrom,
                          Var->getName().str() + "[0:" + *Whole + "]",
                          "used by the statements at lines " +
                              std::to_string(From.getLine()) + " to " +
                              std::to_string(To.getLine()) +
                              "; mapped once around them whole",
                          *Whole, Polynomial(0),
                          Polynomial::count(*Whole)};
  }
};

} // namespace

std::vector<DataRegion> planSpanRegions(llvm::ArrayRef<PlannedLoop> Loops,
                                        llvm::ArrayRef<DataRegion> Regions,
                                        const Stmt &KernelBody,
                                        ASTContext &Ctx) {
  const auto *Body = dyn_cast<CompoundStmt>(&KernelBody);
  if (!Body)
    return {};
  const SourceManager &SM = Ctx.getSourceManager();
  SpanPlanner Planner(Loops, Regions, Ctx);
  std::vector<DataRegion> Spans;
  std::vector<Unit> Units;
  std::vector<const Stmt *> Between, Spanned;
  auto Close = [&] {
    // Loops of the block alone are a block region's (DataRegion.h).
    bool HostLoop = llvm::any_of(Units, [&](const Unit &U) {
      return llvm::none_of(Loops, [&](const PlannedLoop &L) {
        return L.Site.Loop == U.Statement;
      });
    });
    if (Units.size() >= 2 && HostLoop)
      if (auto Region = Planner.plan(Units, Spanned))
        Spans.push_back(std::move(*Region));
    Units.clear();
    Between.clear();
    Spanned.clear();
  };
  for (const Stmt *S : Body->body()) {
    std::optional<Unit> U;
    for (size_t K = 0; K < Loops.size(); ++K)
      if (SM.isPointWithin(Loops[K].Site.Loop->getForLoc(), S->getBeginLoc(),
                           S->getEndLoc())) {
        if (!U)
          U = Unit{S, K, K};
        U->Last = K;
      }
    if (!U) {
      if (!Units.empty())
        Between.push_back(S);
      continue;
    }
    bool Joins =
        !Units.empty() && regionMaySpan(Between, Loops, Ctx) &&
        llvm::none_of(Between, [&](const Stmt *H) {
          return llvm::any_of(Loops, [&](const PlannedLoop &L) {
            return llvm::any_of(L.Plan.Variables, [&](const VariablePlan &V) {
              return V.Map && mentionsVariable(H, *V.Var);
            });
          });
        });
    if (!Joins)
      Close();
    if (!S->getBeginLoc().isMacroID() && startsLine(S->getBeginLoc(), SM) &&
        canInsertLineAfter(*S, SM, Ctx.getLangOpts())) {
      llvm::append_range(Spanned, Between);
      Spanned.push_back(S);
      Units.push_back(*U);
      Between.clear();
    } else {
      Close();
    }
  }
  Close();
  return Spans;
}

} // namespace ownmap
