//===- Polynomial.cpp - integer expressions as sums of products ----------===//
#include "Polynomial.h"
#include "Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

using namespace clang;

namespace ownmap {

Atom::Atom(std::string Text, const VarDecl *Var, const Expr *Source,
           std::shared_ptr<const Polynomial> Dividend)
    : D(new Data(std::move(Text), Var, Source, std::move(Dividend))) {}

const std::string &Atom::text() const {
  static const std::string None;
  return D ? D->Text : None;
}

bool Atom::operator<(const Atom &O) const {
  if (D == O.D)
    return false;
  if (text() != O.text())
    return text() < O.text();
  // Same text, different declarations (shadowing): order by position, which
  // is stable from run to run, unlike addresses.
  auto Position = [](const VarDecl *V) {
    return V ? V->getLocation().getRawEncoding() : 0u;
  };
  return Position(var()) < Position(O.var());
}

bool Atom::mentions(const VarDecl &V) const {
  if (const VarDecl *Var = var())
    return Var == &V;
  const std::string &Text = text();
  llvm::StringRef Name = V.getName();
  for (size_t At = Text.find(Name); At != std::string::npos;
       At = Text.find(Name, At + 1)) {
    bool Start = At == 0 || !isAsciiIdentifierContinue(Text[At - 1]);
    size_t End = At + Name.size();
    if (Start && (End == Text.size() || !isAsciiIdentifierContinue(Text[End])))
      return true;
  }
  return false;
}

bool Atom::isUnsigned() const {
  if (const Expr *Source = source())
    return Source->getType()->isUnsignedIntegerType();
  return var() && var()->getType()->isUnsignedIntegerType();
}

Polynomial::Polynomial(int64_t Constant) { add({}, Constant); }

Polynomial Polynomial::atom(Atom A) {
  Polynomial P;
  P.add({std::move(A)}, 1);
  return P;
}

Polynomial Polynomial::count(const std::string &Text) {
  int64_t Value;
  if (!llvm::StringRef(Text).getAsInteger(10, Value))
    return Polynomial(Value);
  return atom(Atom{Text, nullptr});
}

void Polynomial::add(const Monomial &M, int64_t Coefficient) {
  if (Coefficient == 0)
    return;
  for (auto It = Terms.begin(); It != Terms.end(); ++It)
    if (It->first == M) {
      It->second += Coefficient;
      if (It->second == 0)
        Terms.erase(It);
      return;
    }
  Terms.emplace_back(M, Coefficient);
}

Polynomial Polynomial::scaled(int64_t Factor) const {
  Polynomial R;
  for (const auto &[M, C] : Terms)
    R.add(M, C * Factor);
  return R;
}

Polynomial Polynomial::operator+(const Polynomial &Other) const {
  Polynomial R = *this;
  for (const auto &[M, C] : Other.Terms)
    R.add(M, C);
  return R;
}

Polynomial Polynomial::operator-(const Polynomial &Other) const {
  Polynomial R = *this;
  for (const auto &[M, C] : Other.Terms)
    R.add(M, -C);
  return R;
}

Polynomial Polynomial::operator*(const Polynomial &Other) const {
  Polynomial R;
  for (const auto &[M1, C1] : Terms)
    for (const auto &[M2, C2] : Other.Terms) {
      // Both sorted: merged, equal atoms keep M1's first.
      Monomial M(M1.size() + M2.size());
      std::merge(M1.begin(), M1.end(), M2.begin(), M2.end(), M.begin());
      R.add(M, C1 * C2);
    }
  return R;
}

bool Polynomial::operator==(const Polynomial &Other) const {
  // Monomials are unique within Terms: equal sums have the same terms.
  return Terms.size() == Other.Terms.size() &&
         llvm::all_of(Terms, [&](const auto &Term) {
           return llvm::is_contained(Other.Terms, Term);
         });
}

std::optional<int64_t> Polynomial::constant() const {
  int64_t Value = 0;
  for (const auto &[M, C] : Terms) {
    if (!M.empty())
      return std::nullopt;
    Value = C;
  }
  return Value;
}

llvm::SmallVector<Atom, 4> Polynomial::atoms() const {
  llvm::SmallVector<Atom, 4> All;
  for (const auto &Term : Terms)
    for (const Atom &A : Term.first)
      if (!llvm::is_contained(All, A))
        All.push_back(A);
  llvm::sort(All);
  return All;
}

unsigned Polynomial::degree(const Atom &A) const {
  unsigned Max = 0;
  for (const auto &Term : Terms)
    Max = std::max<unsigned>(Max, llvm::count(Term.first, A));
  return Max;
}

std::pair<Polynomial, Polynomial> Polynomial::split(const Atom &A) const {
  Polynomial Coefficient, Rest;
  for (const auto &[M, C] : Terms) {
    auto It = llvm::find(M, A);
    if (It == M.end()) {
      Rest.add(M, C);
      continue;
    }
    Monomial Without(M.begin(), It);
    Without.append(std::next(It), M.end());
    Coefficient.add(Without, C);
  }
  return {Coefficient, Rest};
}

Polynomial Polynomial::substitute(const Atom &A, const Polynomial &Value) const {
  auto [Coefficient, Rest] = split(A);
  if (Coefficient.degree(A)) // A * A: one power at a time
    Coefficient = Coefficient.substitute(A, Value);
  return Coefficient * Value + Rest;
}

bool Polynomial::hasPositiveCoefficients() const {
  return llvm::all_of(Terms, [](const auto &Term) { return Term.second > 0; });
}

std::optional<int> Polynomial::sign() const {
  if (Terms.empty())
    return 0;
  if (hasPositiveCoefficients())
    return 1;
  if (llvm::all_of(Terms, [](const auto &Term) { return Term.second < 0; }))
    return -1;
  return std::nullopt;
}

/// Atoms print bare when they are primary expressions; anything else gets
/// parentheses so that a coefficient or sign binds to all of it.
static bool isPrimary(const Expr &E) {
  return isa<DeclRefExpr, IntegerLiteral, CallExpr, ArraySubscriptExpr,
             MemberExpr, ParenExpr>(E);
}

namespace {

/// A node of the expression fromExpr decomposes: an operator over
/// polynomials (+, -, *, unary - and +) or a leaf.
struct Node {
  const Expr *E;
  std::optional<BinaryOperatorKind> Binary;
  std::optional<UnaryOperatorKind> Unary;
  llvm::SmallVector<size_t, 2> Operands; // indices of the operand nodes
  bool Constant = false; // every leaf below evaluates to an integer
  std::optional<Polynomial> Value;
};

/// True when Cast converts an integer to an integer type that holds every
/// value the loop gives it: `(size_t)i * n` is `i * n` over the loop. A
/// signed value widened to an unsigned size keeps its non-negative values
/// (those of subscripts and bounds); a negative constant would not.
bool keepsValue(const CastExpr &Cast, const ASTContext &Ctx) {
  QualType To = Cast.getType(), From = Cast.getSubExpr()->getType();
  if (!To->isIntegerType() || !From->isIntegerType() || To->isBooleanType())
    return false;
  uint64_t ToBits = Ctx.getIntWidth(To), FromBits = Ctx.getIntWidth(From);
  bool ToSigned = To->isSignedIntegerType(),
       FromSigned = From->isSignedIntegerType();
  if (ToSigned == FromSigned)
    return ToBits >= FromBits;
  if (ToSigned)
    return ToBits > FromBits;
  Expr::EvalResult Value;
  const Expr *Sub = Cast.getSubExpr();
  if (!Sub->isValueDependent() && Sub->EvaluateAsInt(Value, Ctx))
    return !Value.Val.getInt().isNegative();
  return ToBits >= FromBits;
}

/// E without implicit casts, value-keeping explicit casts and parentheses.
const Expr *stripped(const Expr *E, const ASTContext &Ctx) {
  while (true) {
    E = E->IgnoreImpCasts();
    if (const auto *P = dyn_cast<ParenExpr>(E)) {
      E = P->getSubExpr();
      continue;
    }
    const auto *Cast = dyn_cast<CStyleCastExpr>(E);
    if (!Cast || !keepsValue(*Cast, Ctx))
      return E;
    E = Cast->getSubExpr();
  }
}

std::optional<int64_t> evaluated(const Expr &E, const ASTContext &Ctx) {
  Expr::EvalResult Value;
  if (E.isValueDependent() || !E.EvaluateAsInt(Value, Ctx))
    return std::nullopt;
  return Value.Val.getInt().getExtValue();
}

/// The source text of a leaf, also inside a macro expansion (`idx(i, j)`):
/// the text of the macro argument it comes from, or the name of the
/// variable a macro's body names; empty when it has none of its own.
std::string leafText(const Expr &E, const ASTContext &Ctx) {
  // A variable is its name, also where it stands for other text (a struct
  // field's local, StructFields.h).
  if (const auto *Ref = dyn_cast<DeclRefExpr>(&E))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      return V->getName().str();
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E.getSourceRange()), SM,
      Ctx.getLangOpts());
  bool Invalid = false;
  llvm::StringRef Text =
      Range.isValid()
          ? Lexer::getSourceText(Range, SM, Ctx.getLangOpts(), &Invalid)
          : "";
  return Invalid ? "" : Text.str();
}

} // namespace

