// A time loop whose body does host work between its offloaded loops: a
// halo exchange that copies the periodic ghost cells (u[0] from u[n - 2],
// u[n - 1] from u[1]) and a probe that reads one cell per step. The arrays
// stay on the device for the whole loop (copied once in and once out), and
// each step moves only the cells the host touches: the three it reads come
// back, the two it writes go out.
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --report=%t.report --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %ownmap-rewrite --no-line-directives %t.rw.c -o %t.twice.c --
// RUN: diff %t.rw.c %t.twice.c
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: %ownmap-run --elide off --summary -- %t.omp > %t.plugin.out 2>%t.err
// RUN: diff %t.ser.out %t.plugin.out
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
// RUN: %ownmap-run --checks full -- %t.omp 2>&1 > %t.full.out | count 0
// RUN: diff %t.ser.out %t.full.out
#include <ownmap.h>
#include <stdio.h>
#include <stdlib.h>

OM_KERNEL void advect(int steps, int n, int mid, OM_INOUT double *u,
                      OM_SCRATCH double *flux, OM_OUT double *probe) {
  for (int t = 0; t < steps; ++t) {
    u[0] = u[n - 2];
    u[n - 1] = u[1];
    for (int i = 1; i < n; ++i)
      flux[i] = 0.5 * (u[i] - u[i - 1]);
    for (int i = 1; i < n - 1; ++i)
      u[i] = u[i] + 0.4 * (flux[i + 1] - flux[i]) * (1.0 - 0.01 * t);
    probe[t] = u[mid];
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void advect(
// CHECK:      {{^}}  #pragma omp target data map(tofrom: u[0:(n > 1) * n]) map(alloc: flux[1:(n > 1) * (n - 1)]){{$}}
// CHECK-NEXT: {{^}}  {{{$}}
// CHECK-NEXT: {{^}}  for (int t = 0; t < steps; ++t) {{{$}}
// CHECK-NEXT: {{^}}    #pragma omp target update from(u[n - 2:1]){{$}}
// CHECK-NEXT: {{^}}    #pragma omp target update from(u[1:1]){{$}}
// CHECK-NEXT: {{^}}    u[0] = u[n - 2];{{$}}
// CHECK-NEXT: {{^}}    u[n - 1] = u[1];{{$}}
// CHECK-NEXT: {{^}}    #pragma omp target update to(u[0:1]){{$}}
// CHECK-NEXT: {{^}}    #pragma omp target update to(u[n - 1:1]){{$}}
// CHECK:      {{^}}      u[i] = u[i] + 0.4 * (flux[i + 1] - flux[i]) * (1.0 - 0.01 * t);{{$}}
// CHECK-NEXT: {{^}}    #pragma omp target update from(u[mid:1]){{$}}
// CHECK-NEXT: {{^}}    probe[t] = u[mid];{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// REPORT:      data region {{.*}}time-loop-edges.c:29:5 to {{.*}}time-loop-edges.c:31:5 in kernel 'advect'
// REPORT:        update: #pragma omp target update from(u[n - 2:1]) before {{.*}}time-loop-edges.c:27:5
// REPORT-NEXT:   update: #pragma omp target update from(u[1:1]) before {{.*}}time-loop-edges.c:27:5
// REPORT-NEXT:   update: #pragma omp target update to(u[0:1]) before {{.*}}time-loop-edges.c:29:5
// REPORT-NEXT:   update: #pragma omp target update to(u[n - 1:1]) before {{.*}}time-loop-edges.c:29:5
// REPORT-NEXT:   update: #pragma omp target update from(u[mid:1]) before {{.*}}time-loop-edges.c:33:5

int main(void) {
  enum { N = 4096, STEPS = 25 };
  double *u = malloc(N * sizeof *u), *flux = malloc(N * sizeof *flux);
  double probe[STEPS];
  for (int i = 0; i < N; ++i)
    u[i] = (double)(i % 29) / 29.0;
  advect(STEPS, N, N / 2, u, flux, probe);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += u[i] * (i % 3 + 1);
  printf("sum %.9f probe %.9f %.9f\n", s, probe[0], probe[STEPS - 1]);
  free(u);
  free(flux);
  return 0;
}
// With OWNMAP_ELIDE=off: u crosses once each way (4096 doubles), flux never
// (alloc), and each of the 25 steps moves five doubles: three back (u[n - 2],
// u[1], u[mid]), two out (u[0], u[n - 1]).
// SUMMARY:      ownmap: transfer summary
// SUMMARY-NEXT: ownmap: variable
// SUMMARY-NEXT: ownmap: u[0:(n > 1) * n] {{.*}} 32768 1 32768 1
// SUMMARY-NEXT: ownmap: u[0:1] {{.*}} 200 25 0 0
// SUMMARY-NEXT: ownmap: u[1:1] {{.*}} 0 0 200 25
// SUMMARY-NEXT: ownmap: u[mid:1] {{.*}} 0 0 200 25
// SUMMARY-NEXT: ownmap: u[n - 1:1] {{.*}} 200 25 0 0
// SUMMARY-NEXT: ownmap: u[n - 2:1] {{.*}} 0 0 200 25
// SUMMARY-NEXT: ownmap: total 33168 51 33368 76
