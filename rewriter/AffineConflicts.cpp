//===- AffineConflicts.cpp - loop-carried conflicts decided on isl --------===//
#include "AffineConflicts.h"
#include "ArrayParameters.h"
#include "llvm/ADT/StringExtras.h"
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>

using namespace clang;

namespace ownmap {

namespace {

/// An isl context for one question, silent on errors (a set isl cannot
/// read is an answer of its own: no proof).
class IslContext {
public:
  IslContext() : Ctx(isl_ctx_alloc()) {
    isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
  }
  ~IslContext() { isl_ctx_free(Ctx); }
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;
  isl_ctx *get() const { return Ctx; }

private:
  isl_ctx *Ctx;
};

/// The invariant integers of a question, named om_p0, om_p1, ... for isl;
/// a product of them (`m * n`) is one more.
class Parameters {
public:
  explicit Parameters(llvm::ArrayRef<const VarDecl *> HostIndices = {})
      : HostIndices(HostIndices) {}

  std::string nameOf(const Polynomial::Monomial &M) {
    std::vector<std::string> Factors;
    for (const Atom &A : M)
      Factors.push_back(A.text());
    std::string Text = llvm::join(Factors, " * ");
    for (size_t K = 0; K < Texts.size(); ++K)
      if (Texts[K] == Text)
        return name(K);
    Texts.push_back(Text);
    IsHostIndex.push_back(M.size() == 1 && M[0].var() &&
                          llvm::is_contained(HostIndices, M[0].var()));
    return name(Texts.size() - 1);
  }
  /// The names of the parameters that are host loops' indices.
  std::vector<std::string> hostIndexNames() const {
    std::vector<std::string> Names;
    for (size_t K = 0; K < Texts.size(); ++K)
      if (IsHostIndex[K])
        Names.push_back(name(K));
    return Names;
  }
  /// "[om_p0, om_p1] -> " (nothing when there are none).
  std::string declaration() const {
    if (Texts.empty())
      return "";
    std::vector<std::string> Names;
    for (size_t K = 0; K < Texts.size(); ++K)
      Names.push_back(name(K));
    return "[" + llvm::join(Names, ", ") + "] -> ";
  }
  /// C text with every parameter's name replaced by its source text.
  std::string toSource(llvm::StringRef C) const {
    std::string Out;
    while (!C.empty()) {
      size_t At = C.find("om_p");
      if (At == llvm::StringRef::npos) {
        Out += C.str();
        break;
      }
      Out += C.take_front(At).str();
      C = C.drop_front(At + 4);
      size_t Digits = C.find_if_not(llvm::isDigit);
      unsigned K = 0;
      C.take_front(Digits).getAsInteger(10, K);
      C = C.drop_front(Digits == llvm::StringRef::npos ? C.size() : Digits);
      const std::string &Text = Texts[K];
      bool Plain = llvm::all_of(Text, [](char Ch) {
        return llvm::isAlnum(Ch) || Ch == '_';
      });
      Out += Plain ? Text : "(" + Text + ")";
    }
    return Out;
  }

private:
  llvm::ArrayRef<const VarDecl *> HostIndices;
  std::vector<std::string> Texts;
  std::vector<bool> IsHostIndex;
  static std::string name(size_t K) { return "om_p" + std::to_string(K); }
};

/// One access as isl sees it: the loops around it and its subscripts, one
/// per dimension, outermost first.
struct AffineAccess {
  const Access *Site;
  std::vector<IndexRange> Nest;
  std::vector<Polynomial> Dims;
};

std::optional<AffineAccess> readAccess(const SubscriptAnalysis &Subscripts,
                                       const Access &A) {
  if (A.Callee || !A.Index || !A.ViewOffsets.empty())
    return std::nullopt;
  std::vector<const Expr *> Indices;
  for (const RowSubscript &Row : A.Rows)
    Indices.push_back(Row.Index);
  Indices.push_back(A.Index);
  AffineAccess Out{&A, {}, {}};
  for (const Expr *Index : Indices) {
    Access One = A;
    One.Index = Index;
    One.Rows.clear();
    auto S = Subscripts.analyse(One);
    if (!S) {
      llvm::consumeError(S.takeError());
      return std::nullopt;
    }
    if (Out.Nest.empty())
      Out.Nest = S->Nest;
    Out.Dims.push_back(S->Value);
  }
  return Out;
}

bool mentionsNest(const Atom &A, llvm::ArrayRef<IndexRange> Nest) {
  return llvm::any_of(Nest, [&](const IndexRange &R) {
    return A == R.Index || (R.Var && A.mentions(*R.Var));
  });
}

/// P as an isl affine expression over the indices of Nest, named
/// Prefix0, Prefix1, ...; none when it is not affine in them.
std::optional<std::string> affineText(const Polynomial &P,
                                      llvm::ArrayRef<IndexRange> Nest,
                                      llvm::StringRef Prefix,
                                      Parameters &Params) {
  std::vector<std::string> Terms;
  for (const Polynomial::Term &T : P.terms()) {
    const Polynomial::Monomial &M = T.first;
    std::string C = std::to_string(T.second);
    if (M.empty()) {
      Terms.push_back(C);
      continue;
    }
    auto Level = llvm::find_if(
        Nest, [&](const IndexRange &R) { return M.size() == 1 && M[0] == R.Index; });
    if (Level != Nest.end()) {
      Terms.push_back(C + "*" + Prefix.str() +
                      std::to_string(Level - Nest.begin()));
      continue;
    }
    if (llvm::any_of(M, [&](const Atom &A) { return mentionsNest(A, Nest); }))
      return std::nullopt;
    Terms.push_back(C + "*" + Params.nameOf(M));
  }
  if (Terms.empty())
    return "0";
  return "(" + llvm::join(Terms, " + ") + ")";
}

/// The tuple "[x0, x1]" of Nest's indices.
std::string tuple(size_t Depth, llvm::StringRef Prefix) {
  std::vector<std::string> Names;
  for (size_t K = 0; K < Depth; ++K)
    Names.push_back(Prefix.str() + std::to_string(K));
  return "[" + llvm::join(Names, ", ") + "]";
}

/// What a question about one array is made of: constraints as isl text,
/// with the parameters they name.
class Builder {
public:
  Builder(const SubscriptAnalysis &Subscripts, std::vector<Polynomial> Extents)
      : Params(Subscripts.around().Indices), Extents(std::move(Extents)) {
    std::vector<Polynomial> Facts(Subscripts.stated().begin(),
                                  Subscripts.stated().end());
    llvm::append_range(Facts, Subscripts.around().Facts);
    for (const Polynomial &F : Facts)
      if (auto T = affineText(F, {}, "", Params))
        FactTexts.push_back(*T + " >= 0");
  }