llvm::Expected<Polynomial> Polynomial::fromExpr(const Expr &Expression,
                                                const ASTContext &Ctx) {
  // Without recursion: generated code nests sums tens of thousands deep.
  // Nodes are listed parents first, so the reverse order visits operands
  // before their operator.
  std::vector<Node> Nodes;
  llvm::SmallVector<size_t, 32> Work;
  auto Push = [&](const Expr *E) {
    Nodes.push_back({stripped(E, Ctx), {}, {}, {}, false, std::nullopt});
    Work.push_back(Nodes.size() - 1);
    return Nodes.size() - 1;
  };
  Push(&Expression);
  while (!Work.empty()) {
    size_t I = Work.pop_back_val();
    const Expr *E = Nodes[I].E;
    if (const auto *B = dyn_cast<BinaryOperator>(E);
        B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub ||
              B->getOpcode() == BO_Mul)) {
      Nodes[I].Binary = B->getOpcode();
      size_t L = Push(B->getLHS());
      size_t R = Push(B->getRHS());
      Nodes[I].Operands = {L, R};
    } else if (const auto *U = dyn_cast<UnaryOperator>(E);
               U && (U->getOpcode() == UO_Minus ||
                     U->getOpcode() == UO_Plus)) {
      Nodes[I].Unary = U->getOpcode();
      Nodes[I].Operands = {Push(U->getSubExpr())};
    }
  }
  for (size_t I = Nodes.size(); I-- > 0;) {
    Node &N = Nodes[I];
    if (N.Operands.empty()) {
      std::optional<int64_t> C = evaluated(*N.E, Ctx);
      N.Constant = C.has_value();
      if (C) {
        N.Value = Polynomial(*C);
        continue;
      }
      std::string Text = leafText(*N.E, Ctx);
      if (Text.empty())
        return sourceError(Rule::LoopUnsupported, N.E->getBeginLoc(),
                           "cannot offload: a loop bound or subscript has "
                           "no source text of its own (macro argument?)");
      const VarDecl *Var = nullptr;
      if (const auto *Ref = dyn_cast<DeclRefExpr>(N.E))
        Var = dyn_cast<VarDecl>(Ref->getDecl());
      N.Value = atom(
          Atom(isPrimary(*N.E) ? Text : "(" + Text + ")", Var, N.E));
      continue;
    }
    N.Constant = llvm::all_of(N.Operands,
                              [&](size_t O) { return Nodes[O].Constant; });
    // A constant expression is worth what C makes of it (unsigned wrap
    // included): evaluated once, at the top of each constant part.
    if (!N.Constant)
      for (size_t O : N.Operands)
        if (Nodes[O].Constant && !Nodes[O].Operands.empty())
          if (std::optional<int64_t> C = evaluated(*Nodes[O].E, Ctx))
            Nodes[O].Value = Polynomial(*C);
    const Polynomial &L = *Nodes[N.Operands.front()].Value;
    if (N.Unary)
      N.Value = *N.Unary == UO_Minus ? L.scaled(-1) : L;
    else if (*N.Binary == BO_Add)
      N.Value = L + *Nodes[N.Operands[1]].Value;
    else if (*N.Binary == BO_Sub)
      N.Value = L - *Nodes[N.Operands[1]].Value;
    else
      N.Value = L * *Nodes[N.Operands[1]].Value;
    for (size_t O : N.Operands) // no longer needed: keep memory linear
      Nodes[O].Value.reset();
  }
  if (Nodes.front().Constant)
    if (std::optional<int64_t> C = evaluated(*Nodes.front().E, Ctx))
      return Polynomial(*C);
  return *Nodes.front().Value;
}

