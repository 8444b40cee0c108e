/* fake-libcuda.c - a stand-in for the CUDA driver (soname libcuda.so.1)
 * with just the calls plugin/pinning.c makes, so that page-locking is
 * tested on machines without a GPU (test/e2e/pin-fake-driver.c). It checks
 * what the real driver would refuse (a registration overlapping another or
 * of pages that are not writable, releasing memory never registered or
 * while a copy from it is in flight, popping a context never pushed, an
 * asynchronous copy from memory not inside one registration) and prints at
 * exit, on stderr:
 *   fake-cuda: registered R, unregistered U, still registered S, refused F,
 *   errors E, contexts pushed P popped Q, copies started C waited W,
 *   registered while copying O, most copies in flight at a registration M,
 *   copies within the device D
 * Asynchronous copies (the device is the host device: a memcpy), up and
 * within the device, are made in order only when the stream is
 * synchronised, so a caller that forgets to wait reads stale data.
 * FAKE_CUDA_REFUSE=1 makes every registration fail, as a driver out of
 * page-lockable memory would; FAKE_CUDA_REFUSE_AFTER=K lets
 * the first K succeed; FAKE_CUDA_NO_CONTEXT=1 says that no context is
 * current; FAKE_CUDA_NO_ASYNC=1 refuses asynchronous copies;
 * FAKE_CUDA_ABORT_ON_ERROR=1 stops the process at the first error. */
#include <pthread.h>
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
enum { MAX_REGISTERED = 1024, MAX_IN_FLIGHT = 4096 };

static struct {
  uintptr_t begin, end;
} registered[MAX_REGISTERED];
static struct {
  char *to;
  const char *from;
  size_t bytes;
} in_flight[MAX_IN_FLIGHT];
static int in_flight_count;
static int registrations, releases, refusals, errors, pushes, pops, depth;
static int copies_started, copies_waited, registered_while_copying, most_in_flight;
static int copies_on_device;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char context_object;

static int env_flag(const char *name) {
  const char *value = getenv(name);
  return value != NULL && value[0] == '1';
}

static void error(const char *what, uintptr_t address) {
  fprintf(stderr, "fake-cuda: error: %s (%#lx)\n", what, (unsigned long)address);
  errors++;
  if (env_flag("FAKE_CUDA_ABORT_ON_ERROR"))
    abort();
}

