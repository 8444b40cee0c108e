//===- Subscript.cpp - ranges of affine subscripts over a loop nest -------===//
#include "Subscript.h"
#include "DenseSubscripts.h"
#include "EmptyLoops.h"
#include "SourceText.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ownmap {

static llvm::Error reason(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
}

SubscriptAnalysis::SubscriptAnalysis(const CanonicalLoop &Loop,
                                     const LoopAccesses &Accesses,
                                     llvm::ArrayRef<Polynomial> Stated,
                                     HostLoopFacts Around)
    : Loop(Loop), Accesses(Accesses), Ctx(Loop.Index->getASTContext()),
      Stated(Stated.begin(), Stated.end()), Around(std::move(Around)) {}

bool SubscriptAnalysis::isInvariantVar(const VarDecl *V) const {
  if (!V || V == Loop.Index || Accesses.Locals.count(V))
    return false;
  for (const VariableAccesses &VA : Accesses.Variables)
    if (VA.Var == V)
      return llvm::all_of(VA.Accesses, [](const Access &Acc) {
        return Acc.Kind == AccessKind::Read;
      });
  return true;
}

/// True when E reads only variables (no memory through pointers, no calls)
/// and has no side effects; each variable it reads is passed to Check.
template <typename CheckVar>
static bool onlyReadsVariables(const Expr *E, const ASTContext &Ctx,
                               CheckVar Check) {
  if (E->HasSideEffects(Ctx))
    return false;
  llvm::SmallVector<const Stmt *, 16> Work{E};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (isa<ArraySubscriptExpr, CallExpr, MemberExpr>(S))
      return false;
    if (const auto *U = dyn_cast<UnaryOperator>(S);
        U && U->getOpcode() == UO_Deref)
      return false;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!isa<EnumConstantDecl>(Ref->getDecl()) && (!V || !Check(V)))
        return false;
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return true;
}

bool SubscriptAnalysis::isInvariantAtom(const Atom &A) const {
  if (A.var())
    return isInvariantVar(A.var());
  return A.source() &&
         onlyReadsVariables(A.source(), Ctx, [&](const VarDecl *V) {
           return isInvariantVar(V);
         });
}

std::string SubscriptAnalysis::whyVarying(const Atom &A) const {
  std::string Name = "'" + A.text() + "'";
  if (const VarDecl *V = A.var()) {
    if (Accesses.Locals.count(V))
      return Accesses.ModifiedLocals.count(V)
                 ? Name + " is assigned in the loop body"
                 : Name + " is declared in the loop without a value the "
                          "subscript can be written in";
    return Name + " is written by the loop";
  }
  const Expr *E = A.source() ? A.source()->IgnoreParenImpCasts() : nullptr;
  if (E && isa<ArraySubscriptExpr>(E))
    return Name + " is read from memory: the element reached depends on "
                  "data";
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return Name + " is read from memory: the element reached depends on "
                  "data";
  if (E && isa<CallExpr>(E))
    return Name + " is the result of a call";
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(E);
      B && B->getOpcode() == BO_Rem)
    return Name + " wraps around (a remainder)";
  return Name + " changes with the loop other than by a sum of multiples "
                "of its indices";
}

static Atom indexAtom(const VarDecl *V) { return Atom{V->getName().str(), V}; }

/// P with the variables of the stepped loops of Nest replaced by their
/// values in the loops' iteration counts.
static Polynomial inIterations(Polynomial P, llvm::ArrayRef<IndexRange> Nest) {
  for (const IndexRange &R : Nest)
    if (R.VarValue) {
      Atom Var = indexAtom(R.Var);
      if (P.degree(Var) == 1)
        P = P.substitute(Var, *R.VarValue);
    }
  return P;
}

