/* stale_syscalls.c - the interposed functions that keep the plugin's
 * protected host memory (the stale-data check, stale.c; transfer elision,
 * residency.c) from changing the program's behaviour: system calls that
 * write into memory or read from it get complete, accessible buffers first,
 * so they never fail, and sigaction/signal for SIGSEGV keep the program's
 * handler behind the plugin's own (it runs for every fault the plugin does
 * not own). */
#include "faults.h"
#include "plugin.h"
#include "residency.h"
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
typedef ssize_t (*write_fn)(int, const void *, size_t);
typedef ssize_t (*pwrite_fn)(int, const void *, size_t, off_t);
typedef ssize_t (*send_fn)(int, const void *, size_t, int);
typedef size_t (*fwrite_fn)(const void *, size_t, size_t, FILE *);

static void *next(void **slot, const char *name) {
  if (*slot == NULL)
    *slot = om_require_real(dlsym(RTLD_NEXT, name), name);
  return *slot;
}

static void *real_sigaction, *real_read, *real_pread, *real_recv, *real_fread;
static void *real_write, *real_pwrite, *real_send, *real_fwrite;

OM_EXPORT int sigaction(int signal, const struct sigaction *action, struct sigaction *old) {
  if (signal == SIGSEGV && om_faults_take_sigaction(action, old))
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

/* The host is about to write [buffer, buffer + length). */
#define RELEASE_FOR(buffer, length, what)                                               \
  do {                                                                                  \
    om_stale_release((uintptr_t)(buffer), (uintptr_t)(buffer) + (length), what);         \
    om_residency_host_access((uintptr_t)(buffer), (uintptr_t)(buffer) + (length), true); \
  } while (0)

/* The host is about to read [buffer, buffer + length). */
#define COMPLETE_FOR(buffer, length)                                                    \
  om_residency_host_access((uintptr_t)(buffer), (uintptr_t)(buffer) + (length), false)

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

OM_EXPORT ssize_t write(int fd, const void *buffer, size_t length) {
  COMPLETE_FOR(buffer, length);
  return ((write_fn)next(&real_write, "write"))(fd, buffer, length);
}

OM_EXPORT ssize_t pwrite(int fd, const void *buffer, size_t length, off_t offset) {
  COMPLETE_FOR(buffer, length);
  return ((pwrite_fn)next(&real_pwrite, "pwrite"))(fd, buffer, length, offset);
}

OM_EXPORT ssize_t send(int fd, const void *buffer, size_t length, int flags) {
  COMPLETE_FOR(buffer, length);
  return ((send_fn)next(&real_send, "send"))(fd, buffer, length, flags);
}

OM_EXPORT size_t fwrite(const void *buffer, size_t size, size_t count, FILE *stream) {
  COMPLETE_FOR(buffer, size * count);
  return ((fwrite_fn)next(&real_fwrite, "fwrite"))(buffer, size, count, stream);
}
