// An offload library maps data with `enter data` and never unmaps it; the
// program unloads the library with dlclose and exits. The leak check at
// exit must report the mapping without reading the unloaded library's map
// names and source locations (the shadow keeps pointers to them: rtl/shadow.h
// says they are static strings of the program, which a dlclose'd library's
// are not).
//
// XFAIL: *
// Fails today: the plugin dies with SIGSEGV at exit in the leak report
// (describe_mapping reading the unloaded library's strings). The fix
// belongs to rtl/shadow.c / plugin/checks.c (copy what the report needs
// when a mapping is made, or forget a library's mappings when its images
// are unregistered); remove this XFAIL with it.
//
// RUN: %clang-offload -DLIBRARY -fPIC -shared %s -o %t.so
// RUN: %clang-serial %s -o %t
// RUN: %compare-with-plugin %t %t.so 2>%t.err
// RUN: FileCheck %s < %t.err

// CHECK: ownmap: warning: {{.*}}still mapped on device 0 at exit

#include <stdio.h>
#include <stdlib.h>

#ifdef LIBRARY

double *library_map_and_forget(int n) {
  double *values = malloc(n * sizeof *values);
  for (int i = 0; i < n; i++)
    values[i] = i * 0.5;
#pragma omp target enter data map(to: values[0:n])
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
  double *values = map_and_forget(100);
  dlclose(library);
  printf("value %.1f\n", values[5]);
  return 0;
}

#endif
