// The rewritten file carries #line directives: compiled, it names this file
// and its lines, so clang's diagnostics, the map names and source locations
// in the binary, debug line tables, and the plugin's findings and run report
// point at the user's source; an inserted directive takes the line of its
// loop.
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: FileCheck %s --check-prefix=TEXT --strict-whitespace < %t.rw.c
// A second rewrite changes nothing and says nothing.
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// RUN: %clang-offload -fsyntax-only -Wunused-variable %t.rw.c 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %clang-offload %t.rw.c -o %t.omp
// RUN: llvm-strings %t.omp | FileCheck %s --check-prefix=NAMES
// RUN: llvm-symbolizer --obj=%t.omp main | FileCheck %s --check-prefix=DEBUG
// RUN: %ownmap-run --report %t.run.json -- %t.omp > %t.out
// RUN: FileCheck %s --check-prefix=REPORT < %t.run.json
// RUN: not %ownmap-run -- %t.omp short 2>&1 | FileCheck %s --check-prefix=PLUGIN
// Without directives the compiled file names itself and its own lines.
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.plain.c --
// RUN: not grep -n '^#line' %t.plain.c
// RUN: %clang-offload %t.plain.c -o %t.plain
// RUN: not %ownmap-run -- %t.plain short 2>&1 | FileCheck %s --check-prefix=PLAIN
#include <ownmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

OM_KERNEL void scale(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = 2.0f * x[i];
}
// TEXT:      {{^}}#line 1 "{{.*}}/line-directives.c"{{$}}
// TEXT-NEXT: {{^}}// The rewritten file carries #line directives: compiled, it names this file{{$}}
// TEXT:      {{^}}OM_KERNEL void scale(int n, OM_IN const float *x, OM_OUT float *y) {{{$}}
// TEXT-NEXT: {{^}}  if ({{.*}}) ownmap_check_exclusive("scale", {{.*}});{{$}}
// TEXT-NEXT: {{^}}#line [[#@LINE-7]]{{$}}
// TEXT-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// TEXT-NEXT: {{^}}#line [[#@LINE-9]]{{$}}
// TEXT-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}
// TEXT-NEXT: {{^}}#line [[#@LINE-11]]{{$}}
// TEXT-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// TEXT-NEXT: {{^}}    y[i] = 2.0f * x[i];{{$}}
// TEXT-NEXT: {{^}}#line [[#@LINE-13]]{{$}}
// TEXT-NEXT: {{^}}  ownmap_kernel_facts_done();{{$}}
// TEXT-NEXT: {{^}}}{{$}}

OM_KERNEL void shift(int n, OM_IN const float *x,
                     OM_INOUT float *y) {
  int unused;
  for (int i = 0; i < n; ++i)
    y[i] += x[i];
}
// TEXT:      {{^}}  int unused;{{$}}
// TEXT-NEXT: {{^}}  if ({{.*}}) ownmap_check_exclusive("shift", {{.*}});{{$}}
// TEXT-NEXT: {{^}}#line [[#@LINE-5]]{{$}}
// TEXT-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// TEXT-NEXT: {{^}}#line [[#@LINE-7]]{{$}}
// TEXT-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}
// TEXT-NEXT: {{^}}#line [[#@LINE-9]]{{$}}
// TEXT-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// TEXT-NEXT: {{^}}    y[i] += x[i];{{$}}
// TEXT-NEXT: {{^}}#line [[#@LINE-11]]{{$}}
// TEXT-NEXT: {{^}}  ownmap_kernel_facts_done();{{$}}
// TEXT-NEXT: {{^}}}{{$}}
// TEXT-NOT: {{^}}#line

// clang's warning on the rewritten file: this file, this line.
// WARN: {{^}}{{.*}}/line-directives.c:[[#@LINE-19]]:7: warning: unused variable 'unused'

// In the binary: each construct's location is its loop's line (column of the
// directive), each map name's the parameter's declaration; none names the
// rewritten file.
// NAMES-DAG: {{^}};{{[^;]*}}/line-directives.c;scale;[[#@LINE-44]];3;;{{$}}
// NAMES-DAG: {{^}};x[0:(n > 0 ? n : 0)];{{[^;]*}}/line-directives.c;[[#@LINE-46]];48;;{{$}}
// NAMES-DAG: {{^}};{{[^;]*}}/line-directives.c;shift;[[#@LINE-25]];3;;{{$}}
// NAMES-DAG: {{^}};x[0:(n > 0 ? n : 0)];{{[^;]*}}/line-directives.c;[[#@LINE-29]];48;;{{$}}
// NAMES-DAG: {{^}};y[0:(n > 0 ? n : 0)];{{[^;]*}}/line-directives.c;[[#@LINE-29]];38;;{{$}}
// NAMES-NOT: .tmp.rw.c;

// The run report counts the transfers per variable of this file.
// REPORT-DAG: "variable": "x[0:(n > 0 ? n : 0)]", "file": "line-directives.c", "line": [[#@LINE-53]],
// REPORT-DAG: "variable": "x[0:(n > 0 ? n : 0)]", "file": "line-directives.c", "line": [[#@LINE-35]],

// The planted bug: shift reads n elements of a shorter block.
// PLUGIN: ownmap: error: x[0:(n > 0 ? n : 0)] (declared at line-directives.c:[[#@LINE-38]]) mapped at line-directives.c:[[#@LINE-35]] in shift covers bytes [0, 4000) of a heap block of 2000 bytes
// Without directives: the rewritten file, its lines shifted by the inserted ones.
// PLAIN: ownmap: error: x[0:(n > 0 ? n : 0)] (declared at line-directives.c.tmp.plain.c:[[#@LINE-36]]) mapped at line-directives.c.tmp.plain.c:[[#@LINE-31]] in shift

// Debug line tables: main starts on the next line of this file.
// DEBUG: {{^}}{{.*}}/line-directives.c:[[#@LINE+1]]:0{{$}}
int main(int argc, char **argv) {
  int n = 1000;
  int short_x = argc > 1 && strcmp(argv[1], "short") == 0;
  float *y = calloc(n, sizeof *y), *x = calloc(n, sizeof *x);
  // Allocated last, so that reading past its end overlaps no other array.
  float *x_half = calloc(n / 2, sizeof *x_half);
  for (int i = 0; i < n; ++i)
    x[i] = (float)i;
  scale(n, x, y);
  shift(n, short_x ? x_half : x, y);
  printf("line-directives y[n - 1]=%.1f\n", y[n - 1]);
  return 0;
}