  /// The iterations where Access runs, with its indices named Prefix.
  std::optional<std::string> domain(const AffineAccess &A,
                                    llvm::StringRef Prefix) {
    std::vector<std::string> Parts = FactTexts;
    for (size_t K = 0; K < A.Nest.size(); ++K) {
      auto Lower = affineText(A.Nest[K].Lower, A.Nest, Prefix, Params);
      auto Upper = affineText(A.Nest[K].Upper, A.Nest, Prefix, Params);
      if (!Lower || !Upper)
        return std::nullopt;
      std::string Index = Prefix.str() + std::to_string(K);
      Parts.push_back(*Lower + " <= " + Index + " < " + *Upper);
    }
    return llvm::join(Parts, " and ");
  }

  /// Subscript D of A, named Prefix.
  std::optional<std::string> subscript(const AffineAccess &A, size_t D,
                                       llvm::StringRef Prefix) {
    return affineText(A.Dims[D], A.Nest, Prefix, Params);
  }

  /// P, which names no index of the nest.
  std::optional<std::string> invariant(const Polynomial &P) {
    return affineText(P, {}, "", Params);
  }

  /// The extent of dimension D (1: the second), for an array parameter.
  std::optional<std::string> extent(size_t D) {
    return invariant(Extents[D - 1]);
  }