std::string Polynomial::str() const { return str(ArithmeticType()); }

std::string Polynomial::str(const ArithmeticType &In) const {
  std::string Out;
  auto Append = [&](int64_t Coefficient, const Monomial &M) {
    bool Negative = Coefficient < 0;
    uint64_t Magnitude = Negative ? -static_cast<uint64_t>(Coefficient)
                                  : static_cast<uint64_t>(Coefficient);
    // C computes left to right: a product, and a sum from its first term
    // on, compute in In when their first factor does.
    bool Widen = M.size() > 1 || Magnitude != 1 ||
                 (Out.empty() && Terms.size() > 1);
    if (Out.empty())
      Out = Negative ? "-" : "";
    else
      Out += Negative ? " - " : " + ";
    std::string Product;
    for (const Atom &A : M)
      Product += Product.empty() ? (Widen ? In.widened(A) : A.text())
                                 : " * " + A.text();
    if (M.empty())
      Out += std::to_string(Magnitude);
    else if (Magnitude == 1)
      Out += Product;
    else
      Out += std::to_string(Magnitude) + " * " + Product;
  };
  for (const auto &[M, C] : Terms)
    if (!M.empty())
      Append(C, M);
  std::optional<int64_t> Constant;
  for (const auto &[M, C] : Terms)
    if (M.empty())
      Constant = C;
  if (Constant || Out.empty())
    Append(Constant.value_or(0), {});
  return Out;
}

std::string operandText(const Polynomial &P) {
  return operandText(P, ArithmeticType());
}

std::string operandText(const Polynomial &P, const ArithmeticType &In) {
  std::string Text = P.str(In);
  bool Simple = llvm::all_of(Text, [](char C) {
    return isAsciiIdentifierContinue(C);
  });
  return Simple ? Text : "(" + Text + ")";
}

std::string elementAddress(const VarDecl &P, const Polynomial &Index) {
  return elementAddress(P, Index, ArithmeticType());
}

std::string elementAddress(const VarDecl &P, const Polynomial &Index,
                           const ArithmeticType &In) {
  std::string Name = P.getName().str();
  if (Index == Polynomial(0))
    return Name;
  return Name + " + " + operandText(Index, In);
}

} // namespace ownmap