llvm::Expected<IndexRange>
SubscriptAnalysis::range(const CanonicalLoop &L,
                         llvm::ArrayRef<IndexRange> Enclosing) const {
  bool Inner = !Enclosing.empty();
  if (Inner && Accesses.ModifiedLocals.count(L.Index))
    return reason("the loop body modifies the index '" +
                  L.Index->getName() + "'");
  auto Init = Polynomial::fromExpr(*L.Init, Ctx);
  if (!Init)
    return Init.takeError();
  auto Limit = Polynomial::fromExpr(*L.Limit, Ctx);
  if (!Limit)
    return Limit.takeError();
  Polynomial Step(1);
  if (L.Step) {
    auto S = Polynomial::fromExpr(*L.Step, Ctx);
    if (!S)
      return S.takeError();
    Step = *S;
  }
  *Init = inIterations(*Init, Enclosing);
  *Limit = inIterations(*Limit, Enclosing);
  if (Inner)
    for (const Polynomial *Bound : {&*Init, &*Limit, &Step})
      for (const Atom &A : Bound->atoms())
        if (!isInvariantAtom(A) &&
            llvm::none_of(Enclosing,
                          [&](const IndexRange &R) { return R.Index == A; }))
          return reason("the bound '" + A.text() + "' of the loop over '" +
                        L.Index->getName() + "' changes within an iteration (" +
                        whyVarying(A) + ")");
  // A loop that runs and ends in C moves towards its limit: a step written
  // as a sum of sizes, or stated to be at least one, is then positive
  // (factsWhenRunning in EmptyLoops.cpp).
  bool StepForward = Step.hasPositiveCoefficients() ||
                     provenNonNegative(Step - Polynomial(1), Stated);
  if (L.Step && (!StepForward || Step.degree(indexAtom(L.Index))))
    return reason("the step '" + sourceText(L.Step, Ctx) + "' of the loop over '" +
                  L.Index->getName() + "' may not be positive");
  IndexRange R;
  R.Var = L.Index;
  R.Type = ArithmeticType::of(L.Index->getType(), Ctx)
               .widest(ArithmeticType::of(L.Init->getType(), Ctx))
               .widest(ArithmeticType::of(L.Limit->getType(), Ctx));
  std::string Name = L.Index->getName().str();
  if (!L.Downward) {
    R.First = *Init;
    R.End = L.Inclusive ? *Limit + Polynomial(1) : *Limit;
    R.Text = Name + " in [" + sourceText(L.Init, Ctx) + ", " +
             sourceText(L.Limit, Ctx) + (L.Inclusive ? "]" : ")");
  } else {
    R.First = L.Inclusive ? *Limit : *Limit + Polynomial(1);
    R.End = *Init + Polynomial(1);
    R.Text = Name + " in " + (L.Inclusive ? "[" : "(") +
             sourceText(L.Limit, Ctx) + ", " + sourceText(L.Init, Ctx) +
             "] downward";
  }
  if (!L.Step) {
    R.Index = indexAtom(L.Index);
    R.Lower = R.First;
    R.Upper = R.End;
    return R;
  }
  R.Text += " step " + sourceText(L.Step, Ctx);
  // The iterations t in [0, Last + 1), Last = (End - First - 1) / Step
  // (C division: the loop runs when End - First - 1 >= 0).
  Polynomial Span = R.End - R.First - Polynomial(1);
  Polynomial Last;
  std::optional<int64_t> SpanC = Span.constant(), StepC = Step.constant();
  if (SpanC && StepC)
    Last = Polynomial(*SpanC / *StepC);
  else
    Last = Polynomial::atom(
        Atom{"(" + operandText(Span, R.Type) + " / " +
                 operandText(Step, R.Type) + ")",
             nullptr, nullptr, std::make_shared<const Polynomial>(Span)});
  R.Index = Atom{Name + "'", L.Index};
  R.Step = Step;
  R.Lower = Polynomial(0);
  R.Upper = Last + Polynomial(1);
  Polynomial Count = Polynomial::atom(R.Index);
  R.VarValue = L.Downward ? R.End - Polynomial(1) - Step * Count
                          : R.First + Step * Count;
  return R;
}

bool mentionsIndex(const Polynomial &P, llvm::ArrayRef<IndexRange> Nest) {
  return llvm::any_of(P.atoms(), [&](const Atom &A) {
    return llvm::any_of(Nest,
                        [&](const IndexRange &R) { return R.Index == A; });
  });
}

