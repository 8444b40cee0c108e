// Check (OWNMAP_CHECKS=full): a kernel that receives a present buffer
// through a pointer rather than a map of its own may write it, so the host's
// copy is stale until `target update from` or the unmap that copies it back.
// Each way a kernel gets such a pointer is one run: the pointer used without a
// map clause (an implicit zero-length section), an explicit zero-length
// section, and a device address passed with is_device_ptr (from
// omp_get_mapped_ptr, from use_device_ptr, and of memory the program
// associated itself). The last run brings the data back each way (update
// from, exit data from, omp_target_memcpy from the device) and reads
// buffers no kernel was given through a pointer: no warning. Output is unchanged throughout.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t implicit 2>%t.err
// RUN: FileCheck %s --check-prefix=IMPLICIT < %t.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t zero 2>%t.err
// RUN: FileCheck %s --check-prefix=ZERO < %t.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t mapped-ptr 2>%t.err
// RUN: FileCheck %s --check-prefix=MAPPED < %t.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t use-device-ptr 2>%t.err
// RUN: FileCheck %s --check-prefix=USE < %t.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t associated 2>%t.err
// RUN: FileCheck %s --check-prefix=ASSOC < %t.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t back 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// The default checks (fast) report none of it.
// RUN: %compare-with-plugin %t implicit 2>%t.fast
// RUN: not grep -E "ownmap: (warning|error)" %t.fast

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 8192 }; /* 64 KiB: many whole pages */

static double *filled(void) {
  double *a = malloc(N * sizeof *a);
  for (int i = 0; i < N; i++)
    a[i] = i;
  return a;
}

// The host reads a while the kernel's copy is newer (what the check
// reports), then brings the data back and reads it again.
static void read_stale_then_updated(double *a) {
  double stale = a[N / 2];
#pragma omp target update from(a[0:N])
  printf("stale %.1f fresh %.1f\n", stale, a[N / 2]);
}

static void release(double *a) {
#pragma omp target exit data map(release: a[0:N])
  free(a);
}

// IMPLICIT: ownmap: warning: a (declared at check-stale-pointer.c:[[#@LINE+3]]) mapped at check-stale-pointer.c:[[#@LINE+5]] in implicit_pointer is read or written by the host (at 0x{{[0-9a-f]+}}) while the kernel there may have changed its copy on device 0 and before the copy came back: the host sees stale data
// IMPLICIT-NOT: ownmap: warning
static void implicit_pointer(void) {
  double *a = filled();
#pragma omp target enter data map(to: a[0:N])
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    a[i] = 2.0 * i;
  read_stale_then_updated(a);
  release(a);
}

// ZERO: ownmap: warning: a[:0] (declared at check-stale-pointer.c:[[#@LINE+2]]) mapped at check-stale-pointer.c:[[#@LINE+4]] in zero_length is read or written by the host
static void zero_length(void) {
  double *a = filled();
#pragma omp target enter data map(to: a[0:N])
#pragma omp target teams distribute parallel for map(a[:0])
  for (int i = 0; i < N; i++)
    a[i] = 2.0 * i;
  double stale = a[N / 2];
#pragma omp target exit data map(from: a[0:N])
  printf("stale %.1f fresh %.1f\n", stale, a[N / 2]);
  free(a);
}

// A device address names the host buffer it belongs to.
// MAPPED: ownmap: warning: a[0:N] (declared at check-stale-pointer.c:[[#@LINE+2]]) mapped at check-stale-pointer.c:[[#@LINE+5]] in mapped_pointer is read or written by the host
static void mapped_pointer(void) {
  double *a = filled();
#pragma omp target enter data map(to: a[0:N])
  double *d = omp_get_mapped_ptr(a, omp_get_default_device());
#pragma omp target teams distribute parallel for is_device_ptr(d)
  for (int i = 0; i < N; i++)
    d[i] = 2.0 * i;
  read_stale_then_updated(a);
  release(a);
}

// USE: ownmap: warning: a[0:N] (declared at check-stale-pointer.c:[[#@LINE+2]]) mapped at check-stale-pointer.c:[[#@LINE+7]] in device_pointer_region is read or written by the host
static void device_pointer_region(void) {
  double *a = filled();
  double *d;
#pragma omp target enter data map(to: a[0:N])
#pragma omp target data use_device_ptr(a)
  d = a;
#pragma omp target teams distribute parallel for is_device_ptr(d)
  for (int i = 0; i < N; i++)
    d[i] = 2.0 * i;
  read_stale_then_updated(a);
  release(a);
}

// Associated memory has no map name: the kernel's pointer names it.
// ASSOC: ownmap: warning: d (declared at check-stale-pointer.c:[[#@LINE+4]]) mapped at check-stale-pointer.c:[[#@LINE+6]] in associated is read or written by the host
static void associated(void) {
  int device = omp_get_default_device();
  double *a = filled();
  double *d = omp_target_alloc(N * sizeof *d, device);
  omp_target_associate_ptr(a, d, N * sizeof *a, 0, device);
#pragma omp target teams distribute parallel for is_device_ptr(d)
  for (int i = 0; i < N; i++)
    d[i] = 2.0 * i;
  read_stale_then_updated(a);
  omp_target_disassociate_ptr(a, device);
  omp_target_free(d, device);
  free(a);
}

// Every way back, a buffer only read on the host before any kernel, and one
// a kernel was given as map(to:).
static void back(void) {
  int device = omp_get_default_device();
  double *a = filled(), *b = filled(), *c = filled();
#pragma omp target enter data map(to: a[0:N], b[0:N], c[0:N])
  double before = a[1] + b[1] + c[1];
  double sum = 0;
#pragma omp target teams distribute parallel for map(to: c[0:N]) reduction(+: sum)
  for (int i = 0; i < N; i++)
    sum += c[i];
  before += c[2];
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    a[i] = b[i] = 2.0 * i;
#pragma omp target update from(a[0:N])
  double updated = a[N / 2];
#pragma omp target exit data map(from: b[0:N])
  double unmapped = b[N / 2];
  double *d = omp_get_mapped_ptr(c, device);
#pragma omp target teams distribute parallel for is_device_ptr(d)
  for (int i = 0; i < N; i++)
    d[i] = 3.0 * i;
  omp_target_memcpy(c, d, N * sizeof *c, 0, 0, omp_get_initial_device(), device);
  double copied = c[N / 2];
#pragma omp target exit data map(release: a[0:N], c[0:N])
  printf("before %.1f sum %.1f updated %.1f unmapped %.1f copied %.1f\n", before, sum, updated,
         unmapped, copied);
  free(a);
  free(b);
  free(c);
}

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    void (*run)(void);
  } variants[] = {{"implicit", implicit_pointer},  {"zero", zero_length},
                  {"mapped-ptr", mapped_pointer},  {"use-device-ptr", device_pointer_region},
                  {"associated", associated},      {"back", back}};
  for (size_t i = 0; argc > 1 && i < sizeof variants / sizeof variants[0]; i++)
    if (strcmp(argv[1], variants[i].name) == 0) {
      variants[i].run();
      return 0;
    }
  fprintf(stderr, "usage: %s implicit|zero|mapped-ptr|use-device-ptr|associated|back\n",
          argv[0]);
  return 2;
}
