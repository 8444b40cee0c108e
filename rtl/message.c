/* message.c - `ownmap: ` prefixed diagnostics written with write(2)
 * (the system call itself: system.h). */
#include "message.h"

#include "system.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static atomic_int message_fd = 2;
/* The OWNMAP_LOG file that message_fd writes to; NULL for stderr and
 * descriptors set by tests. */
static const char *_Atomic log_name;

void om_message_set_fd(int fd) {
  atomic_store(&log_name, NULL);
  atomic_store(&message_fd, fd);
}

void om_message_set_log(int fd, const char *name) {
  atomic_store(&log_name, name);
  atomic_store(&message_fd, fd);
}

int om_message_fd(void) { return atomic_load(&message_fd); }

/* 0, or the errno of the write that failed. */
static int write_all(int fd, const char *text, size_t len) {
  while (len > 0) {
    ssize_t written = om_system_write(fd, text, len);
    if (written < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    text += written;
    len -= (size_t)written;
  }
  return 0;
}

/* A line the log file did not take (a full disk, /dev/full) goes to stderr,
 * and so does everything after it, once said why: no message, and no
 * summary, is lost without a word. */
static void log_failed(int fd, int error, const char *line, size_t len) {
  const char *name = atomic_load(&log_name);
  if (name != NULL && atomic_compare_exchange_strong(&message_fd, &fd, 2)) {
    char warning[OM_MESSAGE_MAX];
    int said = snprintf(warning, sizeof warning,
                        "ownmap: warning: cannot write to the OWNMAP_LOG file '%s': %s; "
                        "this message and the later ones go to stderr\n",
                        name, strerror(error));
    write_all(2, warning, said < (int)sizeof warning ? (size_t)said : sizeof warning - 1);
  }
  if (name != NULL)
    write_all(2, line, len);
}

static void emit(const char *severity, const char *fmt, va_list args) {
  char line[OM_MESSAGE_MAX];
  int saved_errno = errno;
  int len = snprintf(line, sizeof line, "ownmap: %s", severity);
  int body = vsnprintf(line + len, sizeof line - (size_t)len, fmt, args);
  size_t end = (size_t)len + (body < 0 ? 0 : (size_t)body);
  if (end > sizeof line - 2)
    end = sizeof line - 2;
  line[end++] = '\n';
  int fd = om_message_fd();
  int error = write_all(fd, line, end);
  if (error != 0 && fd != 2)
    log_failed(fd, error, line, end);
  errno = saved_errno;
}

void om_message(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emit("", fmt, args);
  va_end(args);
}

void om_warning(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emit("warning: ", fmt, args);
  va_end(args);
}

void om_error(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emit("error: ", fmt, args);
  va_end(args);
}

bool om_first_time(atomic_bool *said) { return !atomic_exchange(said, true); }
