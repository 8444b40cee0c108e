/* staging.c - the workers that stage large copies through page-locked
 * buffers (staging.h states why, and the concurrency model). */
#include "staging.h"

#include "cuda_driver.h"
#include "message.h"
#include "options.h"
#include "real.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>

enum { MAX_WORKERS = 64 };

#define HUGE_PAGE_BYTES ((size_t)2 << 20)

typedef enum { POOL_UNSTARTED, POOL_READY, POOL_OFF } pool_state;

/* One copy, as the caller published it. */
typedef struct {
  void *context;
  char *host;
  uintptr_t device;
  size_t bytes, pieces;
  om_direction direction;
} staged_copy;

/* What each worker owns. */
typedef struct {
  char *buffers[2];     /* page-locked, OM_STAGE_PIECE_BYTES each, one mapping */
  void *streams[2];     /* one per buffer, of stream_context */
  void *stream_context; /* NULL: no streams yet */
} worker;

static struct {
  pthread_mutex_t lock;
  pthread_cond_t work; /* a new copy is published */
  pthread_cond_t done; /* a worker started or finished a copy, or the copy ended */
  pool_state state;
  int wanted;   /* OWNMAP_COPY_THREADS */
  int starting; /* workers still setting up */
  int workers;  /* set up and waiting for copies */
  /* The copy in progress: published while busy, under a new generation. */
  bool busy;
  uint64_t generation;
  staged_copy copy;
  int unfinished; /* workers not done with it */
  bool failed;
  atomic_size_t next_piece;
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER, .work = PTHREAD_COND_INITIALIZER,
          .done = PTHREAD_COND_INITIALIZER};

void om_staging_configure(void) {
  pthread_mutex_lock(&pool.lock);
  pool.wanted = (int)om_option_number(OM_OPTION_COPY_THREADS);
  pthread_mutex_unlock(&pool.lock);
}

void *om_staging_context(void) {
  pthread_mutex_lock(&pool.lock);
  bool possible = pool.wanted > 0 && pool.state != POOL_OFF;
  pthread_mutex_unlock(&pool.lock);
  void *context = NULL;
  if (!possible || !om_cuda_driver_loaded() || OM_REAL(cuCtxGetCurrent)(&context) != 0)
    return NULL;
  return context;
}

/* ---- a worker ---- */

/* Two buffers in one mapping on huge pages (copying into them is faster,
 * registering them too), touched and page-locked. */
static bool set_up(worker *self, void *context) {
  size_t bytes = 2 * OM_STAGE_PIECE_BYTES;
  char *mapping = mmap(NULL, bytes + HUGE_PAGE_BYTES, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping == MAP_FAILED)
    return false;
  char *aligned = (char *)(((uintptr_t)mapping + HUGE_PAGE_BYTES - 1) & ~(HUGE_PAGE_BYTES - 1));
  if (aligned > mapping)
    munmap(mapping, (size_t)(aligned - mapping));
  munmap(aligned + bytes, (size_t)(mapping + HUGE_PAGE_BYTES - aligned));
  madvise(aligned, bytes, MADV_HUGEPAGE); /* a hint: failure changes nothing */
  memset(aligned, 0, bytes);
  if (OM_REAL(cuCtxSetCurrent)(context) != 0 ||
      OM_REAL(cuMemHostRegister_v2)(aligned, bytes, OM_CU_MEMHOSTREGISTER_PORTABLE) != 0) {
    munmap(aligned, bytes);
    return false;
  }
  self->buffers[0] = aligned;
  self->buffers[1] = aligned + OM_STAGE_PIECE_BYTES;
  return true;
}

/* The worker's streams in context (made current): made again when the
 * copy is for another context than the last one. */
static bool streams_for(worker *self, void *context) {
  if (OM_REAL(cuCtxSetCurrent)(context) != 0)
    return false;
  if (self->stream_context == context)
    return true;
  for (int k = 0; k < 2 && self->stream_context != NULL; k++)
    OM_REAL(cuStreamDestroy_v2)(self->streams[k]);
  self->stream_context = NULL;
  for (int k = 0; k < 2; k++)
    if (OM_REAL(cuStreamCreate)(&self->streams[k], OM_CU_STREAM_NON_BLOCKING) != 0) {
      if (k == 1)
        OM_REAL(cuStreamDestroy_v2)(self->streams[0]);
      return false;
    }
  self->stream_context = context;
  return true;
}

/* The next piece nobody has claimed, or copy->pieces. */
static size_t claim_piece(const staged_copy *copy) {
  size_t piece = atomic_fetch_add_explicit(&pool.next_piece, 1, memory_order_relaxed);
  return piece < copy->pieces ? piece : copy->pieces;
}

static size_t piece_bytes(const staged_copy *copy, size_t piece) {
  size_t offset = piece * OM_STAGE_PIECE_BYTES, left = copy->bytes - offset;
  return left < OM_STAGE_PIECE_BYTES ? left : OM_STAGE_PIECE_BYTES;
}

/* Each buffer's piece in flight, if any (pieces: none). */
typedef struct {
  size_t piece[2];
} in_flight;

/* Waits for buffer k's copy; a copy from the device then lands in host. */
static bool finish_buffer(worker *self, const staged_copy *copy, in_flight *flight, int k) {
  size_t piece = flight->piece[k];
  if (piece == copy->pieces)
    return true;
  flight->piece[k] = copy->pieces;
  if (OM_REAL(cuStreamSynchronize)(self->streams[k]) != 0)
    return false;
  if (copy->direction == OM_FROM_DEVICE)
    memcpy(copy->host + piece * OM_STAGE_PIECE_BYTES, self->buffers[k], piece_bytes(copy, piece));
  return true;
}

