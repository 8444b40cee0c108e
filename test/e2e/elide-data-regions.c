// Transfer elision through the program's own data regions: `target data`,
// `enter`/`exit data` and `target update` of 1 MiB heap arrays, served from
// the plugin's device copies. Each scenario prints what a program may see
// of OpenMP's semantics, so that any copy the plugin skips or makes too
// many shows in the output:
//  - steps: a time loop with a `target data` per step around its kernel;
//    the host probes the state and changes the input between steps;
//  - inside: inside a region the host reads what it had before the region
//    (the previous region's results, never fetched) after a kernel changed
//    the device's copy, and writes what the region's end then overwrites;
//  - to-only: a region that maps `to` only discards the kernel's writes;
//  - updates: `target update` of part of an array moves exactly that part:
//    host writes outside it never reach the device, device results outside
//    it never reach the host;
//  - nested: nested regions and enter/exit data count references: an inner
//    end copies nothing back, `delete` ends the mapping at once;
//  - alloc: device-only scratch data (`map(alloc:)`), and an array entered
//    with alloc that the host fills and sends with `target update to`;
//  - device-pointer: the device copy is written through a device pointer
//    (use_device_ptr, omp_get_mapped_ptr, omp_target_memcpy), not a kernel;
//  - always: `map(always, to:)` on a kernel inside a region;
//  - threads: host threads launch kernels inside one region.
// With no argument every scenario runs (scripts/gpu-run-e2e passes none).
//
// RUN: %clang-offload %s -o %t
// RUN: env COMPARE_MAX_TO_PERCENT=20 COMPARE_MAX_FROM_PERCENT=20 %compare-copies %t steps \
// RUN:   | FileCheck %s --check-prefix=STEPS
// RUN: %compare-with-plugin %t all shared 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: %compare-with-plugin %t all owned
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t all owned 2>/dev/null
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t all owned
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=off %compare-with-plugin %t all shared
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CACHE_MB=2 %compare-with-plugin %t all owned
// RUN: env COMPARE_NOT_MORE=1 %compare-copies %t all owned > /dev/null
//
// 20 steps, each copying both 1 MiB arrays in and the state out: with the
// plugin at most 20% of that each way (both arrays once, the chunks the
// host changed or probed, the state once at the end).
// STEPS: copies without: to_device 41943040 40 from_device 20971520 20
// STEPS: copies with: to_device [[#]] [[#]] from_device [[#]] [[#]]

#include <malloc.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1 << 17, STEPS = 20 };

static double weighted(const double *v) {
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += v[i] * (i % 7 + 1);
  return sum;
}

static double *filled(int seed) {
  double *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = (double)((i + seed) % 13);
  return v;
}

/* Inside a data region that maps both: the kernel finds them present. */
static void advance(double *state, const double *input) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    state[i] = 0.5 * state[i] + input[i];
}

static void steps(void) {
  double *state = filled(1), *input = filled(2), probes = 0;
  for (int s = 1; s <= STEPS; s++) {
#pragma omp target data map(to: input[0:N]) map(tofrom: state[0:N])
    advance(state, input);
    if (s % 5 == 0)
      probes += state[N / 3] * s;
    if (s % 10 == 0)
      input[N / 2] += 1.0;
  }
  printf("steps %.17g %.17g\n", probes, weighted(state));
  free(state);
  free(input);
}

static void inside(void) {
  double *state = filled(3), *input = filled(4);
#pragma omp target data map(to: input[0:N]) map(tofrom: state[0:N])
  advance(state, input);
  /* The results above are the host's now, but not fetched yet. */
  double seen_before = 0, seen_after = 0;
#pragma omp target data map(to: input[0:N]) map(tofrom: state[0:N])
  {
    seen_before = state[N / 4];
    advance(state, input);
    seen_after = state[N / 4] + state[N - 1]; /* still the host's copy */
    state[5] = -1.0;                          /* overwritten by the end */
    input[7] = 100.0;                         /* never reaches the device */
    advance(state, input);
  }
  printf("inside %.17g %.17g %.17g %.17g\n", seen_before, seen_after, weighted(state),
         weighted(input));
  free(state);
  free(input);
}

static void to_only(void) {
  double *state = filled(5), *input = filled(6);
#pragma omp target data map(to: state[0:N], input[0:N])
  advance(state, input); /* the device's writes are discarded */
  double kept = weighted(state);
#pragma omp target data map(to: input[0:N]) map(tofrom: state[0:N])
  advance(state, input);
  printf("to-only %.17g %.17g\n", kept, weighted(state));
  free(state);
  free(input);
}

static void updates(void) {
  double *state = filled(7), *input = filled(8), probes = 0;
#pragma omp target data map(to: input[0:N]) map(tofrom: state[0:N])
  for (int s = 1; s <= 6; s++) {
    advance(state, input);
#pragma omp target update from(state[N / 2:N / 4])
    probes += state[N / 2 + 3] + state[N / 2 - 1] + state[N - 2]; /* only the middle is new */
    input[1] += 1.0;
    input[N / 2 - 1] += 1.0; /* in the range's last chunk, which it covers in part */
    input[N - 1] += 1.0;
#pragma omp target update to(input[0:N / 2])
    input[999] += 1.0; /* a range inside the block's first chunk */
#pragma omp target update to(input[0:1000])
    state[N / 2 + 1] = 2.0; /* the next update from overwrites it */
  }
  printf("updates %.17g %.17g %.17g\n", probes, weighted(state), weighted(input));
  free(state);
  free(input);
}

