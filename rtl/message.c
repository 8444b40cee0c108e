/* message.c - `ownmap: ` prefixed diagnostics written with write(2). */
#include "message.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static atomic_int message_fd = 2;

void om_message_set_fd(int fd) { atomic_store(&message_fd, fd); }

int om_message_fd(void) { return atomic_load(&message_fd); }

static void write_all(int fd, const char *text, size_t len) {
  while (len > 0) {
    ssize_t written = write(fd, text, len);
    if (written < 0) {
      if (errno == EINTR)
        continue;
      return; /* Nowhere left to report to. */
    }
    text += written;
    len -= (size_t)written;
  }
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
  write_all(om_message_fd(), line, end);
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
