/* fake-libcuda.c - a stand-in for the CUDA driver (soname libcuda.so.1)
 * with just the calls plugin/cuda_driver.h declares, so that page-locking
 * and staged copies are tested on machines without a GPU
 * (test/e2e/pin-fake-driver.c, test/unit/test_staging.c). Its "device
 * memory" is the host's (as on the host device). It checks what the real
 * driver would refuse (a registration overlapping another, releasing
 * memory never registered, popping a context never pushed, a stream used
 * without a current context or after it was destroyed, an asynchronous
 * copy whose host side is not page-locked) and prints at exit, on stderr:
 *   fake-cuda: registered R, unregistered U, still registered S, refused F,
 *   errors E, contexts pushed P popped Q, async copies to device A from
 *   device B
 * An asynchronous copy is made only when its stream is synchronized, so a
 * caller that reuses a buffer too early sees wrong bytes, as it would on a
 * GPU. FAKE_CUDA_REFUSE=1 makes every registration fail, as a driver out of
 * page-lockable memory would; FAKE_CUDA_NO_CONTEXT=1 says that no context
 * is current; FAKE_CUDA_FAIL_COPY=N makes the Nth asynchronous copy (from 1)
 * fail. */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
  CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
};
enum { MAX_REGISTERED = 1024 };

static struct {
  uintptr_t begin, end;
} registered[MAX_REGISTERED];
static int registrations, releases, refusals, errors, pushes, pops, depth;
static int copies_to_device, copies_from_device, streams_alive;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char context_object;

static int env_flag(const char *name) {
  const char *value = getenv(name);
  return value != NULL && value[0] == '1';
}

static void error(const char *what, uintptr_t address) {
  fprintf(stderr, "fake-cuda: error: %s (%#lx)\n", what, (unsigned long)address);
  errors++;
}

int cuCtxGetCurrent(void **context) {
  *context = env_flag("FAKE_CUDA_NO_CONTEXT") ? NULL : &context_object;
  return CUDA_SUCCESS;
}

static _Thread_local void *current_context;

int cuCtxSetCurrent(void *context) {
  if (context != &context_object && context != NULL) {
    pthread_mutex_lock(&lock);
    error("made a context current that this driver never gave out", (uintptr_t)context);
    pthread_mutex_unlock(&lock);
    return CUDA_ERROR_INVALID_VALUE;
  }
  current_context = context;
  return CUDA_SUCCESS;
}

int cuCtxPushCurrent_v2(void *context) {
  pthread_mutex_lock(&lock);
  if (context != &context_object)
    error("pushed a context this driver never gave out", (uintptr_t)context);
  pushes++;
  depth++;
  pthread_mutex_unlock(&lock);
  return CUDA_SUCCESS;
}

int cuCtxPopCurrent_v2(void **context) {
  pthread_mutex_lock(&lock);
  if (depth == 0)
    error("popped a context never pushed", 0);
  else
    depth--;
  pops++;
  *context = &context_object;
  pthread_mutex_unlock(&lock);
  return CUDA_SUCCESS;
}