/* Starts piece's copy through buffer k (free). */
static bool start_buffer(worker *self, const staged_copy *copy, in_flight *flight, int k,
                         size_t piece) {
  size_t offset = piece * OM_STAGE_PIECE_BYTES, bytes = piece_bytes(copy, piece);
  int result;
  if (copy->direction == OM_TO_DEVICE) {
    memcpy(self->buffers[k], copy->host + offset, bytes);
    result = OM_REAL(cuMemcpyHtoDAsync_v2)(copy->device + offset, self->buffers[k], bytes,
                                           self->streams[k]);
  } else {
    result = OM_REAL(cuMemcpyDtoHAsync_v2)(self->buffers[k], copy->device + offset, bytes,
                                           self->streams[k]);
  }
  if (result != 0)
    return false;
  flight->piece[k] = piece;
  return true;
}

/* Copies pieces until none is left, alternating the buffers so that one
 * buffer's host copy overlaps the other's transfer. On a failure it stops
 * every worker's claims; either way both buffers are idle when it returns. */
static bool copy_pieces(worker *self, const staged_copy *copy) {
  in_flight flight = {{copy->pieces, copy->pieces}};
  bool ok = streams_for(self, copy->context);
  int k = 0;
  for (size_t piece; ok && (piece = claim_piece(copy)) < copy->pieces; k ^= 1)
    ok = finish_buffer(self, copy, &flight, k) && start_buffer(self, copy, &flight, k, piece);
  for (int j = 0; j < 2; j++)
    if (!finish_buffer(self, copy, &flight, k ^ j))
      ok = false;
  if (!ok)
    atomic_store_explicit(&pool.next_piece, copy->pieces, memory_order_relaxed);
  return ok;
}

static void *work(void *context) {
  worker self = {0};
  bool ready = set_up(&self, context);
  pthread_mutex_lock(&pool.lock);
  pool.starting--;
  if (ready)
    pool.workers++;
  pthread_cond_broadcast(&pool.done);
  if (!ready) {
    pthread_mutex_unlock(&pool.lock);
    return NULL;
  }
  for (uint64_t seen = pool.generation;;) { /* until the process ends */
    while (pool.generation == seen)
      pthread_cond_wait(&pool.work, &pool.lock);
    seen = pool.generation;
    staged_copy copy = pool.copy;
    pthread_mutex_unlock(&pool.lock);
    bool ok = copy_pieces(&self, &copy);
    pthread_mutex_lock(&pool.lock);
    if (!ok)
      pool.failed = true;
    if (--pool.unfinished == 0)
      pthread_cond_broadcast(&pool.done);
  }
}

/* ---- the pool ---- */

/* The workers to start: OWNMAP_COPY_THREADS, at most one per CPU the
 * process may run on. */
static int workers_to_start(void) {
  int count = pool.wanted < MAX_WORKERS ? pool.wanted : MAX_WORKERS;
  cpu_set_t cpus;
  if (sched_getaffinity(0, sizeof cpus, &cpus) == 0 && CPU_COUNT(&cpus) < count)
    count = CPU_COUNT(&cpus);
  return count > 0 ? count : 1;
}

/* Under the pool's lock: starts the workers, with every signal blocked
 * (the program's handlers are for its own threads), and waits until each
 * is set up or has given up. */
static void start_pool(void *context) {
  sigset_t all, old;
  sigfillset(&all);
  OM_REAL(pthread_sigmask)(SIG_SETMASK, &all, &old);
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attributes, (size_t)256 << 10);
  for (int i = 0, count = workers_to_start(); i < count; i++) {
    pthread_t thread;
    if (pthread_create(&thread, &attributes, work, context) == 0)
      pool.starting++;
  }
  pthread_attr_destroy(&attributes);
  OM_REAL(pthread_sigmask)(SIG_SETMASK, &old, NULL);
  while (pool.starting > 0)
    pthread_cond_wait(&pool.done, &pool.lock);
  pool.state = pool.workers > 0 ? POOL_READY : POOL_OFF;
  if (om_option_flag(OM_OPTION_VERBOSE))
    om_message("staging copies with %d threads%s", pool.workers,
               pool.workers > 0 ? "" : ": none could be set up; copies go through the runtime");
}

bool om_staged_copy(void *context, void *host, uintptr_t device, size_t bytes,
                    om_direction direction) {
  if (context == NULL)
    return false;
  pthread_mutex_lock(&pool.lock);
  while (pool.busy)
    pthread_cond_wait(&pool.done, &pool.lock);
  if (pool.state == POOL_UNSTARTED && pool.wanted > 0)
    start_pool(context);
  if (pool.state != POOL_READY) {
    pthread_mutex_unlock(&pool.lock);
    return false;
  }
  pool.busy = true;
  pool.copy = (staged_copy){.context = context, .host = host, .device = device, .bytes = bytes,
                            .pieces = (bytes + OM_STAGE_PIECE_BYTES - 1) / OM_STAGE_PIECE_BYTES,
                            .direction = direction};
  atomic_store_explicit(&pool.next_piece, 0, memory_order_relaxed);
  pool.failed = false;
  pool.unfinished = pool.workers;
  pool.generation++;
  pthread_cond_broadcast(&pool.work);
  while (pool.unfinished > 0)
    pthread_cond_wait(&pool.done, &pool.lock);
  bool ok = !pool.failed;
  pool.busy = false;
  pthread_cond_broadcast(&pool.done);
  pthread_mutex_unlock(&pool.lock);
  return ok;
}

void om_staging_fork_child(void) {
  pthread_mutex_init(&pool.lock, NULL);
  pthread_cond_init(&pool.work, NULL);
  pthread_cond_init(&pool.done, NULL);
  pool.state = POOL_OFF;
  pool.workers = pool.starting = 0;
  pool.busy = false;
}
