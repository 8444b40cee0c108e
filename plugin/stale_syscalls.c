/* stale_syscalls.c - the interposed functions that keep the stale-data
 * check (stale.c) from changing the program's behaviour: system calls that
 * write into memory unprotect guarded buffers first, so they never fail,
 * and sigaction/signal for SIGSEGV keep the program's handler behind the
 * check's own (it runs for every fault the check does not own). */
#include "plugin.h"
#include "stale.h"

#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#define OM_EXPORT __attribute__((visibility("default")))

typedef int (*sigaction_fn)(int, const struct sigaction *, struct sigaction *);
typedef ssize_t (*read_fn)(int, void *, size_t);
typedef ssize_t (*pread_fn)(int, void *, size_t, off_t);
typedef ssize_t (*recv_fn)(int, void *, size_t, int);
typedef size_t (*fread_fn)(void *, size_t, size_t, FILE *);

static void *next(void **slot, const char *name) {
  if (*slot == NULL)
    *slot = om_require_real(dlsym(RTLD_NEXT, name), name);
  return *slot;
}

static void *real_sigaction, *real_read, *real_pread, *real_recv, *real_fread;

OM_EXPORT int sigaction(int signal, const struct sigaction *action, struct sigaction *old) {
  if (signal == SIGSEGV && om_stale_take_sigaction(action, old))
    return 0;
  return ((sigaction_fn)next(&real_sigaction, "sigaction"))(signal, action, old);
}

OM_EXPORT sighandler_t signal(int signal, sighandler_t handler) {
  struct sigaction action = {.sa_handler = handler, .sa_flags = SA_RESTART}, old;
  sigemptyset(&action.sa_mask);
  if (sigaction(signal, &action, &old) != 0)
    return SIG_ERR;
  return old.sa_handler;
}

#define RELEASE_FOR(buffer, length, what)                                               \
  om_stale_release((uintptr_t)(buffer), (uintptr_t)(buffer) + (length), what)

OM_EXPORT ssize_t read(int fd, void *buffer, size_t length) {
  RELEASE_FOR(buffer, length, "written by read()");
  return ((read_fn)next(&real_read, "read"))(fd, buffer, length);
}

OM_EXPORT ssize_t pread(int fd, void *buffer, size_t length, off_t offset) {
  RELEASE_FOR(buffer, length, "written by pread()");
  return ((pread_fn)next(&real_pread, "pread"))(fd, buffer, length, offset);
}

OM_EXPORT ssize_t recv(int fd, void *buffer, size_t length, int flags) {
  RELEASE_FOR(buffer, length, "written by recv()");
  return ((recv_fn)next(&real_recv, "recv"))(fd, buffer, length, flags);
}

OM_EXPORT size_t fread(void *buffer, size_t size, size_t count, FILE *stream) {
  RELEASE_FOR(buffer, size * count, "written by fread()");
  return ((fread_fn)next(&real_fread, "fread"))(buffer, size, count, stream);
}
