// An OpenMP program built for the host only (it links libomp, not
// libomptarget) runs a target region of its own, which stays on the host,
// then loads a module built with offloading and calls it: the module's
// target region, with a `declare target` global and a map, runs on the
// device through the libomptarget that came with the module, which the
// program's lookup scope does not contain. The plugin must forward the
// module's calls to that runtime. Output identical with and without the
// plugin, which counts the module's copies.
//
// gpu-build-e2e: host-only (it builds a shared library that it dlopens; the GPU recipe builds programs only)
//
// RUN: %clang-offload -DMODULE -fPIC -shared %s -o %t.so
// RUN: %clang-openmp-host %s -o %t
// RUN: llvm-readelf -d %t | grep -q libomp
// RUN: llvm-readelf -d %t | not grep libomptarget
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t %t.so 2>%t.err
// RUN: FileCheck %s < %t.err
// Large enough for transfer elision: the plugin holds the module's block
// through the same runtime (its devices, its host device): three calls
// copy the weights up once, and back once (in two chunks, as read).
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t %t.so 100000 2>%t.large.err
// RUN: FileCheck %s --check-prefix=LARGE < %t.large.err
// LARGE-NOT: ownmap: {{warning|error}}
// LARGE: ownmap: transfer summary
// LARGE: ownmap: weights[0:n] dlopen-module-from-openmp-host.c:{{[0-9]+}} 400000 1 400000 {{[12]}}{{$}}

// CHECK-NOT: ownmap: {{warning|error}}
// CHECK: ownmap: transfer summary
// CHECK: ownmap: weights[0:n] dlopen-module-from-openmp-host.c:{{[0-9]+}} 1024 1 1024 1
// CHECK: ownmap: total

#include <stdio.h>

#ifdef MODULE

static int calls;
#pragma omp declare target(calls)

// Scales n weights on the device and counts the calls there.
int module_scale(float *weights, int n, float factor) {
#pragma omp target map(tofrom: weights[0:n]) map(tofrom: calls)
  {
    for (int i = 0; i < n; i++)
      weights[i] *= factor;
    calls++;
  }
  return calls;
}

#else

#include <dlfcn.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: %s MODULE [WEIGHTS]\n", argv[0]);
    return 2;
  }
  int N = argc == 3 ? atoi(argv[2]) : 256, rounds = argc == 3 ? 3 : 1;
  float *weights = malloc(N * sizeof *weights);
  int sum = 0;
#pragma omp target map(tofrom: sum) // no offload target: runs here
  for (int i = 0; i < 256; i++)
    sum += i;
  for (int i = 0; i < N; i++)
    weights[i] = (float)(i % 9) * 0.5f;

  void *module = dlopen(argv[1], RTLD_NOW);
  if (module == NULL) {
    printf("dlopen failed: %s\n", dlerror());
    return 1;
  }
  int (*scale)(float *, int, float) = (int (*)(float *, int, float))dlsym(module, "module_scale");
  if (scale == NULL) {
    printf("dlsym failed: %s\n", dlerror());
    return 1;
  }
  int calls = 0;
  for (int r = 0; r < rounds; r++)
    calls = scale(weights, N, 2.0f);
  double total = 0;
  for (int i = 0; i < N; i++)
    total += weights[i];
  printf("host sum %d, module calls %d, weights %.1f\n", sum, calls, total);
  free(weights);
  return 0;
}

#endif
