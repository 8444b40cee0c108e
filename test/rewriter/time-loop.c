// A time loop in the kernel (an outer `for (t ...)` or a `while` whose
// iterations depend on each other) stays on the host: the loops of its body
// are offloaded, and one `target data` region around it keeps their arrays
// on the device across all steps. OM_OUT data is mapped tofrom there (the
// loop may run zero times); the cells that host code in the loop touches
// are updated around it. Offloaded, the program prints what its serial build
// prints, and under the plugin each kept array crosses once each way.
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --report=%t.report --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %ownmap-rewrite --no-line-directives %t.rw.c -o %t.twice.c --
// RUN: diff %t.rw.c %t.twice.c
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: env "OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 OWNMAP_ELIDE=off" %compare-with-plugin %t.omp 2>%t.err
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void diffuse(int steps, int n, OM_INOUT float *u,
                       OM_SCRATCH float *tmp) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < n - 1; ++i)
      tmp[i] = 0.25f * (u[i - 1] + u[i + 1]) + 0.5f * u[i];
    for (int i = 1; i < n - 1; ++i)
      u[i] = tmp[i];
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void diffuse(
// CHECK:      {{^}}  #pragma omp target data map(tofrom: u[0:(n - 1 > 1) * n]) map(alloc: tmp[1:(n - 1 > 1) * (n - 2)]){{$}}
// CHECK-NEXT: {{^}}  {{{$}}
// CHECK-NEXT: {{^}}  for (int t = 0; t < steps; ++t) {{{$}}
// CHECK-NEXT: {{^}}    #pragma omp target teams distribute parallel for map(tofrom: u[0:(n - 1 > 1 ? n : 0)]) map(alloc: tmp[1:(n - 1 > 1 ? n - 2 : 0)]){{$}}
// CHECK-NEXT: {{^}}    for (int i = 1; i < n - 1; ++i){{$}}
// CHECK-NEXT: {{^}}      tmp[i] = 0.25f * (u[i - 1] + u[i + 1]) + 0.5f * u[i];{{$}}
// CHECK-NEXT: {{^}}    #pragma omp target teams distribute parallel for map(tofrom: u[1:(n - 1 > 1 ? n - 2 : 0)]) map(alloc: tmp[1:(n - 1 > 1 ? n - 2 : 0)]){{$}}
// CHECK-NEXT: {{^}}    for (int i = 1; i < n - 1; ++i){{$}}
// CHECK-NEXT: {{^}}      u[i] = tmp[i];{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
// REPORT:      why: section from subscripts tmp[i] over i in [1, n - 1); reads the elements [1, n - 2] that the loop at 24:5 writes, kept on the device by the data region
// REPORT:      data region {{.*}}time-loop.c:24:5 to {{.*}}time-loop.c:26:5 in kernel 'diffuse'
// REPORT-NEXT:   directive: #pragma omp target data map(tofrom: u[0:(n - 1 > 1) * n]) map(alloc: tmp[1:(n - 1 > 1) * (n - 2)])
// REPORT-NEXT:   variable u
// REPORT-NEXT:     map: tofrom u[0:(n - 1 > 1) * n]
// REPORT-NEXT:     why: used by the loops at 24:5, 26:5; mapped once around the host loop at 23:3 over the union of their sections

OM_KERNEL void relax(int steps, int n, OM_IN const float *f, OM_INOUT float *u,
                     OM_OUT float *r) {
  while (steps > 0) {
    for (int i = 1; i < n - 1; ++i)
      r[i] = f[i] - (2 * u[i] - u[i - 1] - u[i + 1]);
    for (int i = 1; i < n - 1; ++i)
      u[i] = u[i] + 0.25f * r[i];
    --steps;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void relax(
// CHECK:      {{^}}  #pragma omp target data map(to: f[1:(n - 1 > 1) * (n - 2)]) map(tofrom: u[0:(n - 1 > 1) * n]) map(tofrom: r[1:(n - 1 > 1) * (n - 2)]){{$}}
// CHECK-NEXT: {{^}}  {{{$}}
// CHECK-NEXT: {{^}}  while (steps > 0) {{{$}}
// CHECK:      {{^}}    --steps;{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}

// The host writes u between steps (a periodic boundary): u stays on the
// device too, and only the two cells the host touches cross each step.
OM_KERNEL void host_work(int steps, int n, OM_INOUT float *u,
                         OM_IN const float *v) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 0; i < n; ++i)
      u[i] = 0.5f * u[i] + v[i];
    u[0] = u[n - 1]; // periodic boundary, on the host
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void host_work(
// CHECK:      {{^}}  #pragma omp target data map(tofrom: u[0:(n > 0) * n]) map(to: v[0:(n > 0) * n]){{$}}
// CHECK-NEXT: {{^}}  {{{$}}
// CHECK-NEXT: {{^}}  for (int t = 0; t < steps; ++t) {{{$}}
// CHECK-NEXT: {{^}}    #pragma omp target teams distribute parallel for map(tofrom: u[0:(n > 0 ? n : 0)]) map(to: v[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}    for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}      u[i] = 0.5f * u[i] + v[i];{{$}}
// CHECK-NEXT: {{^}}    #pragma omp target update from(u[n - 1:1]){{$}}
// CHECK-NEXT: {{^}}    u[0] = u[n - 1]; // periodic boundary, on the host{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target update to(u[0:1]){{$}}
// CHECK-NEXT: {{^}}  }{{$}}

// A function of the program called between steps may reach u through a
// global that points into it: no region, both arrays keep their per-loop
// maps. (printf in the C library reaches only what it is passed.)
static float *watched;
static void perturb(void) { watched[1] += 1.0f; }
OM_KERNEL void calls_program(int steps, int n, OM_INOUT float *u,
                             OM_IN const float *v) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 0; i < n; ++i)
      u[i] = 0.5f * u[i] + v[i];
    perturb();
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void calls_program(
// CHECK-NOT:   #pragma omp target data
// CHECK:       {{^}}  for (int t = 0; t < steps; ++t) {{{$}}
// CHECK-NEXT:  {{^}}    if ({{.*}}) ownmap_check_exclusive("calls_program", {{.*}}
// CHECK-NEXT:  {{^}}    ownmap_kernel_reads_only(v, (n > 0 ? n : 0) * sizeof *v);{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target teams distribute parallel for map(tofrom: u[0:(n > 0 ? n : 0)]) map(to: v[0:(n > 0 ? n : 0)]){{$}}

int main(void) {
  enum { N = 500 };
  static float u[N], tmp[N], f[N], r[N], v[N];
  for (int i = 0; i < N; ++i) {
    u[i] = (float)(i % 13);
    f[i] = (float)(i % 5) - 2.0f;
    v[i] = (float)(i % 3);
  }
  diffuse(20, N, u, tmp);
  relax(10, N, f, u, r);
  relax(0, N, f, u, r); // no step: r comes back as the host had it
  host_work(5, N, u, v);
  watched = u;
  calls_program(3, N, u, v);
  printf("after perturb %.1f\n", u[1]);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += u[i] + r[i];
  printf("time loops %.4f\n", s);
  return 0;
}
// With OWNMAP_ELIDE=off, what the maps copy: each array a region keeps
// crosses once each way per call of its kernel (diffuse 20 steps, relax
// 10 and 0), never per step; host_work's u and v cross once, and on each of
// its 5 steps the one cell the host reads comes back and the one it writes
// goes out (4 bytes each); calls_program's u and v on each of its 3 steps.
// SUMMARY:      ownmap: transfer summary
// SUMMARY-NEXT: ownmap: variable
// SUMMARY-NEXT: ownmap: u[0:(n - 1 > 1) * n] {{.*}} 2000 1 2000 1
// SUMMARY-NEXT: ownmap: f[1:(n - 1 > 1) * (n - 2)] {{.*}} 3984 2 0 0
// SUMMARY-NEXT: ownmap: u[0:(n - 1 > 1) * n] {{.*}} 4000 2 4000 2
// SUMMARY-NEXT: ownmap: r[1:(n - 1 > 1) * (n - 2)] {{.*}} 3984 2 3984 2
// SUMMARY-NEXT: ownmap: u[0:(n > 0) * n] {{.*}} 2000 1 2000 1
// SUMMARY-NEXT: ownmap: u[0:1] {{.*}} 20 5 0 0
// SUMMARY-NEXT: ownmap: u[n - 1:1] {{.*}} 0 0 20 5
// SUMMARY-NEXT: ownmap: v[0:(n > 0) * n] {{.*}} 2000 1 0 0
// SUMMARY-NEXT: ownmap: u[0:(n > 0 ? n : 0)] {{.*}} 6000 3 6000 3
// SUMMARY-NEXT: ownmap: v[0:(n > 0 ? n : 0)] {{.*}} 6000 3 0 0
// SUMMARY-NEXT: ownmap: total 29988 20 18004 14
