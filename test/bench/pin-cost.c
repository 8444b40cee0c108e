/* pin-cost: what page-locking host memory costs on this machine, and what
 * it buys, through the CUDA driver API alone (libcuda.so.1 found at run
 * time, so this builds anywhere). It answers how transfer elision should
 * pin (plugin/pinning.c): in one call or in pieces, on several threads,
 * with transparent huge pages, or before the pages are touched.
 *
 * Usage: pin-cost [MIB] [ROUNDS]   (default 256 MiB, 3 rounds)
 * Prints one line per way of pinning: the best and median milliseconds of
 * registering, of copying the block to the device afterwards, and of
 * unregistering; then the same copy made without registering the block,
 * staged through page-locked buffers by 1-16 threads. Exits 1 when there is
 * no CUDA driver or device.
 * docs/bench.md. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <time.h>

typedef int (*init_fn)(unsigned);
typedef int (*device_get_fn)(int *, int);
typedef int (*primary_retain_fn)(void **, int);
typedef int (*context_set_fn)(void *);
typedef int (*host_register_fn)(void *, size_t, unsigned);
typedef int (*host_unregister_fn)(void *);
typedef int (*mem_alloc_fn)(unsigned long long *, size_t);
typedef int (*mem_free_fn)(unsigned long long);
typedef int (*copy_to_device_fn)(unsigned long long, const void *, size_t);
typedef int (*copy_on_device_fn)(unsigned long long, unsigned long long, size_t);
typedef int (*alloc_host_fn)(void **, size_t);
typedef int (*free_host_fn)(void *);
typedef int (*stream_create_fn)(void **, unsigned);
typedef int (*stream_destroy_fn)(void *);
typedef int (*stream_synchronize_fn)(void *);
typedef int (*copy_to_device_async_fn)(unsigned long long, const void *, size_t, void *);
typedef int (*copy_to_host_fn)(void *, unsigned long long, size_t);
typedef int (*event_create_fn)(void **, unsigned);
typedef int (*event_record_fn)(void *, void *);
typedef int (*event_synchronize_fn)(void *);
typedef int (*event_destroy_fn)(void *);

static struct {
  init_fn init;
  device_get_fn device_get;
  primary_retain_fn primary_retain;
  context_set_fn context_set;
  host_register_fn host_register;
  host_unregister_fn host_unregister;
  mem_alloc_fn mem_alloc;
  mem_free_fn mem_free;
  copy_to_device_fn copy_to_device;
  copy_on_device_fn copy_on_device;
  alloc_host_fn alloc_host;
  free_host_fn free_host;
  stream_create_fn stream_create;
  stream_destroy_fn stream_destroy;
  stream_synchronize_fn stream_synchronize;
  copy_to_device_async_fn copy_to_device_async;
  copy_to_host_fn copy_to_host;
  event_create_fn event_create;
  event_record_fn event_record;
  event_synchronize_fn event_synchronize;
  event_destroy_fn event_destroy;
} cu;

static void *context;
static unsigned long long device_buffer, device_spare;
static size_t block_bytes;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return 1e3 * (double)t.tv_sec + 1e-6 * (double)t.tv_nsec;
}

static void check(int result, const char *what) {
  if (result != 0) {
    fprintf(stderr, "pin-cost: %s failed with CUDA error %d\n", what, result);
    exit(1);
  }
}

static void *symbol(void *library, const char *name) {
  void *found = dlsym(library, name);
  if (found == NULL) {
    fprintf(stderr, "pin-cost: libcuda.so.1 has no %s\n", name);
    exit(1);
  }
  return found;
}

static void load_driver(void) {
  void *library = dlopen("libcuda.so.1", RTLD_NOW);
  if (library == NULL) {
    fprintf(stderr, "pin-cost: no CUDA driver: %s\n", dlerror());
    exit(1);
  }
  cu.init = (init_fn)symbol(library, "cuInit");
  cu.device_get = (device_get_fn)symbol(library, "cuDeviceGet");
  cu.primary_retain = (primary_retain_fn)symbol(library, "cuDevicePrimaryCtxRetain");
  cu.context_set = (context_set_fn)symbol(library, "cuCtxSetCurrent");
  cu.host_register = (host_register_fn)symbol(library, "cuMemHostRegister_v2");
  cu.host_unregister = (host_unregister_fn)symbol(library, "cuMemHostUnregister");
  cu.mem_alloc = (mem_alloc_fn)symbol(library, "cuMemAlloc_v2");
  cu.mem_free = (mem_free_fn)symbol(library, "cuMemFree_v2");
  cu.copy_to_device = (copy_to_device_fn)symbol(library, "cuMemcpyHtoD_v2");
  cu.copy_on_device = (copy_on_device_fn)symbol(library, "cuMemcpyDtoD_v2");
  cu.alloc_host = (alloc_host_fn)symbol(library, "cuMemAllocHost_v2");
  cu.free_host = (free_host_fn)symbol(library, "cuMemFreeHost");
  cu.stream_create = (stream_create_fn)symbol(library, "cuStreamCreate");
  cu.stream_destroy = (stream_destroy_fn)symbol(library, "cuStreamDestroy_v2");
  cu.stream_synchronize = (stream_synchronize_fn)symbol(library, "cuStreamSynchronize");
  cu.copy_to_device_async = (copy_to_device_async_fn)symbol(library, "cuMemcpyHtoDAsync_v2");
  cu.copy_to_host = (copy_to_host_fn)symbol(library, "cuMemcpyDtoH_v2");
  cu.event_create = (event_create_fn)symbol(library, "cuEventCreate");
  cu.event_record = (event_record_fn)symbol(library, "cuEventRecord");
  cu.event_synchronize = (event_synchronize_fn)symbol(library, "cuEventSynchronize");
  cu.event_destroy = (event_destroy_fn)symbol(library, "cuEventDestroy_v2");
  int device;
  check(cu.init(0), "cuInit");
  check(cu.device_get(&device, 0), "cuDeviceGet");
  check(cu.primary_retain(&context, device), "cuDevicePrimaryCtxRetain");
  check(cu.context_set(context), "cuCtxSetCurrent");
}

/* ---- ways of pinning ---- */

