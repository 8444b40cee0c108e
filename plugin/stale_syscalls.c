/* stale_syscalls.c - the interposed functions that keep the plugin's
 * protected host memory (the stale-data check, stale.c; transfer elision,
 * residency.c) from changing the program's behaviour: system calls that
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

/* ---- the host writes the buffer ---- */

OM_EXPORT ssize_t read(int fd, void *buffer, size_t length) {
  host_access(buffer, length, true, BY("read"));
  return OM_REAL(read)(fd, buffer, length);
}

OM_EXPORT ssize_t __read_chk(int fd, void *buffer, size_t length, size_t buffer_length) {
  host_access(buffer, length, true, BY("read"));
  return OM_REAL(__read_chk)(fd, buffer, length, buffer_length);
}

OM_EXPORT ssize_t pread(int fd, void *buffer, size_t length, off_t offset) {
  host_access(buffer, length, true, BY("pread"));
  return OM_REAL(pread)(fd, buffer, length, offset);
}
OM_EXPORT_ALIAS(pread) ssize_t pread64(int fd, void *buffer, size_t length, off_t offset);

OM_EXPORT ssize_t __pread_chk(int fd, void *buffer, size_t length, off_t offset,
                              size_t buffer_length) {
  host_access(buffer, length, true, BY("pread"));
  return OM_REAL(__pread_chk)(fd, buffer, length, offset, buffer_length);
}
OM_EXPORT_ALIAS(__pread_chk)
ssize_t __pread64_chk(int fd, void *buffer, size_t length, off_t offset, size_t buffer_length);

OM_EXPORT ssize_t readv(int fd, const struct iovec *vector, int count) {
  vector_access(vector, count, true, BY("readv"));
  return OM_REAL(readv)(fd, vector, count);
}

OM_EXPORT ssize_t preadv(int fd, const struct iovec *vector, int count, off_t offset) {
  vector_access(vector, count, true, BY("preadv"));
  return OM_REAL(preadv)(fd, vector, count, offset);
}
OM_EXPORT_ALIAS(preadv)
ssize_t preadv64(int fd, const struct iovec *vector, int count, off_t offset);

OM_EXPORT ssize_t preadv2(int fd, const struct iovec *vector, int count, off_t offset,
                          int flags) {
  vector_access(vector, count, true, BY("preadv2"));
  return OM_REAL(preadv2)(fd, vector, count, offset, flags);
}
OM_EXPORT_ALIAS(preadv2)
ssize_t preadv64v2(int fd, const struct iovec *vector, int count, off_t offset, int flags);

OM_EXPORT ssize_t recv(int fd, void *buffer, size_t length, int flags) {
  host_access(buffer, length, true, BY("recv"));
  return OM_REAL(recv)(fd, buffer, length, flags);
}

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

OM_EXPORT size_t fread(void *buffer, size_t size, size_t count, FILE *stream) {
  host_access(buffer, size * count, true, BY("fread"));
  return OM_REAL(fread)(buffer, size, count, stream);
}

OM_EXPORT size_t __fread_chk(void *buffer, size_t buffer_length, size_t size, size_t count,
                             FILE *stream) {
  host_access(buffer, size * count, true, BY("fread"));
  return OM_REAL(__fread_chk)(buffer, buffer_length, size, count, stream);
}

OM_EXPORT size_t fread_unlocked(void *buffer, size_t size, size_t count, FILE *stream) {
  host_access(buffer, size * count, true, BY("fread_unlocked"));
  return OM_REAL(fread_unlocked)(buffer, size, count, stream);
}

OM_EXPORT size_t __fread_unlocked_chk(void *buffer, size_t buffer_length, size_t size,
                                      size_t count, FILE *stream) {
  host_access(buffer, size * count, true, BY("fread_unlocked"));
  return OM_REAL(__fread_unlocked_chk)(buffer, buffer_length, size, count, stream);
}

/* ---- the host reads the buffer ---- */

OM_EXPORT ssize_t write(int fd, const void *buffer, size_t length) {
  host_access(buffer, length, false, BY("write"));
  return OM_REAL(write)(fd, buffer, length);
}

OM_EXPORT ssize_t pwrite(int fd, const void *buffer, size_t length, off_t offset) {
  host_access(buffer, length, false, BY("pwrite"));
  return OM_REAL(pwrite)(fd, buffer, length, offset);
}
OM_EXPORT_ALIAS(pwrite)
ssize_t pwrite64(int fd, const void *buffer, size_t length, off_t offset);

OM_EXPORT ssize_t writev(int fd, const struct iovec *vector, int count) {
  vector_access(vector, count, false, BY("writev"));
  return OM_REAL(writev)(fd, vector, count);
}

OM_EXPORT ssize_t pwritev(int fd, const struct iovec *vector, int count, off_t offset) {
  vector_access(vector, count, false, BY("pwritev"));
  return OM_REAL(pwritev)(fd, vector, count, offset);
}
OM_EXPORT_ALIAS(pwritev)
ssize_t pwritev64(int fd, const struct iovec *vector, int count, off_t offset);

OM_EXPORT ssize_t pwritev2(int fd, const struct iovec *vector, int count, off_t offset,
                           int flags) {
  vector_access(vector, count, false, BY("pwritev2"));
  return OM_REAL(pwritev2)(fd, vector, count, offset, flags);
}
OM_EXPORT_ALIAS(pwritev2)
ssize_t pwritev64v2(int fd, const struct iovec *vector, int count, off_t offset, int flags);

OM_EXPORT ssize_t send(int fd, const void *buffer, size_t length, int flags) {
  host_access(buffer, length, false, BY("send"));
  return OM_REAL(send)(fd, buffer, length, flags);
}

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

OM_EXPORT size_t fwrite(const void *buffer, size_t size, size_t count, FILE *stream) {
  host_access(buffer, size * count, false, BY("fwrite"));
  return OM_REAL(fwrite)(buffer, size, count, stream);
}

OM_EXPORT size_t fwrite_unlocked(const void *buffer, size_t size, size_t count, FILE *stream) {
  host_access(buffer, size * count, false, BY("fwrite_unlocked"));
  return OM_REAL(fwrite_unlocked)(buffer, size, count, stream);
}