/// Whether a subscript moves up (true) or down (false) with an index it
/// is Coefficient times: a scalar stride's sign must follow from its type,
/// the loops that run whenever the access does, or what the kernel states
/// (a signed `s` may be -1: `x[i * s]` then reaches below x[0]).
std::optional<bool>
SubscriptAnalysis::strideIsPositive(const Polynomial &Coefficient,
                                    llvm::ArrayRef<IndexRange> Nest) const {
  if (std::optional<int64_t> C = Coefficient.constant())
    return *C > 0;
  std::vector<Polynomial> Facts = runningFacts({Nest.vec()});
  llvm::append_range(Facts, Stated);
  if (provenNonNegative(Coefficient, Facts))
    return true;
  if (provenNonNegative(Polynomial(0) - Coefficient, Facts))
    return false;
  return std::nullopt;
}

/// Replaces the indices of Nest[From..] in P, innermost first, by the bound
/// that makes P smallest (Low) or largest.
llvm::Error SubscriptAnalysis::bound(Polynomial &P,
                                     llvm::ArrayRef<IndexRange> Nest,
                                     unsigned From, bool Low) const {
  for (unsigned I = Nest.size(); I-- > From;) {
    const IndexRange &R = Nest[I];
    if (P.degree(R.Index) > 1)
      return reason("'" + R.Var->getName() +
                    "' appears in a product with itself");
    Polynomial Coefficient = P.split(R.Index).first;
    if (Coefficient == Polynomial(0))
      continue;
    if (mentionsIndex(Coefficient, Nest))
      return reason("'" + R.Var->getName() + "' is multiplied by another "
                                             "loop index");
    std::optional<bool> Positive = strideIsPositive(Coefficient, Nest);
    if (!Positive)
      return reason("the stride '" + Coefficient.str() + "' of '" +
                    R.Var->getName() + "' may be negative; state its sign "
                    "with OM_FACT(" + Coefficient.str() + " >= 0) or OM_FACT(" +
                    Coefficient.str() + " <= 0)");
    P = P.substitute(R.Index,
                     *Positive == Low ? R.Lower : R.Upper - Polynomial(1));
  }
  return llvm::Error::success();
}

/// Locals of the loop that are never changed after their declaration stand
/// for their initial value: `int row = i * n; a[row + j]`.
void SubscriptAnalysis::substituteLocals(
    Polynomial &P, llvm::ArrayRef<IndexRange> Nest) const {
  for (unsigned Round = 0; Round < 16; ++Round) {
    bool Changed = false;
    for (const Atom &A : P.atoms()) {
      const VarDecl *V = A.var();
      bool IsIndex = llvm::any_of(
          Nest, [&](const IndexRange &R) { return R.Var == V; });
      if (!V || IsIndex || !Accesses.Locals.count(V) ||
          Accesses.ModifiedLocals.count(V) || !V->getInit() ||
          !V->getType()->isIntegerType() || P.degree(A) != 1)
        continue;
      auto Init = Polynomial::fromExpr(*V->getInit(), Ctx);
      if (!Init) {
        llvm::consumeError(Init.takeError());
        continue;
      }
      P = P.substitute(A, *Init);
      Changed = true;
      break;
    }
    if (!Changed)
      return;
  }
}

/// C's `x / c` and `x >> c` for a constant c > 0: non-decreasing in x.
static std::optional<std::pair<const Expr *, int64_t>>
quotient(const Expr *E, const ASTContext &Ctx, bool &Shift) {
  const auto *B = dyn_cast_or_null<BinaryOperator>(
      E ? E->IgnoreParenImpCasts() : nullptr);
  if (!B || (B->getOpcode() != BO_Div && B->getOpcode() != BO_Shr) ||
      !B->getType()->isIntegerType())
    return std::nullopt;
  Expr::EvalResult Value;
  const Expr *R = B->getRHS();
  if (R->isValueDependent() || !R->EvaluateAsInt(Value, Ctx))
    return std::nullopt;
  int64_t C = Value.Val.getInt().getExtValue();
  Shift = B->getOpcode() == BO_Shr;
  if (C <= 0 || (Shift && C >= 63))
    return std::nullopt;
  return std::make_pair(B->getLHS(), C);
}