static void nested(void) {
  double *state = filled(9), *input = filled(10);
#pragma omp target enter data map(to: input[0:N])
#pragma omp target data map(tofrom: state[0:N])
  {
#pragma omp target data map(tofrom: state[0:N])
    advance(state, input);
    double inner = state[11]; /* the inner end copied nothing back */
#pragma omp target enter data map(to: state[0:N])
#pragma omp target exit data map(from: state[0:N])
    double exited = state[11];
    advance(state, input);
    printf("nested %.17g %.17g\n", inner, exited);
  }
  double outer = weighted(state);
  input[3] = 50.0;
#pragma omp target enter data map(to: input[0:N]) /* present: not copied */
#pragma omp target data map(tofrom: state[0:N])
  advance(state, input);
#pragma omp target exit data map(delete: input[0:N])
  printf("nested %.17g %.17g %d\n", outer, weighted(state),
         omp_target_is_present(input, omp_get_default_device()));
  free(state);
  free(input);
}

/* A scratch array that only ever lives on the device (alloc), and one the
 * host fills later and sends with an update. */
static void alloc(void) {
  double *state = filled(17), *scratch = filled(18), *input = calloc(N, sizeof *input);
#pragma omp target enter data map(alloc: input[0:N])
  for (int s = 0; s < 3; s++) {
#pragma omp target data map(alloc: scratch[0:N]) map(tofrom: state[0:N])
    {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < N; i++)
        scratch[i] = 2.0 * state[i];
      for (int i = 0; i < N; i += 1000)
        input[i] = s + i % 3;
#pragma omp target update to(input[0:N])
#pragma omp target teams distribute parallel for
      for (int i = 0; i < N; i++)
        state[i] = 0.25 * scratch[i] + input[i];
    }
  }
#pragma omp target exit data map(release: input[0:N])
  printf("alloc %.17g %.17g\n", weighted(state), weighted(scratch)); /* scratch: the host's */
  free(state);
  free(scratch);
  free(input);
}

static void device_pointer(void) {
  double *state = filled(11), *input = filled(12), *twos = malloc(64 * sizeof *twos);
  int device = omp_get_default_device(), host = omp_get_initial_device();
  for (int i = 0; i < 64; i++)
    twos[i] = 2.0;
#pragma omp target data map(to: input[0:N]) map(tofrom: state[0:N])
  {
    advance(state, input);
#pragma omp target data use_device_ptr(state)
    omp_target_memcpy(state, twos, 64 * sizeof *twos, 8 * sizeof *state, 0, device, host);
    double *mapped = omp_get_mapped_ptr(input, device);
    omp_target_memcpy(mapped, twos, 64 * sizeof *twos, 16 * sizeof *input, 0, device, host);
    advance(state, input);
  }
  printf("device-pointer %.17g %.17g\n", weighted(state), weighted(input));
  free(state);
  free(input);
  free(twos);
}

static void always(void) {
  double *state = filled(13), *input = filled(14);
#pragma omp target data map(to: input[0:N]) map(tofrom: state[0:N])
  {
    advance(state, input);
    input[9] = 7.0;
#pragma omp target teams distribute parallel for map(always, to: input[0:N])
    for (int i = 0; i < N; i++)
      state[i] += input[i];
  }
  printf("always %.17g\n", weighted(state));
  free(state);
  free(input);
}

typedef struct {
  double *state;
  const double *input;
  int begin, end;
} part;

static void *advance_part(void *arg) {
  part *p = arg;
  double *state = p->state;
  const double *input = p->input;
  int begin = p->begin, end = p->end; /* p is host memory: not for the device */
#pragma omp target teams distribute parallel for
  for (int i = begin; i < end; i++)
    state[i] = 0.5 * state[i] + input[i];
  return NULL;
}

/* Host threads of its own (pthreads: libomp 19 trips over an `omp
 * parallel` after host-device teams regions). */
static void threads(void) {
  double *state = filled(15), *input = filled(16);
  for (int s = 0; s < 4; s++) {
#pragma omp target data map(to: input[0:N]) map(tofrom: state[0:N])
    {
      pthread_t threads[4];
      part parts[4];
      for (int t = 0; t < 4; t++) {
        parts[t] = (part){state, input, t * (N / 4), (t + 1) * (N / 4)};
        pthread_create(&threads[t], NULL, advance_part, &parts[t]);
      }
      for (int t = 0; t < 4; t++)
        pthread_join(threads[t], NULL);
    }
    input[s * 1000] += 1.0;
  }
  printf("threads %.17g\n", weighted(state));
  free(state);
  free(input);
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "all";
  const char *layout = argc > 2 ? argv[2] : "shared";
  if (argc > 3 || (strcmp(layout, "shared") != 0 && strcmp(layout, "owned") != 0)) {
    fprintf(stderr, "usage: %s [SCENARIO|all] [shared|owned]\n", argv[0]);
    return 2;
  }
  /* 1 MiB blocks in the main heap (edge pages shared with other data), or
   * each in a mapping of its own (every page protectable). */
  mallopt(M_MMAP_THRESHOLD, strcmp(layout, "shared") == 0 ? 32 << 20 : 64 << 10);
  static const struct {
    const char *name;
    void (*run)(void);
  } scenarios[] = {{"steps", steps},   {"inside", inside},
                   {"to-only", to_only}, {"updates", updates},
                   {"nested", nested}, {"alloc", alloc},
                   {"device-pointer", device_pointer},
                   {"always", always}, {"threads", threads}};
  int ran = 0;
  for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
    if (strcmp(which, "all") == 0 || strcmp(which, scenarios[i].name) == 0) {
      scenarios[i].run();
      ran++;
    }
  if (ran == 0) {
    fprintf(stderr, "%s: no scenario '%s'\n", argv[0], which);
    return 2;
  }
  return 0;
}
