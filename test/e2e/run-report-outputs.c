// Where OWNMAP_REPORT and OWNMAP_LOG may point (rtl/output.h): a symbolic
// link stays a link and what it points to gets the report (also when it
// does not exist yet); a FIFO and /dev/stdout are written into, not
// replaced by a file as before; a log that does not take the lines
// (OWNMAP_LOG=/dev/full) is said on stderr, where the summary then goes (it
// was lost without a word); %p, %r and %% in either path.
//
// RUN: %clang-offload %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: %t > %t.d/expected.out
//
// RUN: echo old > %t.d/target.json && ln -s target.json %t.d/link.json
// RUN: env OWNMAP_REPORT=%t.d/link.json LD_PRELOAD=%ownmap-plugin %t > /dev/null
// RUN: test -L %t.d/link.json && python3 %S/Inputs/check-run-report.py %t.d/target.json --rows 1
// RUN: ln -s %t.d/created.json %t.d/dangling.json
// RUN: env OWNMAP_REPORT=%t.d/dangling.json LD_PRELOAD=%ownmap-plugin %t > /dev/null
// RUN: test -L %t.d/dangling.json && python3 %S/Inputs/check-run-report.py %t.d/created.json --rows 1
//
// RUN: mkfifo %t.d/fifo
// RUN: sh -c 'cat %t.d/fifo > %t.d/from-fifo.json & OWNMAP_REPORT=%t.d/fifo LD_PRELOAD=%ownmap-plugin %t > /dev/null && wait'
// RUN: test -p %t.d/fifo && python3 %S/Inputs/check-run-report.py %t.d/from-fifo.json --rows 1
//
// The report follows the program's own output on its stdout.
// RUN: env OWNMAP_REPORT=/dev/stdout LD_PRELOAD=%ownmap-plugin %t > %t.d/stdout.txt
// RUN: test -L /dev/stdout && FileCheck %s --check-prefix=STDOUT < %t.d/stdout.txt
// STDOUT: outputs checksum
// STDOUT-NEXT: {
// STDOUT-NEXT: "schema": "ownmap-run-report/2",
//
// RUN: env OWNMAP_LOG=/dev/full OWNMAP_SUMMARY=1 LD_PRELOAD=%ownmap-plugin %t > %t.d/full.out 2> %t.d/full.err
// RUN: cmp %t.d/full.out %t.d/expected.out && FileCheck %s --check-prefix=LOG-FULL < %t.d/full.err
// LOG-FULL: ownmap: warning: cannot write to the OWNMAP_LOG file '/dev/full': No space left on device; this message and the later ones go to stderr
// LOG-FULL-NEXT: ownmap: transfer summary
// LOG-FULL: ownmap: total
//
// Placeholders: %p the process id, %r the launcher's rank (else the pid),
// %% a percent sign; another % is kept as written, with a warning.
// RUN: env OWNMAP_REPORT=%t.d/run-%%p.json OWNMAP_LOG=%t.d/log-%%p.txt OWNMAP_SUMMARY=1 LD_PRELOAD=%ownmap-plugin %t > /dev/null
// RUN: ls %t.d | FileCheck %s --check-prefix=PID
// PID-DAG: {{^log-[0-9]+.txt$}}
// PID-DAG: {{^run-[0-9]+.json$}}
// RUN: cat %t.d/log-*.txt | FileCheck %s --check-prefix=PID-LOG
// PID-LOG: ownmap: transfer summary
// RUN: env OMPI_COMM_WORLD_RANK=3 OWNMAP_REPORT=%t.d/rank-%%r-100%%%%.json LD_PRELOAD=%ownmap-plugin %t > /dev/null
// RUN: env PMI_RANK=5 OWNMAP_REPORT=%t.d/rank-%%r-100%%%%.json LD_PRELOAD=%ownmap-plugin %t > /dev/null
// RUN: python3 %S/Inputs/check-run-report.py %t.d/rank-3-100%%.json --rows 1 --rank 3
// RUN: python3 %S/Inputs/check-run-report.py %t.d/rank-5-100%%.json --rows 1 --rank 5
// RUN: env OWNMAP_REPORT=%t.d/odd-%%d.json LD_PRELOAD=%ownmap-plugin %t 2>&1 > /dev/null | FileCheck %s --check-prefix=ODD
// ODD: ownmap: warning: OWNMAP_REPORT='{{.*}}odd-%d.json': '%d' is not a placeholder (%p, %r, %%); kept as written
// RUN: python3 %S/Inputs/check-run-report.py %t.d/odd-%%d.json --rows 1
// RUN: ls %t.d | FileCheck %s --check-prefix=NO-TEMPORARY
// NO-TEMPORARY-NOT: tmp

#include "Inputs/one-kernel.h"

#include <stdio.h>

int main(void) {
  printf("outputs checksum %.1f\n", one_kernel_checksum());
  return 0;
}
