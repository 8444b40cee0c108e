/* system.h - the system calls rtl writes its messages and reads the
 * program's name with, made directly: no library that interposes write or
 * read (the plugin interposes both, to observe the program's buffers)
 * sees rtl's own calls, and they never allocate (messages are written on
 * fault paths). Files rtl writes through stdio reach the system through
 * the C library's internal calls, which nothing interposes; rtl calls no
 * stdio function that the plugin interposes (fwrite: rtl/CMakeLists.txt
 * keeps the compiler from making calls to it of its own). */
#ifndef OWNMAP_RTL_SYSTEM_H
#define OWNMAP_RTL_SYSTEM_H

#include <stddef.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static inline ssize_t om_system_write(int fd, const void *buffer, size_t length) {
  return syscall(SYS_write, fd, buffer, length);
}

static inline ssize_t om_system_read(int fd, void *buffer, size_t length) {
  return syscall(SYS_read, fd, buffer, length);
}

#endif
