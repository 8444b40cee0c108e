// On a full file system (a 64 KiB tmpfs that test/full-disk.sh mounts and
// fills; root only, UNSUPPORTED otherwise): OWNMAP_REPORT leaves the old
// report as it was and warns with the path and the reason; OWNMAP_LOG's
// lines that the disk does not take go to stderr after a warning, the
// summary with them. The program's output and exit status do not change.
// REQUIRES: full-disk
//
// RUN: %clang-offload %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && %t > %t.d/expected.out
// RUN: echo '{"old": "report"}' > %t.d/run.json
// RUN: %full-disk %t.d/mnt --put %t.d/run.json -- env OWNMAP_REPORT=%t.d/mnt/run.json LD_PRELOAD=%ownmap-plugin %t > %t.d/report.out 2> %t.d/report.err
// RUN: cmp %t.d/mnt.after/run.json %t.d/run.json && cmp %t.d/report.out %t.d/expected.out
// RUN: FileCheck %s --check-prefix=REPORT < %t.d/report.err
// REPORT: ownmap: warning: cannot write the run report to '{{.*}}mnt/run.json': No space left on device; '{{.*}}mnt/run.json' was not changed
// RUN: ls -a %t.d/mnt.after | FileCheck %s --check-prefix=NO-TEMPORARY
// NO-TEMPORARY-NOT: tmp
//
// RUN: %full-disk %t.d/mnt -- env OWNMAP_LOG=%t.d/mnt/log.txt OWNMAP_SUMMARY=1 LD_PRELOAD=%ownmap-plugin %t > %t.d/log.out 2> %t.d/log.err
// RUN: cmp %t.d/log.out %t.d/expected.out && FileCheck %s --check-prefix=LOG < %t.d/log.err
// LOG: ownmap: warning: cannot write to the OWNMAP_LOG file '{{.*}}mnt/log.txt': No space left on device; this message and the later ones go to stderr
// LOG-NEXT: ownmap: transfer summary
// LOG: ownmap: a[0:N]
// LOG: ownmap: total

#include "Inputs/one-kernel.h"

#include <stdio.h>

int main(void) {
  printf("full disk checksum %.1f\n", one_kernel_checksum());
  return 0;
}
