//===- ElementReductions.cpp - one array element reduced over an inner loop ===//
#include "ElementReductions.h"
#include "ChangedVariables.h"
#include "SourceText.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ownmap {

std::string ElementReduction::declaration() const {
  return Type + " " + Local + " = " + Element + ";";
}

std::string ElementReduction::writeBack() const {
  return Element + " = " + Local + ";";
}

llvm::Error ElementReduction::addEdits(const SourceManager &SM,
                                       tooling::Replacements &Edits) const {
  for (const CharSourceRange &Site : Sites)
    if (auto E = Edits.add(tooling::Replacement(SM, Site, Local)))
      return E;
  return llvm::Error::success();
}

namespace {

/// Finds the element reduction of one array in one inner loop.
class Finder {
public:
  Finder(const VariableAccesses &VA, const ForStmt &Inner, unsigned Depth,
         const ASTContext &Ctx)
      : VA(VA), Inner(Inner), Ctx(Ctx),
        SM(Ctx.getSourceManager()) {
    for (const Access &A : VA.Accesses)
      if (A.InnerLoops.size() >= Depth &&
          A.InnerLoops[Depth - 1].Loop == &Inner)
        Inside.push_back(&A);
  }

  /// The updates of the array in the loop, when each is a reduction update
  /// of one element written alike, by one operator.
  bool readUpdates() {
    for (const Access *A : Inside)
      if (isWrite(A->Kind))
        WriteSites.insert(A->Site);
    if (WriteSites.empty())
      return false;
    unsigned Found = 0;
    if (!visit(Inner.getBody(), Found))
      return false;
    return Found == WriteSites.size();
  }

  /// The element's accesses and the others, all of which must read.
  bool split(const Access *&ElementAccess,
             std::vector<const Access *> &Others) const {
    for (const Access *A : Inside) {
      if (!ElementSites.count(A->Site)) {
        if (isWrite(A->Kind))
          return false;
        Others.push_back(A);
      } else if (isWrite(A->Kind)) {
        ElementAccess = A;
      }
    }
    return ElementAccess != nullptr;
  }

  /// True when the element's subscripts name no variable the loop changes
  /// or declares.
  bool invariant() const {
    VariableSet Changed = changedVariables(&Inner);
    llvm::SmallVector<const Stmt *, 8> Work{Element};
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
        const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        if (!V)
          continue;
        if (Changed.count(V) ||
            SM.isPointWithin(V->getLocation(), Inner.getBeginLoc(),
                             Inner.getEndLoc()))
          return false;
      }
      llvm::append_range(Work, S->children());
    }
    return true;
  }

  /// The reduction, with its sites in the file; none when one of them is
  /// not written in the file (a macro's body).
  std::optional<ElementReduction> take() const {
    ElementReduction R;
    R.Var = VA.Var;
    R.Op = Op;
    R.Type = Element->getType().getUnqualifiedType().getAsString(
        Ctx.getPrintingPolicy());
    R.Local = freshName("ownmap_acc_" + VA.Var->getName().str(), 0, Ctx);
    for (const Expr *Site : ElementSites) {
      CharSourceRange Range = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(Site->getSourceRange()), SM,
          Ctx.getLangOpts());
      if (Range.isInvalid())
        return std::nullopt;
      if (llvm::none_of(R.Sites, [&](const CharSourceRange &Seen) {
            return Seen.getBegin() == Range.getBegin();
          }))
        R.Sites.push_back(Range);
    }
    R.Element =
        Lexer::getSourceText(R.Sites.front(), SM, Ctx.getLangOpts()).str();
    return R;
  }

private:
  const VariableAccesses &VA;
  const ForStmt &Inner;
  const ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<const Access *> Inside;
  llvm::SmallPtrSet<const Expr *, 4> WriteSites;
  /// The element as first updated, the operator, and every expression
  /// that names it in an update.
  const Expr *Element = nullptr;
  ReductionOp Op = ReductionOp::Add;
  llvm::SmallSetVector<const Expr *, 4> ElementSites;

  /// Visits S's assignments to the array; false at one that is no
  /// reduction update of the element. Found counts them.
  bool visit(const Stmt *S, unsigned &Found) {
    if (!S)
      return true;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
      if (const Expr *LHS = B->getLHS()->IgnoreParens();
          WriteSites.count(LHS)) {
        ++Found;
        if (!update(*B, *LHS))
          return false;
      }
    return llvm::all_of(S->children(), [&](const Stmt *Child) {
      return visit(Child, Found);
    });
  }

  bool update(const BinaryOperator &B, const Expr &LHS) {
    std::optional<ReductionUpdate> U = elementUpdate(B, Ctx);
    if (!U)
      return false;
    if (!Element) {
      Element = &LHS;
      Op = U->Op;
    } else if (U->Op != Op || !sameValue(&LHS, Element, Ctx)) {
      return false;
    }
    ElementSites.insert(&LHS);
    if (B.getOpcode() == BO_Assign)
      collectCopies(B.getRHS(), U->Operand);
    return true;
  }

  /// The expressions of S, outside Operand, that name the element.
  void collectCopies(const Stmt *S, const Expr *Operand) {
    if (!S || S == Operand)
      return;
    if (const auto *E = dyn_cast<Expr>(S);
        E && E == E->IgnoreParens() && sameValue(E, Element, Ctx) &&
        E->getStmtClass() == Element->getStmtClass()) {
      ElementSites.insert(E);
      return;
    }
    for (const Stmt *Child : S->children())
      collectCopies(Child, Operand);
  }
};

} // namespace

std::optional<ElementReduction>
elementReduction(const SubscriptAnalysis &Subscripts,
                 const VariableAccesses &VA, const ForStmt &Inner,
                 unsigned Depth, const MappedSection &Section,
                 const ASTContext &Ctx) {
  Finder Find(VA, Inner, Depth, Ctx);
  const Access *ElementAccess = nullptr;
  std::vector<const Access *> Others;
  if (!Find.readUpdates() || !Find.split(ElementAccess, Others) ||
      !Find.invariant())
    return std::nullopt;
  std::optional<ConflictFree> Proof =
      proveElementApart(Subscripts, VA, *ElementAccess, Others, Depth, Section);
  if (!Proof)
    return std::nullopt;
  std::optional<ElementReduction> R = Find.take();
  if (R)
    R->InBounds = Proof->InBounds;
  return R;
}

} // namespace ownmap