int cuCtxGetCurrent(void **context) {
  *context = env_flag("FAKE_CUDA_NO_CONTEXT") ? NULL : &context_object;
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

/* Whether every page of [low, high) is mapped writable (/proc/self/maps):
 * the driver locks pages for the device to write. */
static int writable(uintptr_t low, uintptr_t high) {
  FILE *maps = fopen("/proc/self/maps", "r");
  if (maps == NULL)
    return 0;
  char line[512], perms[8];
  unsigned long from, to;
  uintptr_t covered = low;
  int ok = 1;
  while (ok && covered < high && fgets(line, sizeof line, maps) != NULL)
    if (sscanf(line, "%lx-%lx %7s", &from, &to, perms) == 3 && from <= covered && covered < to) {
      ok = perms[1] == 'w';
      covered = to;
    }
  fclose(maps);
  return ok && covered >= high;
}

/* Whether the first `count` registrations are over (FAKE_CUDA_REFUSE_AFTER). */
static int refuse_now(void) {
  if (env_flag("FAKE_CUDA_REFUSE"))
    return 1;
  const char *after = getenv("FAKE_CUDA_REFUSE_AFTER");
  return after != NULL && registrations >= atoi(after);
}

int cuMemHostRegister_v2(void *begin, size_t bytes, unsigned flags) {
  (void)flags;
  uintptr_t low = (uintptr_t)begin, high = low + bytes;
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  if (bytes == 0 || low % page != 0 || bytes % page != 0)
    return CUDA_ERROR_INVALID_VALUE;
  int pages_writable = writable(low, high); /* outside the lock: it allocates */
  pthread_mutex_lock(&lock);
  if (refuse_now()) {
    refusals++;
    pthread_mutex_unlock(&lock);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  if (!pages_writable) {
    error("registered pages that are not writable", low);
    pthread_mutex_unlock(&lock);
    return CUDA_ERROR_INVALID_VALUE;
  }
  registered_while_copying += in_flight_count > 0;
  if (in_flight_count > most_in_flight)
    most_in_flight = in_flight_count;
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
      for (int c = 0; c < in_flight_count; c++)
        if (registered[i].begin <= (uintptr_t)in_flight[c].from &&
            (uintptr_t)in_flight[c].from < registered[i].end)
          error("released memory while a copy from it is in flight", (uintptr_t)begin);
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

/* Queues a copy made at the next synchronisation (lock held). */
static int enqueue(char *to, const char *from, size_t bytes) {
  if (depth == 0) {
    error("copied with no context current", (uintptr_t)from);
    return CUDA_ERROR_INVALID_VALUE;
  }
  if (in_flight_count == MAX_IN_FLIGHT)
    return CUDA_ERROR_INVALID_VALUE;
  in_flight[in_flight_count].to = to;
  in_flight[in_flight_count].from = from;
  in_flight[in_flight_count].bytes = bytes;
  in_flight_count++;
  copies_started++;
  return CUDA_SUCCESS;
}

int cuMemcpyHtoDAsync_v2(unsigned long long device, const void *host, size_t bytes,
                         void *stream) {
  (void)stream;
  if (env_flag("FAKE_CUDA_NO_ASYNC"))
    return CUDA_ERROR_INVALID_VALUE;
  uintptr_t low = (uintptr_t)host, high = low + bytes;
  pthread_mutex_lock(&lock);
  int inside = 0;
  for (int i = 0; i < MAX_REGISTERED && !inside; i++)
    inside = registered[i].begin != 0 && registered[i].begin <= low && high <= registered[i].end;
  int result = CUDA_ERROR_INVALID_VALUE;
  if (!inside)
    error("copied asynchronously from memory not inside one registration", low);
  else
    result = enqueue((char *)(uintptr_t)device, host, bytes);
  pthread_mutex_unlock(&lock);
  return result;
}

/* A copy within the device, queued behind those in flight. */
int cuMemcpyDtoDAsync_v2(unsigned long long to, unsigned long long from, size_t bytes,
                         void *stream) {
  (void)stream;
  if (env_flag("FAKE_CUDA_NO_ASYNC"))
    return CUDA_ERROR_INVALID_VALUE;
  pthread_mutex_lock(&lock);
  int result = enqueue((char *)(uintptr_t)to, (const char *)(uintptr_t)from, bytes);
  copies_on_device += result == CUDA_SUCCESS;
  pthread_mutex_unlock(&lock);
  return result;
}

int cuStreamSynchronize(void *stream) {
  (void)stream;
  pthread_mutex_lock(&lock);
  if (depth == 0)
    error("synchronised with no context current", 0);
  for (int c = 0; c < in_flight_count; c++)
    memcpy(in_flight[c].to, in_flight[c].from, in_flight[c].bytes);
  copies_waited += in_flight_count;
  in_flight_count = 0;
  pthread_mutex_unlock(&lock);
  return CUDA_SUCCESS;
}

__attribute__((destructor)) static void print_ledger(void) {
  int still = 0;
  for (int i = 0; i < MAX_REGISTERED; i++)
    still += registered[i].begin != 0;
  fprintf(stderr,
          "fake-cuda: registered %d, unregistered %d, still registered %d, refused %d, errors %d, "
          "contexts pushed %d popped %d, copies started %d waited %d, registered while "
          "copying %d, most copies in flight at a registration %d, copies within the device %d\n",
          registrations, releases, still, refusals, errors, pushes, pops, copies_started,
          copies_waited, registered_while_copying, most_in_flight, copies_on_device);
}
