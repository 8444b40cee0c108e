/* stale_syscalls.c - the interposed functions that keep the plugin's
 * protected host memory (the stale-data check, stale.c; transfer elision,
 * residency.h) from changing the program's behaviour: system calls that
 * write into memory or read from it get complete, accessible buffers first,
 * so they never fail (signals.c keeps the plugin's SIGSEGV handler
 * reachable).
 *
 * Covered: the plain, positioned, vector and message forms of reading and
 * writing, their 64-bit-offset names (what -D_FILE_OFFSET_BITS=64 calls),
 * the fortified forms that check the buffer length (-D_FORTIFY_SOURCE), and
 * the stdio calls that move large requests with a system call straight from
 * or into the caller's buffer (fread, fwrite and their _unlocked forms).
 * Other stdio readers (fgets, getline, fscanf) copy through the stream's
 * buffer in user space, where the fault handler sees them. */
#include "faults.h"
#include "real.h"
#include "residency.h"
#include "stale.h"

#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/* glibc's inline versions for small constant sizes, when optimising: this
 * file defines the functions themselves. */
#undef fread_unlocked
#undef fwrite_unlocked

#define OM_EXPORT __attribute__((visibility("default")))

/* A second exported name for the wrapper `target`: the 64-bit-offset names
 * are the same functions in glibc on LP64, so one wrapper serves both. */
#define OM_EXPORT_ALIAS(target) OM_EXPORT __attribute__((alias(#target)))
_Static_assert(sizeof(off_t) == sizeof(off64_t), "the 64-bit-offset names need their own wrappers");

/* The fortified forms glibc's headers call when they know the buffer's size
 * (declared there only under _FORTIFY_SOURCE). */
ssize_t __read_chk(int fd, void *buffer, size_t length, size_t buffer_length);
ssize_t __pread_chk(int fd, void *buffer, size_t length, off_t offset, size_t buffer_length);
ssize_t __recv_chk(int fd, void *buffer, size_t length, size_t buffer_length, int flags);
ssize_t __recvfrom_chk(int fd, void *buffer, size_t length, size_t buffer_length, int flags,
                       struct sockaddr *address, socklen_t *address_length);
size_t __fread_chk(void *buffer, size_t buffer_length, size_t size, size_t count, FILE *stream);
size_t __fread_unlocked_chk(void *buffer, size_t buffer_length, size_t size, size_t count,
                            FILE *stream);

/* ---- making the caller's buffers accessible ---- */

/* How the stale check's report names a call's accesses; literals, so that
 * naming costs nothing when nothing is reported. */
typedef struct {
  const char *writes, *reads;
} access_names;
#define BY(call) (&(const access_names){"written by " call "()", "read by " call "()"})

/* A call is about to write (write true) or read [buffer, buffer + length):
 * the stale check reports and drops its guard, elision completes the
 * host's copy (and, for a write, lets the host own it, so that a short
 * transfer keeps the device's data in the rest). */
static void host_access(const void *buffer, size_t length, bool write, const access_names *call) {
  if (length == 0)
    return; /* the kernel touches nothing */
  uintptr_t begin = (uintptr_t)buffer, end = begin + length;
  om_stale_release(begin, end, write ? call->writes : call->reads);
  om_residency_host_access(begin, end, write);
}

/* Walking the caller's vectors and messages reads its memory: done only
 * while pages may be protected, so that otherwise these calls cost nothing
 * extra and an invalid pointer fails in the kernel as before (NULL always
 * does). */
static bool walk_needed(void) { return om_stale_enabled() || om_residency_holding(); }

/* Each buffer of an iovec array; the kernel reads the array itself. */
static void vector_access(const struct iovec *vector, size_t count, bool write,
                          const access_names *call) {
  if (!walk_needed() || vector == NULL || count > IOV_MAX)
    return; /* the kernel refuses more without touching memory */
  host_access(vector, count * sizeof *vector, false, call);
  for (size_t i = 0; i < count; i++)
    host_access(vector[i].iov_base, vector[i].iov_len, write, call);
}

/* A message's buffers; receiving also writes the lengths and flags back
 * into the msghdr. */
static void message_access(const struct msghdr *message, bool write, const access_names *call) {
  if (!walk_needed() || message == NULL)
    return;
  host_access(message, sizeof *message, write, call);
  host_access(message->msg_name, message->msg_namelen, write, call);
  host_access(message->msg_control, message->msg_controllen, write, call);
  vector_access(message->msg_iov, message->msg_iovlen, write, call);
}

