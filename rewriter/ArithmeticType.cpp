//===- ArithmeticType.cpp - the type printed section arithmetic computes in ===//
#include "ArithmeticType.h"
#include "Polynomial.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace ownmap {

/// True when Text binds as one operand: a name or number, or all of it in
/// one pair of parentheses (a quotient the analysis writes). Atoms of
/// source expressions always do; others (an OM_LEN count) may not.
static bool isOperand(llvm::StringRef Text) {
  if (llvm::all_of(Text, [](char C) { return isAsciiIdentifierContinue(C); }))
    return true;
  if (!Text.starts_with("("))
    return false;
  int Depth = 0;
  for (size_t K = 0; K < Text.size(); ++K) {
    Depth += Text[K] == '(' ? 1 : Text[K] == ')' ? -1 : 0;
    if (Depth == 0)
      return K + 1 == Text.size();
  }
  return false;
}

ArithmeticType ArithmeticType::of(QualType T, const ASTContext &Ctx) {
  if (T.isNull() || !T->isIntegerType())
    return {};
  T = T.getCanonicalType().getUnqualifiedType();
  unsigned IntBits = Ctx.getIntWidth(Ctx.IntTy);
  unsigned TBits = Ctx.getIntWidth(T);
  bool Signed = T->isSignedIntegerOrEnumerationType();
  if (TBits < IntBits || (Signed && TBits <= IntBits))
    return {}; // promoted to int
  unsigned Needed = TBits + (Signed ? 0 : 1);
  QualType Wide;
  for (QualType Candidate : {Ctx.LongTy, Ctx.LongLongTy})
    if (Ctx.getIntWidth(Candidate) >= Needed) {
      Wide = Candidate;
      break;
    }
  if (Wide.isNull())
    Wide = Signed ? T : Ctx.getCorrespondingSignedType(T);
  ArithmeticType Type;
  Type.Ctx = &Ctx;
  Type.Bits = Ctx.getIntWidth(Wide);
  Type.Spelling = Wide.getAsString(Ctx.getPrintingPolicy());
  return Type;
}

ArithmeticType ArithmeticType::widest(const ArithmeticType &Other) const {
  return Other.Bits > Bits ? Other : *this;
}

std::string ArithmeticType::widened(const Atom &A) const {
  if (isPlain())
    return A.text();
  QualType T = A.source() ? A.source()->getType()
                        : A.var() ? A.var()->getType() : QualType();
  if (!T.isNull() && T->isIntegerType() && Ctx->getIntWidth(T) >= Bits)
    return A.text();
  return "(" + Spelling + ")" +
         (A.source() || isOperand(A.text()) ? A.text() : "(" + A.text() + ")");
}

} // namespace ownmap
