#include <ownmap.h>
#include "corpus.h"

/* The update of one nb x nb block of C inside a matrix of leading
 * dimension ld, as a blocked factorisation does it. Rows of C are distinct
 * elements only when ld >= nb: stated, and checked at run time. */
OM_KERNEL OM_FACT(ld >= nb) void block_update(int nb, int ld,
                                              OM_IN const float *A,
                                              OM_IN const float *B,
                                              OM_INOUT float *C) {
  for (int i = 0; i < nb; ++i)
    for (int j = 0; j < nb; ++j) {
      float s = 0;
      for (int p = 0; p < nb; ++p)
        s += A[i * ld + p] * B[p * ld + j];
      C[i * ld + j] -= s;
    }
}

int main(void) {
  enum { LD = 32, NB = 8 };
  static float A[LD * LD], B[LD * LD], C[LD * LD];
  corpus_fill(A, LD * LD, 1);
  corpus_fill(B, LD * LD, 2);
  corpus_fill(C, LD * LD, 3);
  block_update(NB, LD, A, B, C + NB * LD + NB);
  corpus_print("C", C, LD * LD);
  return 0;
}
