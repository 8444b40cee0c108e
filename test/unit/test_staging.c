/* unit-staged-copies-exact: copies staged by the worker pool (staging.h)
 * through page-locked buffers, against the stand-in CUDA driver
 * (test/e2e/Inputs/fake-libcuda.c, FAKE_CUDA names it), whose asynchronous
 * copies happen only when their stream is synchronized: every byte arrives,
 * in both directions, for sizes around the piece size and with pieces
 * spread over the workers; copies from several threads at once queue and
 * all arrive (bounded stress); a copy the driver fails returns false and
 * the next one works; a forked child stages nothing. The driver's own
 * checks (host side page-locked, streams alive, a context current) must
 * report no error at exit (ctest fails on "errors [1-9]"). */
#include "check.h"
#include "options.h"
#include "staging.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void *context;

static void fill(unsigned char *bytes, size_t count, unsigned seed) {
  for (size_t i = 0; i < count; i++)
    bytes[i] = (unsigned char)((i * 2654435761u + seed) >> 13);
}

/* Stages `bytes` to a "device" buffer and back into another host buffer;
 * true when both copies succeed and every byte arrives. */
static bool round_trip(size_t bytes, unsigned seed) {
  unsigned char *host = malloc(bytes + 1), *device = malloc(bytes + 1), *back = malloc(bytes + 1);
  fill(host, bytes, seed);
  fill(device, bytes, seed + 1);
  fill(back, bytes, seed + 2);
  device[bytes] = back[bytes] = 0xa5; /* nothing written past the end */
  bool ok = om_staged_copy(context, host, (uintptr_t)device, bytes, OM_TO_DEVICE) &&
            memcmp(device, host, bytes) == 0 && device[bytes] == 0xa5;
  fill(device, bytes, seed + 3);
  ok = ok && om_staged_copy(context, back, (uintptr_t)device, bytes, OM_FROM_DEVICE) &&
       memcmp(back, device, bytes) == 0 && back[bytes] == 0xa5;
  free(host);
  free(device);
  free(back);
  return ok;
}

static void *copier(void *seed) {
  bool ok = true;
  for (unsigned i = 0; i < 12; i++)
    ok = round_trip(OM_STAGE_PIECE_BYTES * (1 + i % 5) + i * 4099, (unsigned)(uintptr_t)seed + i) &&
         ok;
  return ok ? seed : NULL;
}

int main(void) {
  const char *driver = getenv("FAKE_CUDA");
  if (driver == NULL || dlopen(driver, RTLD_NOW | RTLD_GLOBAL) == NULL) {
    fprintf(stderr, "unit-staged-copies-exact: cannot load the stand-in driver (FAKE_CUDA)\n");
    return 2;
  }
  setenv("OWNMAP_COPY_THREADS", "3", 1);
  om_staging_configure();
  context = om_staging_context();
  CHECK(context != NULL);

  /* The third asynchronous copy fails: the copy says so, the next works. */
  setenv("FAKE_CUDA_FAIL_COPY", "3", 1);
  unsigned char *host = malloc(8 * OM_STAGE_PIECE_BYTES),
                *device = malloc(8 * OM_STAGE_PIECE_BYTES);
  fill(host, 8 * OM_STAGE_PIECE_BYTES, 7);
  CHECK(!om_staged_copy(context, host, (uintptr_t)device, 8 * OM_STAGE_PIECE_BYTES,
                        OM_TO_DEVICE));
  unsetenv("FAKE_CUDA_FAIL_COPY");
  CHECK(om_staged_copy(context, host, (uintptr_t)device, 8 * OM_STAGE_PIECE_BYTES, OM_TO_DEVICE));
  CHECK(memcmp(device, host, 8 * OM_STAGE_PIECE_BYTES) == 0);
  free(host);
  free(device);

  const size_t sizes[] = {1, 4096, OM_STAGE_PIECE_BYTES - 1, OM_STAGE_PIECE_BYTES,
                          OM_STAGE_PIECE_BYTES + 1, 7 * OM_STAGE_PIECE_BYTES + 12345,
                          40 * OM_STAGE_PIECE_BYTES};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    bool ok = round_trip(sizes[i], (unsigned)i);
    if (!ok)
      fprintf(stderr, "round trip of %zu bytes failed\n", sizes[i]);
    CHECK(ok);
  }

  /* Four threads at once: the copies queue on the pool and all arrive. */
  pthread_t threads[4];
  for (uintptr_t t = 0; t < 4; t++)
    pthread_create(&threads[t], NULL, copier, (void *)(t + 100));
  for (uintptr_t t = 0; t < 4; t++) {
    void *result;
    pthread_join(threads[t], &result);
    CHECK(result == (void *)(t + 100));
  }

  /* A forked child has no workers and stages nothing. */
  pid_t child = fork();
  if (child == 0) {
    om_staging_fork_child();
    char byte = 1, target = 0;
    _exit(om_staging_context() == NULL &&
                  !om_staged_copy(context, &byte, (uintptr_t)&target, 1, OM_TO_DEVICE)
              ? 0
              : 1);
  }
  int status = -1;
  waitpid(child, &status, 0);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  return check_report("unit-staged-copies-exact");
}