typedef struct {
  char *begin;
  size_t offset, bytes;
  int result;
} piece;

static void *register_piece(void *argument) {
  piece *p = argument;
  cu.context_set(context);
  p->result = cu.host_register(p->begin, p->bytes, 1 /* PORTABLE */);
  return NULL;
}

/* A copy may not span two registrations (the driver refuses it), so each
 * piece is copied on its own. */
static void *copy_piece(void *argument) {
  piece *p = argument;
  cu.context_set(context);
  p->result = cu.copy_to_device(device_buffer + (unsigned long long)p->offset, p->begin, p->bytes);
  return NULL;
}

static void *unregister_piece(void *argument) {
  piece *p = argument;
  cu.context_set(context);
  p->result = cu.host_unregister(p->begin);
  return NULL;
}

/* Runs fn over `count` equal pieces of [begin, begin + bytes), on as many
 * threads when parallel. */
static void over_pieces(char *begin, size_t bytes, int count, int parallel,
                        void *(*fn)(void *), const char *what) {
  piece pieces[64];
  pthread_t threads[64];
  size_t step = (bytes / (size_t)count) & ~(size_t)4095;
  for (int i = 0; i < count; i++) {
    pieces[i].offset = (size_t)i * step;
    pieces[i].begin = begin + pieces[i].offset;
    pieces[i].bytes = i == count - 1 ? bytes - (size_t)i * step : step;
    if (parallel)
      pthread_create(&threads[i], NULL, fn, &pieces[i]);
    else
      fn(&pieces[i]);
  }
  for (int i = 0; i < count; i++) {
    if (parallel)
      pthread_join(threads[i], NULL);
    check(pieces[i].result, what);
  }
}

typedef struct {
  const char *name;
  int pieces, parallel, huge, touch_first;
} way;

static const way ways[] = {
    {"one call", 1, 0, 0, 1},
    {"8 pieces, one thread", 8, 0, 0, 1},
    {"2 pieces, 2 threads", 2, 1, 0, 1},
    {"4 pieces, 4 threads", 4, 1, 0, 1},
    {"8 pieces, 8 threads", 8, 1, 0, 1},
    {"one call, huge pages", 1, 0, 1, 1},
    {"8 pieces, 8 threads, huge pages", 8, 1, 1, 1},
    {"one call, pages not touched", 1, 0, 0, 0},
};

