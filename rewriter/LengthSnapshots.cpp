//===- LengthSnapshots.cpp - OM_LEN counts as the caller passed them -----===//
#include "LengthSnapshots.h"
#include "ChangedVariables.h"
#include "Polynomial.h"

using namespace clang;

namespace ownmap {

void snapshotChangedLengths(KernelAnnotations &Annotations) {
  VariableSet Changed = changedVariables(Annotations.Kernel->getBody());
  for (auto &[Param, A] : Annotations.Params) {
    if (!A.Length)
      continue;
    Atom Count{*A.Length, nullptr};
    if (llvm::any_of(Changed,
                     [&](const VarDecl *V) { return Count.mentions(*V); }))
      A.LengthSnapshot = "ownmap_len_" + Param->getName().str();
  }
}

std::string snapshotDeclaration(const ParamAnnotation &A) {
  return "const __typeof__(" + *A.Length + ") " + *A.LengthSnapshot + " = " +
         *A.Length + ";";
}

} // namespace ownmap
