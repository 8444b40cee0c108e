// Under fork the child counts only its own copies: its exit summary and run
// report no longer include the parent's (they did), and it writes a report
// of its own only when OWNMAP_REPORT names another file for it (%p);
// otherwise it writes none, so that parent and child no longer overwrite
// each other's report. Likewise OWNMAP_LOG with %p gives the child its own
// log. The program checks after the child exited whether a report exists
// yet: with the path without %p it must not (the output is compared with a
// run without the plugin, which writes none).
//
// RUN: %clang-offload %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env OWNMAP_COMPARE_ENV="OWNMAP_SUMMARY=1 OWNMAP_REPORT=%t.d/one.json" %compare-with-plugin %t %t.d/one.json 2> %t.d/one.err
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.d/one.err
// RUN: python3 %S/Inputs/check-run-report.py %t.d/one.json --rows 1 \
// RUN:   --row 'p[0:N]' fork-report-per-process.c %(line+37) 4096 2 4096 2
//
// With %p, one report per process, each with its own copies only.
// RUN: rm -rf %t.p && mkdir %t.p
// RUN: env OWNMAP_REPORT=%t.p/run-%%p.json OWNMAP_LOG=%t.p/log-%%p.txt OWNMAP_SUMMARY=1 LD_PRELOAD=%ownmap-plugin %t %t.p/none.json
// RUN: ls %t.p/run-*.json | count 2
// RUN: ls %t.p/log-*.txt | count 2
// RUN: grep -l 'c\[0:M\]' %t.p/run-*.json | count 1
// RUN: grep -l 'p\[0:N\]' %t.p/run-*.json | count 1
// RUN: sh -c 'cp $(grep -l "c\[0:M\]" %t.p/run-*.json) %t.p/child.json'
// RUN: sh -c 'cp $(grep -l "p\[0:N\]" %t.p/run-*.json) %t.p/parent.json'
// RUN: sh -c 'cat $(grep -l "forked from" %t.p/log-*.txt)' | FileCheck %s --check-prefix=CHILD-LOG
// RUN: python3 %S/Inputs/check-run-report.py %t.p/child.json --rows 1 \
// RUN:   --row 'c[0:M]' fork-report-per-process.c %(line+36) 512 1 512 1
// RUN: python3 %S/Inputs/check-run-report.py %t.p/parent.json --rows 1 \
// RUN:   --row 'p[0:N]' fork-report-per-process.c %(line+22) 4096 2 4096 2
// CHILD-LOG: ownmap: process [[#]], forked from [[#]], counts its own copies:
// CHILD-LOG-NOT: p[0:N]

// The child's summary comes first (it exits first), with its copies only.
// SUMMARY: ownmap: process [[#]], forked from [[#]], counts its own copies:
// SUMMARY-NEXT: ownmap: transfer summary
// SUMMARY-NEXT: ownmap: variable
// SUMMARY-NEXT: ownmap: c[0:M] {{.*}} 512 1 512 1
// SUMMARY-NEXT: ownmap: total
// SUMMARY-NEXT: ownmap: transfer summary
// SUMMARY-NEXT: ownmap: variable
// SUMMARY-NEXT: ownmap: p[0:N] {{.*}} 4096 2 4096 2
// SUMMARY-NEXT: ownmap: total

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

enum { N = 256, M = 64 };

static void step(double *p) {
#pragma omp target teams distribute parallel for map(tofrom: p[0:N])
  for (int i = 0; i < N; i++)
    p[i] += 1;
}

int main(int argc, char **argv) {
  static double p[N];
  step(p);
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    static double c[M];
#pragma omp target teams distribute parallel for map(tofrom: c[0:M])
    for (int i = 0; i < M; i++)
      c[i] = i;
    exit(c[M - 1] == M - 1 ? 0 : 1); /* a normal exit: atexit handlers run */
  }
  int status = 0;
  waitpid(child, &status, 0);
  printf("child exit %d, a report after it: %s\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1,
         argc > 1 && access(argv[1], F_OK) == 0 ? "yes" : "no");
  step(p);
  printf("fork sum %.1f\n", p[0] + p[N - 1]);
  return 0;
}