/// Bounds the quotients of S.Value (`x[i / 2]`, `x[i >> 1]`) through their
/// dividends' ranges into S.Min and S.Max; S.Value keeps them as atoms.
llvm::Error SubscriptAnalysis::boundQuotients(AffineSubscript &S) const {
  for (const Atom &A : S.Value.atoms()) {
    bool Shift = false;
    auto Q = A.var() ? std::nullopt : quotient(A.source(), Ctx, Shift);
    if (!Q || isInvariantAtom(A))
      continue;
    auto Dividend = Polynomial::fromExpr(*Q->first, Ctx);
    if (!Dividend)
      return Dividend.takeError();
    Polynomial X = inIterations(*Dividend, S.Nest);
    substituteLocals(X, S.Nest);
    for (const Atom &D : X.atoms())
      if (!isInvariantAtom(D) &&
          llvm::none_of(S.Nest, [&](const IndexRange &R) { return R.Index == D; }))
        return reason(whyVarying(D));
    ArithmeticType In = ArithmeticType::of(A.source()->getType(), Ctx);
    std::optional<int64_t> Scale = S.Value.split(A).first.constant();
    if (!Scale || S.Value.degree(A) != 1)
      return reason("'" + A.text() + "' is multiplied by a variable");
    auto Divided = [&](bool Low) -> llvm::Expected<Polynomial> {
      Polynomial B = X;
      if (auto E = bound(B, S.Nest, 0, Low))
        return std::move(E);
      if (std::optional<int64_t> C = B.constant())
        return Polynomial(Shift ? *C >> Q->second : *C / Q->second);
      return Polynomial::atom(Atom{"(" + operandText(B, In) +
                                      (Shift ? " >> " : " / ") +
                                      std::to_string(Q->second) + ")",
                                  nullptr, nullptr,
                                  std::make_shared<const Polynomial>(B)});
    };
    auto Low = Divided(*Scale > 0), High = Divided(*Scale < 0);
    if (!Low)
      return Low.takeError();
    if (!High)
      return High.takeError();
    S.Min = S.Min.substitute(A, *Low);
    S.Max = S.Max.substitute(A, *High);
  }
  return llvm::Error::success();
}

/// A loop whose bounds move with an outer index runs at all when it runs
/// for the outer value that makes it longest: its First and End become 0
/// and that longest count.
void SubscriptAnalysis::widestRuns(std::vector<IndexRange> &Nest) const {
  for (unsigned K = 1; K < Nest.size(); ++K) {
    llvm::ArrayRef<IndexRange> Outer(Nest.data(), K);
    IndexRange &R = Nest[K];
    if (!mentionsIndex(R.First, Outer) && !mentionsIndex(R.End, Outer))
      continue;
    Polynomial Widest = R.End - R.First;
    if (llvm::Error E = bound(Widest, Outer, 0, /*Low=*/false)) {
      llvm::consumeError(std::move(E));
      continue; // left to EmptyLoops, which then tests the length
    }
    R.First = Polynomial(0);
    R.End = Widest;
  }
}

/// The widest type the pieces of A's subscript compute in.
static ArithmeticType subscriptType(const Access &A, const ASTContext &Ctx) {
  ArithmeticType Type;
  auto Add = [&](const Expr *E) {
    if (E)
      Type = Type.widest(ArithmeticType::of(E->getType(), Ctx));
  };
  Add(A.Index);
  for (const RowSubscript &Row : A.Rows)
    Add(Row.Index);
  for (const ViewOffset &Part : A.ViewOffsets)
    Add(Part.Term);
  return Type;
}

