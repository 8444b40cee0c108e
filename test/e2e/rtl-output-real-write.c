// The plugin's own output (messages, the summary, the run report) goes to
// the system without the first definitions of write and fwrite in the
// global scope, which the program's calls take: the plugin's interposers
// of the C library's calls observe the program's buffers there, and other
// preloaded libraries may too (here a spy preloaded before the plugin,
// which names each call of the plugin's that reaches it).
//
// RUN: %clang-offload %s -o %t
// RUN: %clang-serial -shared -fPIC %S/Inputs/write-spy.c -o %t.spy.so -ldl
// RUN: env LD_PRELOAD=%t.spy.so:%ownmap-plugin OWNMAP_VERBOSE=1 OWNMAP_SUMMARY=1 \
// RUN:   OWNMAP_REPORT=%t.json %t 2>&1 | FileCheck %s --implicit-check-not="spy: the plugin"
// RUN: FileCheck --check-prefix=REPORT %s < %t.json

// CHECK: ownmap: plugin active
// CHECK: spy: the program called write
// CHECK: ownmap: transfer summary
// REPORT: "settings"

#include "Inputs/one-kernel.h"

#include <stdio.h>
#include <unistd.h>

int main(void) {
  char line[64];
  int length = snprintf(line, sizeof line, "program line: sum %.1f\n", one_kernel_checksum());
  write(1, line, (size_t)length);
  return 0;
}