/* recvmmsg and sendmmsg: the kernel writes each msg_len and handles at most
 * IOV_MAX messages. */
static void messages_access(const struct mmsghdr *messages, unsigned int count, bool write,
                            const access_names *call) {
  if (!walk_needed() || messages == NULL)
    return;
  count = count < IOV_MAX ? count : IOV_MAX;
  host_access(messages, count * sizeof *messages, true, call);
  for (unsigned int i = 0; i < count; i++)
    message_access(&messages[i].msg_hdr, write, call);
}

/* The sender's address recvfrom writes, and its length (in and out). */
static void address_access(const struct sockaddr *address, socklen_t *length,
                           const access_names *call) {
  if (!walk_needed() || address == NULL || length == NULL)
    return;
  host_access(length, sizeof *length, true, call);
  host_access(address, *length, true, call);
}

/* ---- the calls with a twin ----
 *
 * A call that writes into its buffers and its twin that reads them, with
 * the same parameters but for the buffer's const: read and write, pread
 * and pwrite, recv and send, readv and writev and their positioned forms,
 * fread and fwrite. One line makes both interposers; `more_params` and
 * `more_args` are the parameters after the buffer's length (or the list's
 * count), in parentheses with a leading comma, and the same as arguments. */
#define OM_SPLICE(...) __VA_ARGS__

