// A program built without offloading loads an offload library with dlopen,
// calls it, unloads it with dlclose and loads and calls it again. Unloading
// the library unregisters its device images, and the runtime shuts down
// when it holds no more; loading it again starts the runtime afresh. The
// library's results survive it: the program reads them after dlclose.
// Output identical with and without the plugin, for arrays too small for
// transfer elision and for large ones (whose results it brings back only
// when the host reads them).
//
// gpu-build-e2e: host-only (it builds a shared library that it dlopens; the GPU recipe builds programs only)
//
// RUN: %clang-offload -fPIC -shared %S/Inputs/offload-library.c -o %t.so
// RUN: %clang-serial %s -o %t
// RUN: llvm-readelf -d %t | not grep libomp
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t %t.so 1000 2>%t.small
// RUN: FileCheck %s --check-prefix=SMALL < %t.small
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t %t.so 100000 2>%t.big
// RUN: FileCheck %s --check-prefix=BIG < %t.big

// Both loads observed: two runs of three steps, two sets of results.
// SMALL-NOT: ownmap: {{warning|error}}
// SMALL: ownmap: transfer summary
// SMALL: ownmap: input[0:n] offload-library.c:{{[0-9]+}} 48000 6 0 0
// SMALL: ownmap: results[0:n] offload-library.c:{{[0-9]+}} 0 0 16000 2
// SMALL: ownmap: total

// BIG-NOT: ownmap: {{warning|error}}
// BIG: ownmap: transfer summary
// BIG: ownmap: results[0:n] offload-library.c:{{[0-9]+}} 0 0 1600000 {{[0-9]+}}
// BIG: ownmap: total

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

typedef double (*run_fn)(int, int);
typedef double *(*results_fn)(int);

static void *symbol(void *library, const char *name) {
  void *found = dlsym(library, name);
  if (found == NULL) {
    fprintf(stderr, "dlsym: %s\n", dlerror());
    exit(1);
  }
  return found;
}

// Loads the library, runs it, unloads it; returns the results it left.
static double *use_library_once(const char *path, int n, int round) {
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    fprintf(stderr, "dlopen: %s\n", dlerror());
    exit(1);
  }
  printf("round %d: run %.3f\n", round, ((run_fn)symbol(library, "offload_library_run"))(n, 3));
  double *results = ((results_fn)symbol(library, "offload_library_results"))(n);
  if (dlclose(library) != 0) {
    fprintf(stderr, "dlclose: %s\n", dlerror());
    exit(1);
  }
  return results;
}

static double checksum(const double *values, int n) {
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += values[i] * (1 + i % 5);
  return sum;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s LIBRARY ELEMENTS\n", argv[0]);
    return 2;
  }
  int n = atoi(argv[2]);
  for (int round = 1; round <= 2; round++) {
    double *results = use_library_once(argv[1], n, round);
    printf("round %d: results after dlclose %.3f\n", round, checksum(results, n));
    free(results);
  }
  return 0;
}
