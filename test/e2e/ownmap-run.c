// ownmap-run: help, version, usage errors (exit 2), --log, options set the
// OWNMAP_* variables, PROGRAM without `--`, and the program's exit status.
//
// RUN: %clang-offload %s -o %t
// RUN: %ownmap-run --help | FileCheck %s --check-prefix=HELP
// RUN: %ownmap-run --version | FileCheck %s --check-prefix=VERSION
// RUN: not %ownmap-run --bogus %t 2>&1 | FileCheck %s --check-prefix=BOGUS
// RUN: sh -c '%ownmap-run --bogus %t 2>/dev/null; test $? -eq 2'
// RUN: not %ownmap-run 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %ownmap-run --summary -- 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %ownmap-run --log 2>&1 | FileCheck %s --check-prefix=LOGARG
// RUN: not %ownmap-run --report 2>&1 | FileCheck %s --check-prefix=REPORTARG
//
// A copy of the script with no plugin next to it cannot work.
// RUN: rm -rf %t.lonely && mkdir -p %t.lonely/bin
// RUN: cp %ownmap-run %t.lonely/bin/ownmap-run
// RUN: not %t.lonely/bin/ownmap-run %t 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
//
// --log sends the summary to a file and leaves stderr alone.
// RUN: rm -f %t.log
// RUN: %ownmap-run --summary --log %t.log -- %t > %t.out 2> %t.err
// RUN: count 0 < %t.err
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %ownmap-run --verbose --log=%t.log %t > /dev/null
// RUN: FileCheck %s --check-prefix=APPENDED < %t.log
//
// --checks and --on-error set OWNMAP_CHECKS and OWNMAP_ON_ERROR.
// RUN: %ownmap-run --verbose --checks off --on-error=warn %t 2> %t.choices > /dev/null
// RUN: FileCheck %s --check-prefix=CHOICES < %t.choices
// RUN: %ownmap-run --verbose --checks=full --on-error abort %t 2> %t.choices > /dev/null
// RUN: FileCheck %s --check-prefix=CHOICES2 < %t.choices
// RUN: not %ownmap-run --checks 2>&1 | FileCheck %s --check-prefix=CHECKSARG
//
// --cache-mb sets OWNMAP_CACHE_MB; a value whose bytes would not fit in a
// size_t (2^44 MiB and more on 64 bits) or that is not a plain decimal
// number is warned about and the default is used, the program runs.
// RUN: %ownmap-run --verbose --cache-mb 64 %t 2> %t.cache > /dev/null
// RUN: FileCheck %s --check-prefix=CACHE < %t.cache
// RUN: %ownmap-run --verbose --cache-mb 17592186044416 %t 2> %t.cache | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=CACHEBIG < %t.cache
// RUN: %ownmap-run --verbose --cache-mb=' -1' %t 2> %t.cache > /dev/null
// RUN: FileCheck %s --check-prefix=CACHESIGN < %t.cache
// RUN: not %ownmap-run --cache-mb 2>&1 | FileCheck %s --check-prefix=CACHEARG
//
// The program's exit status comes through.
// RUN: sh -c '%ownmap-run %t fail > /dev/null; test $? -eq 3'

// HELP: usage: ownmap-run [OPTIONS] [--] PROGRAM [ARGS...]
// HELP: --summary
// HELP: --verbose
// HELP: --log FILE
// HELP: --report FILE
// HELP: --checks LEVEL
// HELP: --on-error ACTION
// The settings come in the option table's order.
// HELP: OWNMAP_LOG=FILE
// HELP: OWNMAP_VERBOSE=0|1
// HELP: OWNMAP_SUMMARY=0|1
// HELP: OWNMAP_REPORT=FILE
// HELP: OWNMAP_CHECKS=off|fast|full
// HELP: OWNMAP_ON_ERROR=abort|warn
// CHOICES: ownmap: option OWNMAP_CHECKS=off
// CHOICES-NEXT: ownmap: option OWNMAP_ON_ERROR=warn
// CHOICES2: ownmap: option OWNMAP_CHECKS=full
// CHOICES2-NEXT: ownmap: option OWNMAP_ON_ERROR=abort
// CHECKSARG: ownmap-run: error: --checks needs a LEVEL
// CACHE: ownmap: option OWNMAP_CACHE_MB=64
// CACHEBIG: ownmap: warning: OWNMAP_CACHE_MB='17592186044416' is out of range (at most 17592186044415); using 4096
// CACHEBIG: ownmap: option OWNMAP_CACHE_MB=4096
// CACHESIGN: ownmap: warning: OWNMAP_CACHE_MB=' -1' is not a decimal number; using 4096
// CACHESIGN: ownmap: option OWNMAP_CACHE_MB=4096
// CACHEARG: ownmap-run: error: --cache-mb needs a number
// VERSION: ownmap-run (ownmap) {{[0-9]+\.[0-9]+\.[0-9]+$}}
// BOGUS: ownmap-run: error: unknown option '--bogus'
// BOGUS-NEXT: Try 'ownmap-run --help' for more information.
// MISSING: ownmap-run: error: missing PROGRAM to run
// LOGARG: ownmap-run: error: --log needs a FILE
// REPORTARG: ownmap-run: error: --report needs a FILE
// NOPLUGIN: ownmap-run: error: libownmap-plugin.so not found
// LOG: ownmap: transfer summary
// OUT: run checksum
// APPENDED: ownmap: transfer summary
// APPENDED: ownmap: plugin active
// APPENDED-NEXT: ownmap: option OWNMAP_LOG={{.*}}.log
// APPENDED-NEXT: ownmap: option OWNMAP_VERBOSE=1
// APPENDED-NEXT: ownmap: option OWNMAP_SUMMARY=0
// APPENDED-NEXT: ownmap: option OWNMAP_REPORT=(none)

#include <stdio.h>
#include <string.h>

enum { N = 100 };

int main(int argc, char **argv) {
  // LOG: ownmap: v[0:N] ownmap-run.c:[[#@LINE+1]] 800 1 800 1
  double v[N];
  for (int i = 0; i < N; i++)
    v[i] = (double)(i % 13) + 0.5;
#pragma omp target teams distribute parallel for map(tofrom: v[0:N])
  for (int i = 0; i < N; i++)
    v[i] = v[i] * v[i];
  double checksum = 0;
  for (int i = 0; i < N; i++)
    checksum += v[i] * (1 + i % 2);
  printf("run checksum %.2f\n", checksum);
  return argc > 1 && strcmp(argv[1], "fail") == 0 ? 3 : 0;
}