#define OM_BUFFER_CALL(name, buffer_type, write, more_params, more_args)                 \
  OM_EXPORT ssize_t name(int fd, buffer_type buffer,                                     \
                         size_t length OM_SPLICE more_params) {                          \
    host_access(buffer, length, write, BY(#name));                                       \
    return OM_REAL(name)(fd, buffer, length OM_SPLICE more_args);                        \
  }
#define OM_BUFFER_CALLS(reader, writer, more_params, more_args)                          \
  OM_BUFFER_CALL(reader, void *, true, more_params, more_args)                           \
  OM_BUFFER_CALL(writer, const void *, false, more_params, more_args)

#define OM_VECTOR_CALL(name, write, more_params, more_args)                              \
  OM_EXPORT ssize_t name(int fd, const struct iovec *vector,                             \
                         int count OM_SPLICE more_params) {                              \
    vector_access(vector, count, write, BY(#name));                                      \
    return OM_REAL(name)(fd, vector, count OM_SPLICE more_args);                         \
  }
#define OM_VECTOR_CALLS(reader, writer, more_params, more_args)                          \
  OM_VECTOR_CALL(reader, true, more_params, more_args)                                   \
  OM_VECTOR_CALL(writer, false, more_params, more_args)

#define OM_STREAM_CALL(name, buffer_type, write)                                         \
  OM_EXPORT size_t name(buffer_type buffer, size_t size, size_t count, FILE *stream) {   \
    host_access(buffer, size * count, write, BY(#name));                                 \
    return OM_REAL(name)(buffer, size, count, stream);                                   \
  }
#define OM_STREAM_CALLS(reader, writer)                                                  \
  OM_STREAM_CALL(reader, void *, true) OM_STREAM_CALL(writer, const void *, false)

OM_BUFFER_CALLS(read, write, (), ())
OM_BUFFER_CALLS(pread, pwrite, (, off_t offset), (, offset))
OM_BUFFER_CALLS(recv, send, (, int flags), (, flags))
OM_VECTOR_CALLS(readv, writev, (), ())
OM_VECTOR_CALLS(preadv, pwritev, (, off_t offset), (, offset))
OM_VECTOR_CALLS(preadv2, pwritev2, (, off_t offset, int flags), (, offset, flags))
OM_STREAM_CALLS(fread, fwrite)
OM_STREAM_CALLS(fread_unlocked, fwrite_unlocked)

OM_EXPORT_ALIAS(pread) ssize_t pread64(int fd, void *buffer, size_t length, off_t offset);
OM_EXPORT_ALIAS(pwrite)
ssize_t pwrite64(int fd, const void *buffer, size_t length, off_t offset);
OM_EXPORT_ALIAS(preadv)
ssize_t preadv64(int fd, const struct iovec *vector, int count, off_t offset);
OM_EXPORT_ALIAS(pwritev)
ssize_t pwritev64(int fd, const struct iovec *vector, int count, off_t offset);
OM_EXPORT_ALIAS(preadv2)
ssize_t preadv64v2(int fd, const struct iovec *vector, int count, off_t offset, int flags);
OM_EXPORT_ALIAS(pwritev2)
ssize_t pwritev64v2(int fd, const struct iovec *vector, int count, off_t offset, int flags);

/* ---- the others: the host writes the buffer ---- */

OM_EXPORT ssize_t __read_chk(int fd, void *buffer, size_t length, size_t buffer_length) {
  host_access(buffer, length, true, BY("read"));
  return OM_REAL(__read_chk)(fd, buffer, length, buffer_length);
}

OM_EXPORT ssize_t __pread_chk(int fd, void *buffer, size_t length, off_t offset,
                              size_t buffer_length) {
  host_access(buffer, length, true, BY("pread"));
  return OM_REAL(__pread_chk)(fd, buffer, length, offset, buffer_length);
}
OM_EXPORT_ALIAS(__pread_chk)
ssize_t __pread64_chk(int fd, void *buffer, size_t length, off_t offset, size_t buffer_length);

OM_EXPORT ssize_t __recv_chk(int fd, void *buffer, size_t length, size_t buffer_length,
                             int flags) {
  host_access(buffer, length, true, BY("recv"));
  return OM_REAL(__recv_chk)(fd, buffer, length, buffer_length, flags);
}

OM_EXPORT ssize_t recvfrom(int fd, void *buffer, size_t length, int flags,
                           struct sockaddr *address, socklen_t *address_length) {
  host_access(buffer, length, true, BY("recvfrom"));
  address_access(address, address_length, BY("recvfrom"));
  return OM_REAL(recvfrom)(fd, buffer, length, flags, address, address_length);
}

OM_EXPORT ssize_t __recvfrom_chk(int fd, void *buffer, size_t length, size_t buffer_length,
                                 int flags, struct sockaddr *address,
                                 socklen_t *address_length) {
  host_access(buffer, length, true, BY("recvfrom"));
  address_access(address, address_length, BY("recvfrom"));
  return OM_REAL(__recvfrom_chk)(fd, buffer, length, buffer_length, flags, address,
                              address_length);
}

OM_EXPORT ssize_t recvmsg(int fd, struct msghdr *message, int flags) {
  message_access(message, true, BY("recvmsg"));
  return OM_REAL(recvmsg)(fd, message, flags);
}

OM_EXPORT int recvmmsg(int fd, struct mmsghdr *messages, unsigned int count, int flags,
                       struct timespec *timeout) {
  messages_access(messages, count, true, BY("recvmmsg"));
  if (timeout != NULL) /* the kernel writes the time left back */
    host_access(timeout, sizeof *timeout, true, BY("recvmmsg"));
  return OM_REAL(recvmmsg)(fd, messages, count, flags, timeout);
}

OM_EXPORT size_t __fread_chk(void *buffer, size_t buffer_length, size_t size, size_t count,
                             FILE *stream) {
  host_access(buffer, size * count, true, BY("fread"));
  return OM_REAL(__fread_chk)(buffer, buffer_length, size, count, stream);
}

OM_EXPORT size_t __fread_unlocked_chk(void *buffer, size_t buffer_length, size_t size,
                                      size_t count, FILE *stream) {
  host_access(buffer, size * count, true, BY("fread_unlocked"));
  return OM_REAL(__fread_unlocked_chk)(buffer, buffer_length, size, count, stream);
}

/* ---- the others: the host reads the buffer ---- */

OM_EXPORT ssize_t sendto(int fd, const void *buffer, size_t length, int flags,
                         const struct sockaddr *address, socklen_t address_length) {
  host_access(buffer, length, false, BY("sendto"));
  host_access(address, address_length, false, BY("sendto"));
  return OM_REAL(sendto)(fd, buffer, length, flags, address, address_length);
}

OM_EXPORT ssize_t sendmsg(int fd, const struct msghdr *message, int flags) {
  message_access(message, false, BY("sendmsg"));
  return OM_REAL(sendmsg)(fd, message, flags);
}

OM_EXPORT int sendmmsg(int fd, struct mmsghdr *messages, unsigned int count, int flags) {
  messages_access(messages, count, false, BY("sendmmsg"));
  return OM_REAL(sendmmsg)(fd, messages, count, flags);
}
