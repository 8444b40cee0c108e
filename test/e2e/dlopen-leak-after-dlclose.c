// An offload library maps data with `enter data` and never unmaps it (a
// kernel then writes the device copy); the program unloads the library
// with dlclose, reads the data and exits. The leak check at exit, and with
// OWNMAP_CHECKS=full the stale check when the host reads, must report the
// mapping, with the name and source location the library gave it, without
// reading the unloaded library's memory: the plugin keeps its own copy of
// what the reports need once the library's images are unregistered. Once
// with map names and source locations, once without (the caller is then
// named by module and offset).
//
// gpu-build-e2e: host-only (it builds a shared library that it dlopens; the GPU recipe builds programs only)
//
// RUN: %clang-offload -DLIBRARY -fPIC -shared %s -o %t.so
// RUN: %clang-serial %s -o %t
// RUN: %compare-with-plugin %t %t.so 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %clang-offload -g0 -DLIBRARY -fPIC -shared %s -o %t-nonames.so
// RUN: %compare-with-plugin %t %t-nonames.so 2>%t-nonames.err
// RUN: FileCheck --check-prefix=NONAMES %s < %t-nonames.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t %t.so 2>%t-full.err
// RUN: FileCheck --check-prefixes=CHECK,FULL %s < %t-full.err

// FULL: ownmap: warning: values[0:n] (declared at dlopen-leak-after-dlclose.c:[[#@LINE+10]]) mapped at dlopen-leak-after-dlclose.c:[[#@LINE+14]] in library_map_and_forget is read or written by the host
// CHECK: ownmap: warning: values[0:n] (declared at dlopen-leak-after-dlclose.c:[[#@LINE+9]]) mapped at dlopen-leak-after-dlclose.c:[[#@LINE+12]] in library_map_and_forget is still mapped on device 0 at exit
// NONAMES: ownmap: warning: a section mapped at dlopen-leak-after-dlclose.c.tmp-nonames.so+0x{{[0-9a-f]+}} is still mapped on device 0 at exit

#include <stdio.h>
#include <stdlib.h>

#ifdef LIBRARY

double *library_map_and_forget(int n) {
  double *values = malloc(n * sizeof *values);
  for (int i = 0; i < n; i++)
    values[i] = i * 0.5;
#pragma omp target enter data map(to: values[0:n])
#pragma omp target map(tofrom: values[0:n])
  for (int i = 0; i < n; i++)
    values[i] += 1;
  return values;
}

#else

#include <dlfcn.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s LIBRARY\n", argv[0]);
    return 2;
  }
  void *library = dlopen(argv[1], RTLD_NOW);
  if (library == NULL) {
    fprintf(stderr, "dlopen: %s\n", dlerror());
    return 1;
  }
  double *(*map_and_forget)(int) =
      (double *(*)(int))dlsym(library, "library_map_and_forget");
  if (map_and_forget == NULL) {
    fprintf(stderr, "dlsym: %s\n", dlerror());
    return 1;
  }
  double *values = map_and_forget(4096);
  dlclose(library);
  printf("value %.1f\n", values[2048]);
  return 0;
}

#endif
