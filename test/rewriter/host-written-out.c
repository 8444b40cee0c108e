// Forward substitution: the loop over j reads x[0, i), which the host code
// around it wrote in earlier iterations of the loop over i. With OM_OUT the
// device never gets what the host wrote; the error says so and what to
// write instead, and with OM_INOUT the kernel gives the serial result.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %ownmap-rewrite %s -o %t.rw.c -- -DACCEPTED_ONLY
// RUN: %clang-offload -DACCEPTED_ONLY %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial -DACCEPTED_ONLY %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

#ifndef ACCEPTED_ONLY
OM_KERNEL void trsv_out(int n, OM_IN const float *L, OM_IN const float *b,
                        OM_OUT float *x) {
  for (int i = 0; i < n; ++i) {
    float s = b[i];
    for (int j = 0; j < i; ++j)
      s -= L[i * n + j] * x[j];
    x[i] = s / L[i * n + i];
  }
}
// ERR: host-written-out.c:[[@LINE-4]]:27: error: read of 'x' before it is written in this iteration; OM_OUT data is uninitialised on the device (the host code around this loop writes 'x', but what the host writes reaches the device only for data copied in: annotate 'x' OM_INOUT)
#endif

OM_KERNEL void trsv(int n, OM_IN const float *L, OM_IN const float *b,
                    OM_INOUT float *x) {
  for (int i = 0; i < n; ++i) {
    float s = b[i];
    for (int j = 0; j < i; ++j)
      s -= L[i * n + j] * x[j];
    x[i] = s / L[i * n + i];
  }
}

int main(void) {
  enum { N = 12 };
  float L[N * N], b[N], x[N];
  for (int i = 0; i < N; ++i) {
    b[i] = i + 1;
    x[i] = -7;
    for (int j = 0; j < N; ++j)
      L[i * N + j] = i == j ? 2.0f : (j < i ? 0.25f * (j + 1) : 0.0f);
  }
  trsv(N, L, b, x);
  for (int i = 0; i < N; ++i)
    printf("%.6g\n", x[i]);
  return 0;
}
