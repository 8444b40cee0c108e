// Several offloaded loops of one kernel share arrays: a `target data` region
// maps each shared array once over the union of the loops' sections, the
// loops keep their own maps (present data: nothing is copied), and host code
// between the loops gets `target update from` before it reads and
// `target update to` after it writes, of the elements it names (`y[0:1]`). Running the tool on its output changes
// nothing and prints nothing.
// RUN: %ownmap-rewrite %s -o %t.rw.c --report=%t.report --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: FileCheck %s --check-prefix=REPORT --match-full-lines < %t.report
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void pipeline(int n, OM_IN const float *x, OM_INOUT float *y,
                        OM_OUT float *z) {
  for (int i = 0; i < n; ++i)
    y[i] = y[i] + 2.0f * x[i]; // accumulate
  y[0] = y[0] + 1.0f;
  printf("host sees y[1]=%.1f\n", y[1]);
  for (int i = 1; i < n - 1; ++i) {
    z[i] = y[i - 1] + y[i + 1] + x[i];
  }
  for (int i = 0; i < n; ++i)
    y[i] = y[i] * 0.5f;
}
// Every inserted line is attributed (#line) to the line of the statement it
// goes before; the closing brace to the last line of its loop.
// CHECK:      {{^}}                        OM_OUT float *z) {{{$}}
// CHECK-NEXT: {{^}}  if ((n > 0 || n - 1 > 1)) ownmap_check_exclusive("pipeline", "OM_INOUT", "y", y, y + n, "x", x, x + n);{{$}}
// CHECK-NEXT: {{^}}#line 21{{$}}
// CHECK-NEXT: {{^}}  if (n - 1 > 1) ownmap_check_exclusive("pipeline", "OM_OUT", "z", z + 1, z + (n - 1), "x", x + 1, x + (n - 1));{{$}}
// CHECK-NEXT: {{^}}#line 21{{$}}
// CHECK-NEXT: {{^}}  if (n - 1 > 1) ownmap_check_exclusive("pipeline", "OM_INOUT", "y", y, y + n, "z", z + 1, z + (n - 1));{{$}}
// CHECK-NEXT: {{^}}#line 21{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target data map(to: x[0:(n > 0) * n]) map(tofrom: y[0:(n > 0) * n]){{$}}
// CHECK-NEXT: {{^}}#line 21{{$}}
// CHECK-NEXT: {{^}}  {{{$}}
// CHECK-NEXT: {{^}}#line 21{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}#line 21{{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    y[i] = y[i] + 2.0f * x[i]; // accumulate{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target update from(y[0:1]){{$}}
// CHECK-NEXT: {{^}}#line 23{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target update from(y[1:1]){{$}}
// CHECK-NEXT: {{^}}#line 23{{$}}
// CHECK-NEXT: {{^}}  y[0] = y[0] + 1.0f;{{$}}
// CHECK-NEXT: {{^}}  printf("host sees y[1]=%.1f\n", y[1]);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target update to(y[0:1]){{$}}
// CHECK-NEXT: {{^}}#line 25{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[1:(n - 1 > 1 ? n - 2 : 0)]) map(tofrom: y[0:(n - 1 > 1 ? n : 0)]) map(from: z[1:(n - 1 > 1 ? n - 2 : 0)]){{$}}
// CHECK-NEXT: {{^}}#line 25{{$}}
// CHECK-NEXT: {{^}}  for (int i = 1; i < n - 1; ++i) {{{$}}
// CHECK-NEXT: {{^}}    z[i] = y[i - 1] + y[i + 1] + x[i];{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}#line 28{{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    y[i] = y[i] * 0.5f;{{$}}
// CHECK-NEXT: {{^}}#line 29{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}

// REPORT:      data region {{.*}}data-region.c:21:3 to {{.*}}data-region.c:28:3 in kernel 'pipeline'
// REPORT-NEXT:   directive: #pragma omp target data map(to: x[0:(n > 0) * n]) map(tofrom: y[0:(n > 0) * n])
// REPORT-NEXT:   variable x
// REPORT-NEXT:     map: to x[0:(n > 0) * n]
// REPORT-NEXT:     why: used by the loops at 21:3, 25:3; mapped once over the union of their sections
// REPORT-NEXT:   variable y
// REPORT-NEXT:     map: tofrom y[0:(n > 0) * n]
// REPORT-NEXT:     why: used by the loops at 21:3, 25:3, 28:3; mapped once over the union of their sections
// REPORT-NEXT:   update: #pragma omp target update from(y[0:1]) before {{.*}}data-region.c:23:3
// REPORT-NEXT:   update: #pragma omp target update from(y[1:1]) before {{.*}}data-region.c:23:3
// REPORT-NEXT:   update: #pragma omp target update to(y[0:1]) before {{.*}}data-region.c:25:3

int main(void) {
  enum { N = 500 };
  static float x[N], y[N], z[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 13);
    y[i] = (float)(i % 4);
    z[i] = -1.0f;
  }
  pipeline(N, x, y, z);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += (y[i] + 3.0 * z[i]) * (i % 5 + 1);
  printf("data-region checksum %.1f z[0]=%.1f z[%d]=%.1f\n", s, z[0], N - 1,
         z[N - 1]);
  return 0;
}