int cuMemHostRegister_v2(void *begin, size_t bytes, unsigned flags) {
  (void)flags;
  uintptr_t low = (uintptr_t)begin, high = low + bytes;
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  if (bytes == 0 || low % page != 0 || bytes % page != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (env_flag("FAKE_CUDA_REFUSE")) {
    __atomic_add_fetch(&refusals, 1, __ATOMIC_RELAXED);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  pthread_mutex_lock(&lock);
  int result = CUDA_ERROR_OUT_OF_MEMORY, free_slot = -1;
  for (int i = 0; i < MAX_REGISTERED; i++) {
    if (registered[i].begin == 0) {
      if (free_slot < 0)
        free_slot = i;
    } else if (low < registered[i].end && registered[i].begin < high) {
      error("registered memory overlapping a registration", low);
      pthread_mutex_unlock(&lock);
      return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
    }
  }
  if (free_slot >= 0) {
    registered[free_slot].begin = low;
    registered[free_slot].end = high;
    registrations++;
    result = CUDA_SUCCESS;
  }
  pthread_mutex_unlock(&lock);
  return result;
}

int cuMemHostUnregister(void *begin) {
  pthread_mutex_lock(&lock);
  int result = CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
  for (int i = 0; i < MAX_REGISTERED; i++)
    if (registered[i].begin == (uintptr_t)begin) {
      registered[i].begin = registered[i].end = 0;
      releases++;
      result = CUDA_SUCCESS;
      break;
    }
  if (result != CUDA_SUCCESS)
    error("released memory that was never registered", (uintptr_t)begin);
  if (depth == 0)
    error("released memory with no context current", (uintptr_t)begin);
  pthread_mutex_unlock(&lock);
  return result;
}

__attribute__((destructor)) static void print_ledger(void) {
  int still = 0;
  for (int i = 0; i < MAX_REGISTERED; i++)
    still += registered[i].begin != 0;
  fprintf(stderr,
          "fake-cuda: registered %d, unregistered %d, still registered %d, refused %d, errors %d, "
          "contexts pushed %d popped %d, async copies to device %d from device %d\n",
          registrations, releases, still, refusals, errors, pushes, pops, copies_to_device,
          copies_from_device);
}

/* ---- streams and asynchronous copies ---- */

enum { STREAM_QUEUE = 8 };
typedef struct {
  int magic; /* STREAM_MAGIC while alive */
  int queued;
  struct {
    void *to;
    const void *from;
    size_t bytes;
  } copies[STREAM_QUEUE];
} stream;
enum { STREAM_MAGIC = 0x57ea };

int cuStreamCreate(void **handle, unsigned flags) {
  (void)flags;
  if (current_context == NULL) {
    pthread_mutex_lock(&lock);
    error("created a stream with no context current", 0);
    pthread_mutex_unlock(&lock);
    return CUDA_ERROR_INVALID_VALUE;
  }
  stream *made = calloc(1, sizeof *made);
  if (made == NULL)
    return CUDA_ERROR_OUT_OF_MEMORY;
  made->magic = STREAM_MAGIC;
  __atomic_add_fetch(&streams_alive, 1, __ATOMIC_RELAXED);
  *handle = made;
  return CUDA_SUCCESS;
}

static stream *valid_stream(void *handle, const char *use) {
  stream *s = handle;
  if (s == NULL || s->magic != STREAM_MAGIC || current_context == NULL) {
    pthread_mutex_lock(&lock);
    error(use, (uintptr_t)handle);
    pthread_mutex_unlock(&lock);
    return NULL;
  }
  return s;
}

int cuStreamSynchronize(void *handle) {
  stream *s = valid_stream(handle, "synchronized a stream not alive or without a context");
  if (s == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  for (int i = 0; i < s->queued; i++)
    memcpy(s->copies[i].to, s->copies[i].from, s->copies[i].bytes);
  s->queued = 0;
  return CUDA_SUCCESS;
}

int cuStreamDestroy_v2(void *handle) {
  stream *s = valid_stream(handle, "destroyed a stream not alive or without a context");
  if (s == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  if (s->queued > 0) {
    pthread_mutex_lock(&lock);
    error("destroyed a stream with copies not synchronized", (uintptr_t)handle);
    pthread_mutex_unlock(&lock);
  }
  s->magic = 0;
  free(s);
  __atomic_sub_fetch(&streams_alive, 1, __ATOMIC_RELAXED);
  return CUDA_SUCCESS;
}

static bool registered_range(const void *host, size_t bytes) {
  uintptr_t low = (uintptr_t)host, high = low + bytes;
  pthread_mutex_lock(&lock);
  bool found = false;
  for (int i = 0; i < MAX_REGISTERED && !found; i++)
    found = registered[i].begin != 0 && registered[i].begin <= low && high <= registered[i].end;
  if (!found)
    error("asynchronous copy of host memory that is not page-locked", low);
  pthread_mutex_unlock(&lock);
  return found;
}

static int queue_copy(void *handle, void *to, const void *from, size_t bytes, const void *host,
                      int *count) {
  static int copies;
  stream *s = valid_stream(handle, "copied on a stream not alive or without a context");
  if (s == NULL || !registered_range(host, bytes))
    return CUDA_ERROR_INVALID_VALUE;
  const char *fail = getenv("FAKE_CUDA_FAIL_COPY");
  if (fail != NULL && __atomic_add_fetch(&copies, 1, __ATOMIC_RELAXED) == atoi(fail))
    return CUDA_ERROR_INVALID_VALUE;
  if (s->queued == STREAM_QUEUE)
    cuStreamSynchronize(s);
  s->copies[s->queued].to = to;
  s->copies[s->queued].from = from;
  s->copies[s->queued].bytes = bytes;
  s->queued++;
  __atomic_add_fetch(count, 1, __ATOMIC_RELAXED);
  return CUDA_SUCCESS;
}

int cuMemcpyHtoDAsync_v2(uint64_t device, const void *host, size_t bytes, void *handle) {
  return queue_copy(handle, (void *)(uintptr_t)device, host, bytes, host, &copies_to_device);
}

int cuMemcpyDtoHAsync_v2(void *host, uint64_t device, size_t bytes, void *handle) {
  return queue_copy(handle, host, (const void *)(uintptr_t)device, bytes, host,
                    &copies_from_device);
}