llvm::Expected<Polynomial>
SubscriptAnalysis::viewedIndex(const Access &A) const {
  Polynomial Value(0);
  for (const RowSubscript &Row : A.Rows) {
    auto P = Polynomial::fromExpr(*Row.Index, Ctx);
    if (!P)
      return P.takeError();
    Value = Value + *P * Row.Stride;
  }
  llvm::SmallVector<ViewOffset, 2> Parts(A.ViewOffsets.begin(),
                                         A.ViewOffsets.end());
  if (A.Index)
    Parts.push_back({A.Index, /*Negated=*/false});
  for (const ViewOffset &Part : Parts) {
    auto P = Polynomial::fromExpr(*Part.Term, Ctx);
    if (!P)
      return P.takeError();
    Value = Part.Negated ? Value - *P : Value + *P;
  }
  return Value;
}

/// True when A and B have the same subscript over the same inner loops.
static bool sameSubscript(const Access &A, const Access &B) {
  auto SameLoop = [](const CanonicalLoop &L, const CanonicalLoop &M) {
    return L.Loop == M.Loop && L.Index == M.Index && L.Init == M.Init &&
           L.Limit == M.Limit && L.Step == M.Step &&
           L.Downward == M.Downward && L.Inclusive == M.Inclusive;
  };
  auto SameRow = [](const RowSubscript &R, const RowSubscript &S) {
    return R.Index == S.Index && R.Stride == S.Stride;
  };
  auto SameOffset = [](const ViewOffset &O, const ViewOffset &P) {
    return O.Term == P.Term && O.Negated == P.Negated;
  };
  return A.Index == B.Index &&
         llvm::equal(A.Rows, B.Rows, SameRow) &&
         llvm::equal(A.ViewOffsets, B.ViewOffsets, SameOffset) &&
         llvm::equal(A.InnerLoops, B.InnerLoops, SameLoop);
}

llvm::Expected<AffineSubscript>
SubscriptAnalysis::analyse(const Access &A) const {
  for (const auto &[Seen, S] : Analysed)
    if (sameSubscript(Seen, A))
      return S;
  // Only what is affine is kept: reasons are errors of several kinds,
  // and rare.
  auto S = analyseAnew(A);
  if (S)
    Analysed.push_back({A, *S});
  return S;
}

llvm::Expected<AffineSubscript>
SubscriptAnalysis::analyseAnew(const Access &A) const {
  if (!A.Index && A.ViewOffsets.empty())
    return reason("it is not a subscript");
  AffineSubscript S;
  auto Outer = range(Loop, {});
  if (!Outer)
    return Outer.takeError();
  S.Nest.push_back(std::move(*Outer));
  for (const CanonicalLoop &L : A.InnerLoops) {
    auto R = range(L, S.Nest);
    if (!R)
      return R.takeError();
    S.Nest.push_back(std::move(*R));
  }
  auto Value = viewedIndex(A);
  if (!Value)
    return Value.takeError();
  S.Value = *Value;
  S.Type = subscriptType(A, Ctx);
  substituteLocals(S.Value, S.Nest);
  for (const IndexRange &R : S.Nest)
    if (R.VarValue && S.Value.degree(indexAtom(R.Var)) > 1)
      return reason("'" + R.Var->getName() +
                    "' appears in a product with itself");
  S.Value = inIterations(S.Value, S.Nest);
  bool Shift = false;
  for (const Atom &At : S.Value.atoms()) {
    bool IsIndex = llvm::any_of(
        S.Nest, [&](const IndexRange &R) { return R.Index == At; });
    if (!IsIndex && !isInvariantAtom(At) &&
        !(!At.var() && quotient(At.source(), Ctx, Shift)))
      return reason(whyVarying(At));
  }
  S.Min = S.Max = S.Value;
  if (auto E = boundQuotients(S))
    return std::move(E);
  if (auto E = bound(S.Min, S.Nest, 0, /*Low=*/true))
    return std::move(E);
  if (auto E = bound(S.Max, S.Nest, 0, /*Low=*/false))
    return std::move(E);
  widestRuns(S.Nest);
  return S;
}

