//===- AssumedFacts.cpp - leading dimensions taken as wide enough ---------===//
#include "AssumedFacts.h"
#include "CanonicalLoop.h"
#include "ChangedVariables.h"
#include "HostFallback.h"
#include "LoopPlanner.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace ownmap {
namespace {

class CandidateFinder {
public:
  explicit CandidateFinder(const FunctionDecl &Kernel)
      : Kernel(Kernel), Changed(changedVariables(Kernel.getBody())) {
    collectLoops(Kernel.getBody());
    visit(Kernel.getBody());
  }

  std::vector<StatedFact> take() { return std::move(Found); }

private:
  const FunctionDecl &Kernel;
  VariableSet Changed;
  /// Each canonical loop's index, with its limit when it starts at 0
  /// below a parameter.
  llvm::DenseMap<const VarDecl *, const ParmVarDecl *> Indices;
  std::vector<StatedFact> Found;

  /// An integer parameter of the kernel that it does not change, named
  /// by E.
  const ParmVarDecl *keptParameter(const Expr *E) const {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
    return P && P->getType()->isIntegerType() && !Changed.count(P) ? P
                                                                     : nullptr;
  }

  const VarDecl *index(const Expr *E) const {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return V && Indices.count(V) ? V : nullptr;
  }

  void collectLoops(const Stmt *S) {
    if (!S)
      return;
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      auto Canonical = matchCanonicalLoop(*For);
      if (!Canonical) {
        llvm::consumeError(Canonical.takeError());
      } else {
        Expr::EvalResult Start;
        bool FromZero =
            !Canonical->Downward && !Canonical->Inclusive &&
            Canonical->Init->EvaluateAsInt(Start, Kernel.getASTContext()) &&
            Start.Val.getInt() == 0;
        Indices[Canonical->Index] =
            FromZero ? keptParameter(Canonical->Limit) : nullptr;
      }
    }
    for (const Stmt *Child : S->children())
      collectLoops(Child);
  }

  void add(const ParmVarDecl &Stride, const ParmVarDecl *Row) {
    Polynomial Ld = Polynomial::atom(Atom{Stride.getName().str(), &Stride});
    auto Add = [&](std::string Text, Polynomial Value) {
      if (llvm::none_of(Found, [&](const StatedFact &F) {
            return F.Value == Value;
          }))
        Found.push_back({std::move(Text), std::move(Value), true});
    };
    Add(Stride.getName().str() + " >= 0", Ld);
    if (Row)
      Add(Stride.getName().str() + " >= " + Row->getName().str(),
          Ld - Polynomial::atom(Atom{Row->getName().str(), Row}));
  }

  /// `i * ld`, `ld * i`: the parameter.
  const ParmVarDecl *strideOf(const Expr *E) const {
    const auto *Mul = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!Mul || Mul->getOpcode() != BO_Mul)
      return nullptr;
    if (index(Mul->getLHS()))
      return keptParameter(Mul->getRHS());
    if (index(Mul->getRHS()))
      return keptParameter(Mul->getLHS());
    return nullptr;
  }

  void visit(const Stmt *S) {
    if (!S)
      return;
    if (const auto *Sum = dyn_cast<BinaryOperator>(S);
        Sum && Sum->getOpcode() == BO_Add) {
      for (auto [Product, Other] : {std::pair(Sum->getLHS(), Sum->getRHS()),
                                    std::pair(Sum->getRHS(), Sum->getLHS())})
        if (const ParmVarDecl *Stride = strideOf(Product)) {
          const VarDecl *Column = index(Other);
          add(*Stride, Column ? Indices.lookup(Column) : nullptr);
        }
    }
    for (const Stmt *Child : S->children())
      visit(Child);
  }
};

} // namespace

std::vector<StatedFact>
leadingDimensionFacts(const KernelAnnotations &Annotations) {
  std::vector<StatedFact> Found =
      CandidateFinder(*Annotations.Kernel).take();
  llvm::erase_if(Found, [&](const StatedFact &F) {
    return llvm::any_of(Annotations.Facts, [&](const StatedFact &Stated) {
      return Stated.Value == F.Value;
    });
  });
  return Found;
}

void assumeLeadingDimensions(KernelAnnotations &Annotations,
                             llvm::ArrayRef<LoopSite> Sites,
                             std::vector<PlannedLoop> &Loops,
                             std::vector<HostLoop> &Host) {
  if (Host.empty())
    return;
  std::vector<StatedFact> Facts = leadingDimensionFacts(Annotations);
  if (Facts.empty() || !copyOfBody(*Annotations.Kernel))
    return;
  KernelAnnotations Assuming = Annotations;
  llvm::append_range(Assuming.Facts, Facts);
  std::vector<PlannedLoop> NewLoops;
  std::vector<HostLoop> NewHost;
  if (auto E = planKernelLoops(Assuming, Sites,
                               Annotations.Kernel->getASTContext(), NewLoops,
                               NewHost)) {
    llvm::consumeError(std::move(E));
    return;
  }
  if (NewHost.size() >= Host.size())
    return;
  Annotations = std::move(Assuming);
  Loops = std::move(NewLoops);
  Host = std::move(NewHost);
}

} // namespace ownmap
