// Stress: the plugin remembers a kernel's decisions per thread and call
// site (plugin/call_memo.h); here another thread changes what they depend
// on between two regions of one site (and the other pairs' meddlers change
// the heap and the mappings while a thread's regions run). Pairs of
// threads take turns: the owner runs a few small regions (tofrom, a
// recorded heap block, one call site for all) and reads an element on the
// host after each; between two turns the meddler, in turn, grows the
// block with realloc, frees it for a new one, maps it (enter data: the
// owner's regions then find it present and copy nothing) and unmaps it
// (exit data), grows it to 256 KiB and runs a kernel over all of it (which
// transfer elision may hold), and shrinks it again. Every pair's checksums must be those of the run
// without the plugin.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PAIRS = 3, STEPS = 48, REGIONS = 6, N = 300, BIG = 1 << 16 };

typedef struct {
  pthread_barrier_t turn;
  float *v;
  size_t capacity; /* floats */
  int pair;
  double seen;
} pair_state;

static pair_state pairs[PAIRS];

// Not inlined: one call site for all of a thread's regions.
__attribute__((noinline)) static void region(float *v, int n, float k) {
#pragma omp target map(tofrom: v[0:n])
  for (int i = 0; i < n; i++)
    v[i] = v[i] * 0.5f + k;
}

__attribute__((noinline)) static void whole_block(float *v, int n) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; i++)
    v[i] += 1.0f;
}

static void resize(pair_state *p, size_t capacity) {
  p->v = realloc(p->v, capacity * sizeof *p->v);
  for (size_t i = p->capacity; i < capacity; i++)
    p->v[i] = (float)(i % 11);
  p->capacity = capacity;
}

static void replace(pair_state *p) {
  float *fresh = malloc(p->capacity * sizeof *fresh);
  memcpy(fresh, p->v, p->capacity * sizeof *fresh);
  free(p->v);
  p->v = fresh;
}

static void meddle(pair_state *p, int step) {
  float *v = p->v;
  switch (step % 6) {
  case 0:
    resize(p, p->capacity + 64);
    break;
  case 1:
    replace(p);
    break;
  case 2: {
#pragma omp target enter data map(to: v[0:N])
  } break;
  case 3: {
#pragma omp target exit data map(from: v[0:N])
  } break;
  case 4:
    resize(p, BIG);
    whole_block(p->v, BIG);
    break;
  case 5:
    p->capacity = N + 16; /* shrinks in place, most likely */
    p->v = realloc(p->v, p->capacity * sizeof *p->v);
    break;
  }
}

static void *owner(void *arg) {
  pair_state *p = arg;
  for (int s = 0; s < STEPS; s++) {
    for (int r = 0; r < REGIONS; r++) { /* the first decides, the others may recall */
      region(p->v, N, (float)((s + r) % 5 + p->pair));
      p->seen += p->v[(s * 7 + r) % N];
    }
    pthread_barrier_wait(&p->turn); /* the meddler's turn */
    pthread_barrier_wait(&p->turn);
  }
  return NULL;
}

static void *meddler(void *arg) {
  pair_state *p = arg;
  for (int s = 0; s < STEPS; s++) {
    pthread_barrier_wait(&p->turn);
    meddle(p, s);
    pthread_barrier_wait(&p->turn);
  }
  return NULL;
}

int main(void) {
  pthread_t threads[2 * PAIRS];
  for (int t = 0; t < PAIRS; t++) {
    pair_state *p = &pairs[t];
    p->pair = t;
    pthread_barrier_init(&p->turn, NULL, 2);
    resize(p, N + 32);
    pthread_create(&threads[2 * t], NULL, owner, p);
    pthread_create(&threads[2 * t + 1], NULL, meddler, p);
  }
  for (int t = 0; t < 2 * PAIRS; t++)
    pthread_join(threads[t], NULL);
  for (int t = 0; t < PAIRS; t++) {
    pair_state *p = &pairs[t];
    double sum = 0;
    for (int i = 0; i < N; i++)
      sum += p->v[i] * (double)(i % 13 + 1);
    printf("pair %d checksum %.3f seen %.3f\n", t, sum, p->seen);
    free(p->v);
  }
  return 0;
}