static char *fresh_block(int huge, int touch) {
  char *block = mmap(NULL, block_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (block == MAP_FAILED) {
    perror("pin-cost: mmap");
    exit(1);
  }
  if (huge && madvise(block, block_bytes, MADV_HUGEPAGE) != 0)
    perror("pin-cost: madvise(MADV_HUGEPAGE)");
  if (touch)
    memset(block, 1, block_bytes);
  return block;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void print_times(const char *name, double *ms[3], int rounds) {
  printf("%-34s", name);
  for (int k = 0; k < 3; k++) {
    qsort(ms[k], (size_t)rounds, sizeof(double), by_value);
    printf(" | %8.2f %8.2f", ms[k][0], ms[k][rounds / 2]);
  }
  printf(" |\n");
}

static void measure_way(const way *w, int rounds) {
  double registering[rounds], copying[rounds], releasing[rounds];
  for (int r = 0; r < rounds; r++) {
    char *block = fresh_block(w->huge, w->touch_first);
    double start = now_ms();
    over_pieces(block, block_bytes, w->pieces, w->parallel, register_piece, "cuMemHostRegister");
    registering[r] = now_ms() - start;
    start = now_ms();
    over_pieces(block, block_bytes, w->pieces, 0, copy_piece, "cuMemcpyHtoD");
    copying[r] = now_ms() - start;
    start = now_ms();
    over_pieces(block, block_bytes, w->pieces, w->parallel, unregister_piece,
                "cuMemHostUnregister");
    releasing[r] = now_ms() - start;
    munmap(block, block_bytes);
  }
  double *ms[3] = {registering, copying, releasing};
  print_times(w->name, ms, rounds);
}

/* The references: a pageable copy, cuMemAllocHost, a device-to-device copy. */
static void measure_references(int rounds) {
  double pageable[rounds], alloc_host[rounds], on_device[rounds], alloc_device[rounds];
  for (int r = 0; r < rounds; r++) {
    char *block = fresh_block(0, 1);
    double start = now_ms();
    check(cu.copy_to_device(device_buffer, block, block_bytes), "cuMemcpyHtoD");
    pageable[r] = now_ms() - start;
    munmap(block, block_bytes);
    void *host;
    start = now_ms();
    check(cu.alloc_host(&host, block_bytes), "cuMemAllocHost");
    alloc_host[r] = now_ms() - start;
    cu.free_host(host);
    start = now_ms();
    check(cu.copy_on_device(device_spare, device_buffer, block_bytes), "cuMemcpyDtoD");
    on_device[r] = now_ms() - start;
    unsigned long long extra;
    start = now_ms();
    check(cu.mem_alloc(&extra, block_bytes), "cuMemAlloc");
    alloc_device[r] = now_ms() - start;
    cu.mem_free(extra);
  }
  double *ms[3] = {pageable, alloc_host, on_device};
  printf("\nreferences (ms, best and median):\n");
  printf("%-34s | %8s %8s | %8s %8s | %8s %8s |\n", "", "pageable", "copy", "cuMemAll", "ocHost",
         "dev->dev", "copy");
  print_times("reference", ms, rounds);
  qsort(alloc_device, (size_t)rounds, sizeof(double), by_value);
  printf("cuMemAlloc of the block: best %.2f ms, median %.2f ms\n", alloc_device[0],
         alloc_device[rounds / 2]);
}

/* Whether the driver registers one block while it copies another: a
 * thread registers block B while this one copies block A (pinned), against
 * the two done one after the other (both with huge pages). */
static void measure_overlap(int rounds) {
  double apart[rounds], together[rounds];
  for (int r = 0; r < rounds; r++) {
    char *a = fresh_block(1, 1), *b = fresh_block(1, 1);
    piece whole_a = {a, 0, block_bytes, 0}, whole_b = {b, 0, block_bytes, 0};
    register_piece(&whole_a);
    check(whole_a.result, "cuMemHostRegister");
    double start = now_ms();
    register_piece(&whole_b);
    check(cu.copy_to_device(device_buffer, a, block_bytes), "cuMemcpyHtoD");
    apart[r] = now_ms() - start;
    unregister_piece(&whole_b);
    start = now_ms();
    pthread_t thread;
    pthread_create(&thread, NULL, register_piece, &whole_b);
    check(cu.copy_to_device(device_buffer, a, block_bytes), "cuMemcpyHtoD");
    pthread_join(thread, NULL);
    together[r] = now_ms() - start;
    check(whole_b.result, "cuMemHostRegister");
    unregister_piece(&whole_a);
    unregister_piece(&whole_b);
    munmap(a, block_bytes);
    munmap(b, block_bytes);
  }
  qsort(apart, (size_t)rounds, sizeof(double), by_value);
  qsort(together, (size_t)rounds, sizeof(double), by_value);
  printf("register B, then copy A: best %.2f ms, median %.2f ms; register B on a thread while "
         "copying A: best %.2f ms, median %.2f ms\n",
         apart[0], apart[rounds / 2], together[0], together[rounds / 2]);
}

/* ---- staged copies: no registration of the program's block ---- */

/* A pageable block copied to the device through page-locked staging
 * buffers allocated once (cuMemAllocHost): each of `threads` workers takes
 * every threads-th chunk, copies it into one of its two staging buffers
 * and starts its DMA on its own stream, waiting (an event per buffer) for
 * that buffer's previous DMA before reusing it, so that host copies and DMA overlap. Whether this
 * beats registering the block (pinning.c) decides how transfer elision
 * should move blocks it has not pinned yet. */
enum { STAGING_BUFFERS = 2, MAX_STAGING_THREADS = 16 };

typedef struct {
  const char *block;
  size_t chunk_bytes;
  int worker, workers;
  char *staging[STAGING_BUFFERS];
  void *done[STAGING_BUFFERS]; /* recorded after each buffer's DMA */
  void *stream;
  int result;
} stager;

static void *stage_chunks(void *argument) {
  stager *s = argument;
  cu.context_set(context);
  size_t chunks = (block_bytes + s->chunk_bytes - 1) / s->chunk_bytes;
  int turn = 0;
  for (size_t c = (size_t)s->worker; c < chunks; c += (size_t)s->workers, turn++) {
    int b = turn % STAGING_BUFFERS;
    if (turn >= STAGING_BUFFERS && (s->result = cu.event_synchronize(s->done[b])) != 0)
      return NULL;
    size_t offset = c * s->chunk_bytes;
    size_t bytes = block_bytes - offset < s->chunk_bytes ? block_bytes - offset : s->chunk_bytes;
    memcpy(s->staging[b], s->block + offset, bytes);
    s->result = cu.copy_to_device_async(device_buffer + offset, s->staging[b], bytes, s->stream);
    if (s->result == 0)
      s->result = cu.event_record(s->done[b], s->stream);
    if (s->result != 0)
      return NULL;
  }
  s->result = cu.stream_synchronize(s->stream);
  return NULL;
}

static double staged_copy_ms(const char *block, int threads, size_t chunk_bytes, stager *stagers) {
  pthread_t ids[MAX_STAGING_THREADS];
  double start = now_ms();
  for (int t = 0; t < threads; t++) {
    stagers[t].block = block;
    stagers[t].chunk_bytes = chunk_bytes;
    stagers[t].worker = t;
    stagers[t].workers = threads;
    pthread_create(&ids[t], NULL, stage_chunks, &stagers[t]);
  }
  for (int t = 0; t < threads; t++) {
    pthread_join(ids[t], NULL);
    check(stagers[t].result, "staged copy");
  }
  return now_ms() - start;
}

/* The device buffer holds the block, byte for byte (or exit 1). */
static void check_device_holds(const char *block) {
  char *back = malloc(block_bytes);
  if (back == NULL) {
    perror("pin-cost: malloc");
    exit(1);
  }
  check(cu.copy_to_host(back, device_buffer, block_bytes), "cuMemcpyDtoH");
  if (memcmp(back, block, block_bytes) != 0) {
    fprintf(stderr, "pin-cost: the staged copy differs from the block\n");
    exit(1);
  }
  free(back);
}

static void measure_staged(int rounds) {
  static const int thread_counts[] = {1, 2, 4, 8, 16};
  static const size_t chunk_mib[] = {2, 8};
  stager stagers[MAX_STAGING_THREADS];
  for (int t = 0; t < MAX_STAGING_THREADS; t++) {
    for (int b = 0; b < STAGING_BUFFERS; b++)
    {
      check(cu.alloc_host((void **)&stagers[t].staging[b], (size_t)8 << 20), "cuMemAllocHost");
      check(cu.event_create(&stagers[t].done[b], 2 /* CU_EVENT_DISABLE_TIMING */),
            "cuEventCreate");
    }
    check(cu.stream_create(&stagers[t].stream, 1 /* non-blocking */), "cuStreamCreate");
  }
  printf("\nstaged copy of a pageable block (huge pages, touched) through 2 page-locked\n"
         "buffers per thread, no registration (ms, best and median):\n");
  for (size_t k = 0; k < sizeof chunk_mib / sizeof chunk_mib[0]; k++)
    for (size_t i = 0; i < sizeof thread_counts / sizeof thread_counts[0]; i++) {
      double ms[rounds];
      for (int r = 0; r < rounds; r++) {
        char *block = fresh_block(1, 1);
        for (size_t at = 0; at < block_bytes; at += 4096)
          block[at] = (char)(at / 4096 + r); /* every page distinct */
        ms[r] = staged_copy_ms(block, thread_counts[i], chunk_mib[k] << 20, stagers);
        if (r == 0)
          check_device_holds(block);
        munmap(block, block_bytes);
      }
      qsort(ms, (size_t)rounds, sizeof(double), by_value);
      printf("%2d threads, %zu MiB chunks: best %.2f ms, median %.2f ms (%.1f GB/s)\n",
             thread_counts[i], chunk_mib[k], ms[0], ms[rounds / 2],
             (double)block_bytes / (ms[rounds / 2] * 1e6));
    }
  for (int t = 0; t < MAX_STAGING_THREADS; t++) {
    for (int b = 0; b < STAGING_BUFFERS; b++) {
      cu.free_host(stagers[t].staging[b]);
      cu.event_destroy(stagers[t].done[b]);
    }
    cu.stream_destroy(stagers[t].stream);
  }
}

static void print_machine(void) {
  struct utsname name;
  if (uname(&name) == 0)
    printf("kernel %s %s\n", name.release, name.version);
  const char *files[] = {"/sys/kernel/mm/transparent_hugepage/enabled",
                         "/sys/kernel/mm/transparent_hugepage/defrag"};
  for (int i = 0; i < 2; i++) {
    char line[256] = "unreadable\n";
    FILE *f = fopen(files[i], "r");
    if (f != NULL) {
      if (fgets(line, sizeof line, f) == NULL)
        strcpy(line, "empty\n");
      fclose(f);
    }
    printf("%s: %s", files[i], line);
  }
}

int main(int argc, char **argv) {
  long mib = argc > 1 ? strtol(argv[1], NULL, 10) : 256;
  int rounds = argc > 2 ? (int)strtol(argv[2], NULL, 10) : 3;
  if (mib <= 0 || rounds <= 0 || rounds > 100) {
    fprintf(stderr, "usage: pin-cost [MIB] [ROUNDS]\n");
    return 2;
  }
  block_bytes = (size_t)mib << 20;
  print_machine();
  load_driver();
  check(cu.mem_alloc(&device_buffer, block_bytes), "cuMemAlloc");
  check(cu.mem_alloc(&device_spare, block_bytes), "cuMemAlloc");
  printf("block %ld MiB, %d rounds; ms, best and median\n", mib, rounds);
  printf("%-34s | %17s | %17s | %17s |\n", "way", "register", "copy to device", "unregister");
  for (size_t i = 0; i < sizeof ways / sizeof ways[0]; i++)
    measure_way(&ways[i], rounds);
  measure_references(rounds);
  measure_overlap(rounds);
  measure_staged(rounds);
  return 0;
}