  /// Every subscript after the first within its extent, or (Leave) some
  /// subscript outside it.
  std::optional<std::string> inExtents(const AffineAccess &A,
                                       llvm::StringRef Prefix, bool Leave) {
    std::vector<std::string> Parts;
    for (size_t D = 1; D < A.Dims.size(); ++D) {
      auto S = subscript(A, D, Prefix);
      auto E = extent(D);
      if (!S || !E)
        return std::nullopt;
      Parts.push_back(Leave ? "(" + *S + " < 0 or " + *S + " >= " + *E + ")"
                            : "(0 <= " + *S + " < " + *E + ")");
    }
    if (Parts.empty())
      return Leave ? "1 = 0" : "1 = 1";
    return "(" + llvm::join(Parts, Leave ? " or " : " and ") + ")";
  }

  Parameters Params;

private:
  std::vector<Polynomial> Extents;
  std::vector<std::string> FactTexts;
};

/// isl's answer to whether Text (a set or a map) is empty; none when isl
/// cannot read it.
std::optional<bool> isEmptyMap(isl_ctx *Ctx, const std::string &Text) {
  isl_map *M = isl_map_read_from_str(Ctx, Text.c_str());
  if (!M)
    return std::nullopt;
  isl_bool Empty = isl_map_is_empty(M);
  isl_map_free(M);
  if (Empty == isl_bool_error)
    return std::nullopt;
  return Empty == isl_bool_true;
}

/// Which iterations run apart: those equal in the loops before First that
/// differ in one of the Count loops from First on (any, for Count 0).
struct Apart {
  unsigned First, Count;
};

/// The pairs of iterations that run apart where A and B reach one element
/// (each subscript within its extent).
std::optional<std::string> conflictSet(Builder &B, const AffineAccess &X,
                                       const AffineAccess &Y, Apart Levels) {
  unsigned Depth = Levels.First + Levels.Count;
  if (X.Dims.size() != Y.Dims.size() || X.Nest.size() < Depth ||
      Y.Nest.size() < Depth)
    return std::nullopt;
  auto DomX = B.domain(X, "x"), DomY = B.domain(Y, "y");
  auto InX = B.inExtents(X, "x", false), InY = B.inExtents(Y, "y", false);
  if (!DomX || !DomY || !InX || !InY)
    return std::nullopt;
  std::vector<std::string> Parts{*DomX, *DomY, *InX, *InY};
  for (size_t D = 0; D < X.Dims.size(); ++D) {
    auto SX = B.subscript(X, D, "x"), SY = B.subscript(Y, D, "y");
    if (!SX || !SY)
      return std::nullopt;
    Parts.push_back(*SX + " = " + *SY);
  }
  for (unsigned L = 0; L < Levels.First; ++L)
    Parts.push_back("x" + std::to_string(L) + " = y" + std::to_string(L));
  std::vector<std::string> Differ;
  for (unsigned L = Levels.First; L < Depth; ++L)
    Differ.push_back("x" + std::to_string(L) + " != y" + std::to_string(L));
  if (!Differ.empty())
    Parts.push_back("(" + llvm::join(Differ, " or ") + ")");
  return "{ " + tuple(X.Nest.size(), "x") + " -> " + tuple(Y.Nest.size(), "y") +
         " : " + llvm::join(Parts, " and ") + " }";
}

/// True when an access of All that runs in every iteration reaches the
/// element A reaches, in the same loops (`s >= e ? s : e` evaluates e in
/// every iteration, whichever copy it returns).
bool alongUnconditional(const AffineAccess &A,
                        llvm::ArrayRef<AffineAccess> All) {
  auto SameLoops = [](const Access &X, const Access &Y) {
    return llvm::equal(X.InnerLoops, Y.InnerLoops,
                       [](const CanonicalLoop &L, const CanonicalLoop &M) {
                         return L.Loop == M.Loop;
                       });
  };
  return llvm::any_of(All, [&](const AffineAccess &B) {
    return !B.Site->Conditional && SameLoops(*A.Site, *B.Site) &&
           A.Dims == B.Dims;
  });
}

/// A C condition on the parameters under which no access leaves its row,
/// "" when none ever does; none when isl cannot say it in C.
std::optional<std::string> inBoundsCondition(isl_ctx *Ctx, Builder &B,
                                             llvm::ArrayRef<AffineAccess> All) {
  std::vector<std::pair<const AffineAccess *, std::string>> Leaving;
  for (const AffineAccess &A : All) {
    if (A.Dims.size() < 2)
      continue;
    auto Dom = B.domain(A, "x");
    auto Out = B.inExtents(A, "x", true);
    if (!Dom || !Out)
      return std::nullopt;
    Leaving.push_back({&A, "{ " + tuple(A.Nest.size(), "x") + " : " + *Dom +
                               " and " + *Out + " }"});
  }
  if (Leaving.empty())
    return std::string();
  isl_set *Bad = nullptr;
  for (const auto &[A, S] : Leaving) {
    isl_set *One =
        isl_set_read_from_str(Ctx, (B.Params.declaration() + S).c_str());
    One = One ? isl_set_params(One) : nullptr;
    // A check before the loop cannot tell whether an access that does not
    // run in every iteration would leave its row.
    isl_bool Never = One ? isl_set_is_empty(One) : isl_bool_error;
    if (Never == isl_bool_error ||
        (A->Site->Conditional && !Never && !alongUnconditional(*A, All))) {
      isl_set_free(One);
      isl_set_free(Bad);
      return std::nullopt;
    }
    Bad = Bad ? isl_set_union(Bad, One) : One;
  }
  // A condition must hold for every index of the host loops around (the
  // facts bound them): it is checked before those loops.
  for (const std::string &Name : B.Params.hostIndexNames()) {
    int At = isl_set_find_dim_by_name(Bad, isl_dim_param, Name.c_str());
    if (At >= 0)
      Bad = isl_set_project_out(Bad, isl_dim_param, At, 1);
  }
  Bad = isl_set_coalesce(Bad);
  isl_bool Never = isl_set_is_empty(Bad);
  if (Never != isl_bool_false) {
    isl_set_free(Bad);
    return Never == isl_bool_true ? std::optional<std::string>(std::string())
                                  : std::nullopt;
  }
  isl_set *Good = isl_set_coalesce(isl_set_complement(Bad));
  if (isl_set_is_empty(Good) != isl_bool_false) {
    isl_set_free(Good);
    return std::nullopt;
  }
  isl_ast_build *Build = isl_ast_build_from_context(
      isl_set_universe(isl_set_get_space(Good)));
  isl_ast_expr *Expr = isl_ast_build_expr_from_set(Build, Good);
  isl_ast_build_free(Build);
  char *C = Expr ? isl_ast_expr_to_C_str(Expr) : nullptr;
  isl_ast_expr_free(Expr);
  if (!C)
    return std::nullopt;
  std::string Text = C;
  free(C);
  // isl writes floord, min and max for quotients and bounds it cannot
  // split; the rewritten file does not define them.
  for (llvm::StringRef Helper : {"floord", "min(", "max(", "%"})
    if (llvm::StringRef(Text).contains(Helper))
      return std::nullopt;
  return B.Params.toSource(Text);
}

} // namespace

/// What isl proves of the accesses Chosen of VA's array, for the
/// iterations Levels keeps apart.
/// Accesses of one array as isl sees them, with the extents of its
/// dimensions after the first.
struct AffineQuestion {
  std::vector<AffineAccess> All;
  std::vector<Polynomial> Extents;
};

/// Chosen, accesses of VA's array; none when one is not affine, or when
/// one has several subscripts and the array is no array parameter.
static std::optional<AffineQuestion>
readQuestion(const SubscriptAnalysis &Subscripts, const VariableAccesses &VA,
             llvm::ArrayRef<const Access *> Chosen) {
  AffineQuestion Q;
  for (const Access *A : Chosen) {
    auto Read = readAccess(Subscripts, *A);
    if (!Read)
      return std::nullopt;
    Q.All.push_back(std::move(*Read));
  }
  if (llvm::none_of(Q.All, [](const AffineAccess &A) { return A.Dims.size() > 1; }))
    return Q;
  const auto *Param = dyn_cast<ParmVarDecl>(VA.Var);
  if (!Param || !isArrayParameter(*Param))
    return std::nullopt;
  auto Shape = arrayShape(*Param);
  if (!Shape) {
    llvm::consumeError(Shape.takeError());
    return std::nullopt;
  }
  Q.Extents = Shape->InnerExtents;
  return Q;
}

static std::optional<ConflictFree>
proveApart(const SubscriptAnalysis &Subscripts, const VariableAccesses &VA,
           llvm::ArrayRef<const Access *> Chosen, Apart Levels) {
  std::optional<AffineQuestion> Q = readQuestion(Subscripts, VA, Chosen);
  if (!Q)
    return std::nullopt;
  const std::vector<AffineAccess> &All = Q->All;
  IslContext Ctx;
  Builder B(Subscripts, Q->Extents);
  for (size_t I = 0; I < All.size(); ++I)
    for (size_t J = I; J < All.size(); ++J) {
      if (!isWrite(All[I].Site->Kind) && !isWrite(All[J].Site->Kind))
        continue;
      auto Set = conflictSet(B, All[I], All[J], Levels);
      if (!Set)
        return std::nullopt;
      std::optional<bool> Empty =
          isEmptyMap(Ctx.get(), B.Params.declaration() + *Set);
      if (!Empty || !*Empty)
        return std::nullopt;
    }
  auto InBounds = inBoundsCondition(Ctx.get(), B, All);
  if (!InBounds)
    return std::nullopt;
  return ConflictFree{*InBounds};
}

std::optional<ConflictFree>
proveConflictFree(const SubscriptAnalysis &Subscripts,
                  const VariableAccesses &VA, unsigned Levels) {
  std::vector<const Access *> All;
  for (const Access &A : VA.Accesses)
    All.push_back(&A);
  return proveApart(Subscripts, VA, All, Apart{0, Levels});
}

std::optional<ConflictFree>
proveInnerConflictFree(const SubscriptAnalysis &Subscripts,
                       const VariableAccesses &VA, const ForStmt &Inner,
                       unsigned Depth) {
  std::vector<const Access *> Inside;
  for (const Access &A : VA.Accesses)
    if (A.InnerLoops.size() >= Depth && A.InnerLoops[Depth - 1].Loop == &Inner)
      Inside.push_back(&A);
  if (llvm::none_of(Inside, [](const Access *A) { return isWrite(A->Kind); }))
    return ConflictFree{};
  return proveApart(Subscripts, VA, Inside, Apart{Depth, 1});
}

/// "{ [x0, ...] -> [e0] : ... }": the rows (elements, for one dimension) A
/// reaches over the first Levels loops of its nest.
static std::optional<std::string> reachedRows(Builder &B, AffineAccess A,
                                              size_t Levels) {
  A.Nest.resize(Levels);
  auto Dom = B.domain(A, "x");
  auto Row = B.subscript(A, 0, "x");
  if (!Dom || !Row)
    return std::nullopt;
  return "{ " + tuple(Levels, "x") + " -> [e0] : " + *Dom + " and e0 = " +
         *Row + " }";
}

/// "{ [] -> [e0] : ... }": the rows of Section while it is mapped.
static std::optional<std::string> sectionRows(Builder &B,
                                              const MappedSection &Section) {
  auto Lower = B.invariant(Section.Lower);
  auto Length = B.invariant(Section.Length);
  if (!Lower || !Length)
    return std::nullopt;
  std::vector<std::string> Parts{*Lower + " <= e0 < " + *Lower + " + " +
                                 *Length};
  for (const Polynomial &G : Section.Guard) {
    auto Term = B.invariant(G);
    if (!Term)
      return std::nullopt;
    Parts.push_back(*Term + " >= 0");
  }
  return "{ [] -> [e0] : " + llvm::join(Parts, " and ") + " }";
}

/// True when the rows of Needed (reachedRows) lie in the union of those of
/// Covering, for every value of the parameters. Read once all texts have
/// named their parameters.
static bool rowsCovered(isl_ctx *Ctx, const Builder &B,
                        const std::string &Needed,
                        llvm::ArrayRef<std::string> Covering) {
  auto Rows = [&](const std::string &Text) {
    isl_map *M =
        isl_map_read_from_str(Ctx, (B.Params.declaration() + Text).c_str());
    return M ? isl_map_range(M) : nullptr;
  };
  isl_set *Want = Rows(Needed);
  isl_set *Have = nullptr;
  for (const std::string &Text : Covering)
    if (isl_set *One = Rows(Text))
      Have = Have ? isl_set_union(Have, One) : One;
  isl_bool Inside =
      Want && Have ? isl_set_is_subset(Want, Have) : isl_bool_error;
  isl_set_free(Want);
  isl_set_free(Have);
  return Inside == isl_bool_true;
}

/// True when, in each iteration of the loops around the inner loop at
/// depth Depth, whether that loop runs or not, the row of E's element (the
/// element, for one dimension) lies in Section while it is mapped, or is
/// one that an affine access of VA's array in the offloaded loop reaches in
/// some iteration (the section holds every access). (Its other subscripts
/// stay within their extents: the caller's in-bounds proof.)
static bool elementRowMapped(isl_ctx *Ctx, Builder &B,
                             const SubscriptAnalysis &Subscripts,
                             const VariableAccesses &VA,
                             const AffineAccess &E, unsigned Depth,
                             const MappedSection &Section) {
  auto Element = reachedRows(B, E, Depth);
  if (!Element)
    return false;
  if (auto InSection = sectionRows(B, Section);
      InSection && rowsCovered(Ctx, B, *Element, {*InSection}))
    return true;
  std::vector<std::string> Reached;
  for (const Access &A : VA.Accesses) {
    auto Read = readAccess(Subscripts, A);
    if (!Read || Read->Dims.size() != E.Dims.size())
      continue; // fewer rows reached: a weaker claim, never a wrong one
    if (auto Map = reachedRows(B, *Read, Read->Nest.size()))
      Reached.push_back(*Map);
  }
  return rowsCovered(Ctx, B, *Element, Reached);
}

std::optional<ConflictFree>
proveElementApart(const SubscriptAnalysis &Subscripts,
                  const VariableAccesses &VA, const Access &Element,
                  llvm::ArrayRef<const Access *> Others, unsigned Depth,
                  const MappedSection &Section) {
  std::vector<const Access *> Chosen{&Element};
  llvm::append_range(Chosen, Others);
  std::optional<AffineQuestion> Q = readQuestion(Subscripts, VA, Chosen);
  if (!Q)
    return std::nullopt;
  const std::vector<AffineAccess> &All = Q->All;
  const AffineAccess &E = All.front();
  IslContext Ctx;
  Builder B(Subscripts, Q->Extents);
  // The element is one for every iteration of the inner loop and those in
  // it: no two of them reach different elements.
  auto DomX = B.domain(E, "x"), DomY = B.domain(E, "y");
  if (!DomX || !DomY || E.Nest.size() <= Depth)
    return std::nullopt;
  std::vector<std::string> Parts{*DomX, *DomY}, Differ;
  for (unsigned L = 0; L < Depth; ++L)
    Parts.push_back("x" + std::to_string(L) + " = y" + std::to_string(L));
  for (size_t D = 0; D < E.Dims.size(); ++D) {
    auto SX = B.subscript(E, D, "x"), SY = B.subscript(E, D, "y");
    if (!SX || !SY)
      return std::nullopt;
    Differ.push_back(*SX + " != " + *SY);
  }
  Parts.push_back("(" + llvm::join(Differ, " or ") + ")");
  std::string Moving = "{ " + tuple(E.Nest.size(), "x") + " -> " +
                       tuple(E.Nest.size(), "y") + " : " +
                       llvm::join(Parts, " and ") + " }";
  std::optional<bool> Fixed =
      isEmptyMap(Ctx.get(), B.Params.declaration() + Moving);
  if (!Fixed || !*Fixed)
    return std::nullopt;
  // No other access reaches it in the same iterations of the loops around
  // the inner loop.
  for (size_t K = 1; K < All.size(); ++K) {
    auto Set = conflictSet(B, E, All[K], Apart{Depth, 0});
    if (!Set)
      return std::nullopt;
    std::optional<bool> Empty =
        isEmptyMap(Ctx.get(), B.Params.declaration() + *Set);
    if (!Empty || !*Empty)
      return std::nullopt;
  }
  if (!elementRowMapped(Ctx.get(), B, Subscripts, VA, E, Depth, Section))
    return std::nullopt;
  auto InBounds = inBoundsCondition(Ctx.get(), B, All);
  if (!InBounds)
    return std::nullopt;
  return ConflictFree{*InBounds};
}

} // namespace ownmap
