// Several devices: each device available processes one slice of the array
// (the host device of LLVM 19 exposes four; a GPU machine may have one), and
// one more region runs on the default device (DeviceId -1). Then `b` is made
// resident on the last device, which becomes the default: a region there
// must find it present (presence is probed on the device the call names).
// The byte totals do not depend on the device count; the copy counts do, so
// the program reports the count on stderr for the check.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 4800 }; /* divisible by 1 to 6 devices */

// CHECK: devices: [[#DEVICES:]]
// CHECK: ownmap: transfer summary
// CHECK-NEXT: ownmap: variable
int main(void) {
  int devices = omp_get_num_devices();
  if (devices < 1 || N % devices != 0) {
    fprintf(stderr, "unsupported device count %d\n", devices);
    return 1;
  }
  fprintf(stderr, "devices: %d\n", devices);
  // Slices: 4800 floats = 19200 bytes in all, in one copy per device each way;
  // then the whole array to and from the default device once more.
  // CHECK-NEXT: ownmap: a[0:N] multi-device.c:[[#@LINE+2]] 19200 1 19200 1
  // CHECK-NEXT: ownmap: a[lo:len] multi-device.c:[[#@LINE+1]] 19200 [[#DEVICES]] 19200 [[#DEVICES]]
  float *a = malloc(N * sizeof *a);
  // CHECK-NEXT: ownmap: b[0:N] multi-device.c:[[#@LINE+1]] 19200 1 19200 1
  float *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; i++) {
    a[i] = (float)(i % 23) * 0.5f;
    b[i] = (float)(i % 7) - 2.0f;
  }

  int len = N / devices;
  for (int d = 0; d < devices; d++) {
    int lo = d * len;
#pragma omp target teams distribute parallel for device(d) map(tofrom: a[lo:len])
    for (int i = lo; i < lo + len; i++)
      a[i] = a[i] * 3.0f - 1.0f;
  }
#pragma omp target teams distribute parallel for map(tofrom: a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 0.5f + (float)(i % 3);

  int last = devices - 1;
#pragma omp target enter data map(to: b[0:N]) device(last)
  omp_set_default_device(last);
#pragma omp target teams distribute parallel for map(tofrom: b[0:N])
  for (int i = 0; i < N; i++)
    b[i] = b[i] * b[i] - 1.0f;
#pragma omp target exit data map(from: b[0:N]) device(last)

  double checksum = 0;
  for (int i = 0; i < N; i++)
    checksum += a[i] * (1 + i % 5) + b[i];
  printf("multi-device checksum %.3f\n", checksum);
  free(a);
  free(b);
  return 0;
}
// CHECK-NEXT: ownmap: total 57600 [[#DEVICES+2]] 57600 [[#DEVICES+2]]
