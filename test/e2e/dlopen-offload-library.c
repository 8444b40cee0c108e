// A program built without offloading loads an offload library with dlopen
// and calls it. The program does not depend on libomptarget; the library
// does, so the runtime arrives with the library, in that library's own
// lookup scope unless loaded RTLD_GLOBAL. The preloaded plugin comes first
// in the global scope, so the library's offload calls reach it; the plugin
// must then find the real runtime wherever it was loaded. Each way of
// loading gives the output of the bare run, and the summary shows that the
// plugin observed the library's copies. With 100000 elements the arrays are
// large enough for transfer elision to take them over.
//
// gpu-build-e2e: host-only (it builds a shared library that it dlopens; the GPU recipe builds programs only)
//
// RUN: %clang-offload -fPIC -shared %S/Inputs/offload-library.c -o %t.so
// RUN: %clang-serial %s -o %t
// RUN: llvm-readelf -d %t | not grep libomp
// RUN: llvm-readelf -d %t.so | grep -q libomptarget
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t %t.so local 1000 2>%t.local
// RUN: FileCheck %s --check-prefix=SMALL < %t.local
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t %t.so lazy 1000 2>%t.lazy
// RUN: FileCheck %s --check-prefix=SMALL < %t.lazy
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t %t.so global 1000 2>%t.global
// RUN: FileCheck %s --check-prefix=SMALL < %t.global
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t %t.so local 100000 2>%t.big
// RUN: FileCheck %s --check-prefix=BIG < %t.big

// Two calls of three steps of 8000 bytes each way per array.
// SMALL-NOT: ownmap: {{warning|error}}
// SMALL: ownmap: transfer summary
// SMALL: ownmap: input[0:n] offload-library.c:{{[0-9]+}} 48000 6 0 0
// SMALL-NEXT: ownmap: state[0:n] offload-library.c:{{[0-9]+}} 48000 6 48000 6
// SMALL-NEXT: ownmap: total 96000 12 48000 6

// Elision copies the input to the device once per call (in chunks), not
// once per step (4800000 bytes).
// BIG-NOT: ownmap: {{warning|error}}
// BIG: ownmap: transfer summary
// BIG: ownmap: input[0:n] offload-library.c:{{[0-9]+}} 1600000 {{[0-9]+}} 0 0

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int load_flags(const char *how) {
  if (strcmp(how, "global") == 0)
    return RTLD_NOW | RTLD_GLOBAL;
  if (strcmp(how, "lazy") == 0)
    return RTLD_LAZY | RTLD_LOCAL;
  return RTLD_NOW | RTLD_LOCAL;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s LIBRARY local|lazy|global ELEMENTS\n", argv[0]);
    return 2;
  }
  void *library = dlopen(argv[1], load_flags(argv[2]));
  if (library == NULL) {
    fprintf(stderr, "dlopen: %s\n", dlerror());
    return 1;
  }
  double (*run)(int, int) = (double (*)(int, int))dlsym(library, "offload_library_run");
  if (run == NULL) {
    fprintf(stderr, "dlsym: %s\n", dlerror());
    return 1;
  }
  int n = atoi(argv[3]);
  printf("%s: first call %.3f\n", argv[2], run(n, 3));
  printf("%s: second call %.3f\n", argv[2], run(n, 3));
  return 0;
}
