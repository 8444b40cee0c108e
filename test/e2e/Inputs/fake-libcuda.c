/* fake-libcuda.c - a stand-in for the CUDA driver (soname libcuda.so.1)
 * with just the calls plugin/pinning.c makes, so that page-locking is
 * tested on machines without a GPU (test/e2e/pin-fake-driver.c). It checks
 * what the real driver would refuse (a registration overlapping another,
 * releasing memory never registered, popping a context never pushed) and
 * prints at exit, on stderr:
 *   fake-cuda: registered R, unregistered U, still registered S, refused F,
 *   errors E, contexts pushed P popped Q
 * FAKE_CUDA_REFUSE=1 makes every registration fail, as a driver out of
 * page-lockable memory would; FAKE_CUDA_NO_CONTEXT=1 says that no context
 * is current. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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
          "contexts pushed %d popped %d\n",
          registrations, releases, still, refusals, errors, pushes, pops);
}