bool SubscriptAnalysis::ownsElements(const AffineSubscript &S,
                                     unsigned Level) const {
  // Iterations of the loops down to Level run in parallel: each must move
  // the subscript for an injective one to keep them apart.
  bool LevelsMove = llvm::all_of(
      llvm::ArrayRef(S.Nest).take_front(Level + 1), [&](const IndexRange &R) {
        return S.Value.split(R.Index).first != Polynomial(0);
      });
  if (LevelsMove && isInjective(S))
    return true;
  return reachApart({&S}, Level);
}

bool SubscriptAnalysis::iterationsDisjoint(
    llvm::ArrayRef<AffineSubscript> All) const {
  std::vector<const AffineSubscript *> Pointers;
  for (const AffineSubscript &S : All)
    Pointers.push_back(&S);
  return reachApart(Pointers, 0);
}

/// True when every access of All moves by the same stride with the index
/// of loop Level and, whatever the other indices are, all of them together
/// stay within one stride of their start: one iteration of that loop then
/// reaches a block of elements that no other iteration reaches.
bool SubscriptAnalysis::reachApart(llvm::ArrayRef<const AffineSubscript *> All,
                                   unsigned Level) const {
  if (All.empty())
    return false;
  // The stride of the first access; the others may move with the index
  // otherwise too (`a[i * n + i]` beside `a[i * n + j]`), as long as they
  // stay in the block.
  const Atom &Index = All.front()->Nest[Level].Index;
  if (All.front()->Value.degree(Index) != 1)
    return false;
  std::optional<Polynomial> Stride = All.front()->Value.split(Index).first;
  if (*Stride == Polynomial(0) || mentionsIndex(*Stride, All.front()->Nest))
    return false;
  // Iterations lie |Stride| apart, also when the index counts down (`i -= s`).
  std::optional<bool> Upward = strideIsPositive(*Stride, All.front()->Nest);
  if (!Upward)
    return false;
  Polynomial Apart = *Upward ? *Stride : Polynomial(0) - *Stride;
  std::vector<std::pair<Polynomial, const AffineSubscript *>> Lows, Highs;
  for (const AffineSubscript *S : All) {
    Polynomial Rest = S->Value - *Stride * Polynomial::atom(Index);
    // The inner loops' extremes: one iteration reaches [Low, High] past
    // Stride * index.
    Polynomial Low = Rest, High = Rest;
    for (auto [P, IsLow] : {std::pair{&Low, true}, std::pair{&High, false}})
      if (llvm::Error E = bound(*P, S->Nest, Level + 1, IsLow)) {
        llvm::consumeError(std::move(E));
        return false;
      }
    Lows.push_back({Low, S});
    Highs.push_back({High, S});
  }
  for (const auto &[High, HighAt] : Highs)
    for (const auto &[Low, LowAt] : Lows) {
      Polynomial Extent = High - Low + Polynomial(1);
      // Inner bounds that move with this or an outer index (a triangle):
      // the block spans at most the extremes over all of them.
      if (mentionsIndex(Extent, HighAt->Nest) ||
          mentionsIndex(Extent, LowAt->Nest)) {
        Polynomial Top = High, Bottom = Low;
        if (llvm::Error E = bound(Top, HighAt->Nest, 0, /*Low=*/false))
          return llvm::consumeError(std::move(E)), false;
        if (llvm::Error E = bound(Bottom, LowAt->Nest, 0, /*Low=*/true))
          return llvm::consumeError(std::move(E)), false;
        Extent = Top - Bottom + Polynomial(1);
      }
      if (std::optional<int64_t> C = Apart.constant()) {
        std::optional<int64_t> E = Extent.constant();
        if (!E || *E > *C)
          return false;
        continue;
      }
      // Sizes compare where the loops run (with none, nothing conflicts).
      std::vector<Polynomial> Facts = runningFacts({HighAt->Nest, LowAt->Nest});
      llvm::append_range(Facts, Stated);
      if (!Apart.hasPositiveCoefficients() ||
          !nonNegativeWhenRunning(Apart - Extent, Facts))
        return false;
    }
  return true;
}

} // namespace ownmap
