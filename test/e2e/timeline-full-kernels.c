// A time loop of small copying regions that fills the report's timeline
// (it keeps the first 4096 events): a kernel reads the clock only while
// the timeline has room, since its copies are not timed and the clock only
// stamps their events (plugin/interpose.c, clock_wanted; issue 16). Every
// kept event still carries its time, in the order the copies happened (a
// region's copy in, then its copy back, then the next region's), every
// copy is still counted, and the events past the timeline's room are
// counted as not kept. The output is bare's.
//
// RUN: %clang-offload %s -o %t
// RUN: rm -f %t.json
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_REPORT=%t.json %compare-with-plugin %t 2>%t.err
// RUN: count 0 < %t.err
// RUN: python3 %S/Inputs/check-timeline-full.py %t.json

#include <stdio.h>

enum { STEPS = 2100 }; // two events a step: 4200, more than the timeline keeps

int main(void) {
  float x[4] = {1, 2, 3, 4};
  for (int i = 0; i < STEPS; i++) {
#pragma omp target map(tofrom : x[0:4])
    x[i % 4] += 1.0f;
  }
  printf("timeline checksum %.1f\n", (double)(x[0] + x[1] + x[2] + x[3]));
  return 0;
}
