// Kernel results the plugin keeps on the device (under OWNMAP_ELIDE=lazy
// the host pages are protected until touched) reach the vector, message and
// unlocked stdio calls complete, and what those calls write into a held
// block reaches the next kernel: none of them may fail with EFAULT or lose
// data. The message buffers, names, control data, msghdr and mmsghdr arrays
// lie in held blocks too. Built a second time with 64-bit offsets and the
// checking forms of fortified builds, where the same source calls other
// names (preadv64, __read_chk, ...). Under OWNMAP_CHECKS=full, the
// stale-data check reports a vector call on a stale buffer instead of
// letting it fail.
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t 2>%t.err
// RUN: FileCheck --check-prefix=STALE %s < %t.err
// RUN: %clang-offload -D_FILE_OFFSET_BITS=64 -D_FORTIFY_SOURCE=2 -DCHECKING_FORMS %s \
// RUN:   -o %t.other-names
// RUN: llvm-nm -u %t.other-names | FileCheck --check-prefix=NAMES %s
// RUN: %compare-with-plugin %t.other-names
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t.other-names
//
// NAMES-DAG: U __read_chk@
// NAMES-DAG: U __pread64_chk@
// NAMES-DAG: U __recv_chk@
// NAMES-DAG: U __recvfrom_chk@
// NAMES-DAG: U __fread_chk@
// NAMES-DAG: U __fread_unlocked_chk@
// NAMES-DAG: U pwrite64@
// NAMES-DAG: U preadv64@
// NAMES-DAG: U preadv64v2@
// NAMES-DAG: U pwritev64@
// NAMES-DAG: U pwritev64v2@

#define _GNU_SOURCE // sendmmsg, recvmmsg
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>

#ifdef CHECKING_FORMS
// What a build with GCC's -D_FORTIFY_SOURCE calls where it knows the
// buffer's size (clang 19 calls the plain forms with this glibc, whose
// headers declare the checking forms under _FORTIFY_SOURCE). Every buffer
// here has room for the length asked and one double more.
#define ROOM(length) ((length) + sizeof(double))
#define read(fd, buffer, length) __read_chk(fd, buffer, length, ROOM(length))
#define pread(fd, buffer, length, offset)                                                  \
  __pread64_chk(fd, buffer, length, offset, ROOM(length))
#define recv(fd, buffer, length, flags) __recv_chk(fd, buffer, length, ROOM(length), flags)
#define recvfrom(fd, buffer, length, flags, address, address_length)                       \
  __recvfrom_chk(fd, buffer, length, ROOM(length), flags, address, address_length)
#define fread(buffer, size, count, stream)                                                 \
  __fread_chk(buffer, ROOM((size) * (count)), size, count, stream)
#undef fread_unlocked
#define fread_unlocked(buffer, size, count, stream)                                        \
  __fread_unlocked_chk(buffer, ROOM((size) * (count)), size, count, stream)
#endif

enum {
  N = 1 << 18,     // 2 MiB of doubles per block
  CHUNK = 1 << 15, // doubles in one of the plugin's 256 KiB chunks
  PACKET = 1 << 12 // doubles in one datagram (32 KiB)
};
static const size_t BYTES = N * sizeof(double);

static void fail(const char *what) {
  perror(what);
  exit(1);
}

// The kernel changes v[low:high) on the device; all of v comes back.
static void bump(double *v, int low, int high, int by) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:N])
  for (int i = low; i < high; i++)
    v[i] += by * (i % 7 + 1);
}

// Fills a fresh block and leaves it held, the device's copy the newer.
static void start(double *v, int seed) {
  if (v == NULL)
    fail("malloc");
  for (int i = 0; i < N; i++)
    v[i] = (i + seed) % 13;
  bump(v, 0, N, seed);
}

// Integer-valued, so the order of the reduction does not matter.
static long device_sum(const double *v) {
  long sum = 0;
#pragma omp target teams distribute parallel for map(to: v[0:N]) reduction(+: sum)
  for (int i = 0; i < N; i++)
    sum += (long)v[i] * (i % 5 + 1);
  return sum;
}

static long host_sum(const double *v) {
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += (long)v[i] * (i % 5 + 1);
  return sum;
}

// A kernel reads v first (it must see what the host's call wrote), then
// the host.
static void report(const char *what, const double *v) {
  long device = device_sum(v);
  printf("%s: device %ld host %ld\n", what, device, host_sum(v));
}

// A place inside the k-th chunk of v, away from its edges.
static void *in_chunk(double *v, int k) { return v + k * CHUNK + 1000; }

static void vectors_on_a_file(int fd) {
  double *a = malloc(BYTES), *b = malloc(BYTES);
  start(a, 1);
  start(b, 2);
  char header[8] = "ownmap\n";
  struct iovec halves_swapped[3] = {
      {header, sizeof header}, {a + N / 2, BYTES / 2}, {a, BYTES / 2}};
  if (writev(fd, halves_swapped, 3) != (ssize_t)(sizeof header + BYTES))
    fail("writev");
  bump(a, 0, N, 3);
  struct iovec uneven[2] = {{a, BYTES / 4}, {a + N / 4, 3 * BYTES / 4}};
  if (pwritev(fd, uneven, 2, sizeof header + BYTES) != (ssize_t)BYTES)
    fail("pwritev");
  struct iovec halves_back[2] = {{b + N / 2, BYTES / 2}, {b, BYTES / 2}};
  if (preadv(fd, halves_back, 2, sizeof header) != (ssize_t)BYTES)
    fail("preadv");
  report("writev, pwritev, preadv", b);

  bump(b, 0, N, 4);
  // Only the file's last eighth is left: the rest of b keeps the kernel's
  // results.
  if (lseek(fd, sizeof header + 2 * BYTES - BYTES / 8, SEEK_SET) < 0)
    fail("lseek");
  struct iovec short_read[2] = {{b + N / 4, BYTES / 2}, {b + 3 * N / 4, BYTES / 4}};
  if (readv(fd, short_read, 2) != (ssize_t)(BYTES / 8))
    fail("readv");
  report("short readv", b);

  bump(a, 0, N, 5);
  bump(b, 0, N, 6);
  struct iovec whole_b = {b, BYTES}, whole_a = {a, BYTES};
  if (pwritev2(fd, &whole_b, 1, sizeof header, 0) != (ssize_t)BYTES)
    fail("pwritev2");
  if (preadv2(fd, &whole_a, 1, sizeof header, 0) != (ssize_t)BYTES)
    fail("preadv2");
  report("pwritev2, preadv2", a);
  free(a);
  free(b);
}

typedef struct {
  int fd;
  double *data;
  bool use_sendto;
  bool sent;
} sender;

static void *send_block(void *argument) {
  sender *to = argument;
  struct iovec halves_swapped[2] = {{to->data + N / 2, BYTES / 2}, {to->data, BYTES / 2}};
  struct msghdr message = {.msg_iov = halves_swapped, .msg_iovlen = 2};
  ssize_t sent = to->use_sendto ? sendto(to->fd, to->data, BYTES, 0, NULL, 0)
                                : sendmsg(to->fd, &message, 0);
  to->sent = sent == (ssize_t)BYTES;
  return NULL;
}

// A block through a stream socket: more than its buffer holds, so a
// thread sends while the main thread receives.
static void receive_block(int fds[2], double *from, bool use_sendto, double *into) {
  sender to = {fds[0], from, use_sendto, false};
  pthread_t thread;
  if (pthread_create(&thread, NULL, send_block, &to) != 0)
    fail("pthread_create");
  struct iovec quarters[2] = {{into, BYTES / 4}, {into + N / 4, 3 * BYTES / 4}};
  struct msghdr message = {.msg_iov = quarters, .msg_iovlen = 2};
  ssize_t got = use_sendto ? recvfrom(fds[1], into, BYTES, MSG_WAITALL, NULL, NULL)
                           : recvmsg(fds[1], &message, MSG_WAITALL);
  pthread_join(thread, NULL);
  if (got != (ssize_t)BYTES || !to.sent)
    fail(use_sendto ? "sendto/recvfrom" : "sendmsg/recvmsg");
}

static void messages_on_a_stream(void) {
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0)
    fail("socketpair");
  double *a = malloc(BYTES), *b = malloc(BYTES);
  start(a, 7);
  start(b, 8);
  receive_block(fds, a, false, b);
  report("sendmsg, recvmsg", b);
  bump(a, 0, N, 9);
  bump(b, 0, N, 10);
  receive_block(fds, a, true, b);
  report("sendto, recvfrom", b);
  close(fds[0]);
  close(fds[1]);
  free(a);
  free(b);
}

static bool same_file(int one, int other) {
  struct stat first, second;
  return fstat(one, &first) == 0 && fstat(other, &second) == 0 &&
         first.st_dev == second.st_dev && first.st_ino == second.st_ino;
}

// Datagrams whose names, control data and headers lie in held block c
// too: built by the host, then a kernel that leaves them alone makes all
// of c device-newer (protected again under lazy).
static void messages_with_names(int file) {
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_DGRAM, 0, fds) != 0)
    fail("socketpair");
  struct sockaddr_un sender_name = {.sun_family = AF_UNIX}; // the kernel picks an abstract name
  socklen_t sender_length = sizeof sender_name;
  if (bind(fds[0], (struct sockaddr *)&sender_name, sizeof(sa_family_t)) != 0 ||
      getsockname(fds[0], (struct sockaddr *)&sender_name, &sender_length) != 0)
    fail("bind");
  double *a = malloc(BYTES), *b = malloc(BYTES), *c = malloc(BYTES);
  start(a, 11);
  start(b, 12);
  start(c, 13);

  // sendmsg passes the file's descriptor; recvmsg takes name and control.
  union {
    struct cmsghdr header;
    char bytes[CMSG_SPACE(sizeof(int))];
  } *passed = in_chunk(c, 2), *taken = in_chunk(c, 3);
  memset(passed, 0, sizeof *passed);
  passed->header = (struct cmsghdr){.cmsg_len = CMSG_LEN(sizeof(int)),
                                    .cmsg_level = SOL_SOCKET,
                                    .cmsg_type = SCM_RIGHTS};
  memcpy(CMSG_DATA(&passed->header), &file, sizeof file);
  struct sockaddr_un *name = in_chunk(c, 4);
  struct iovec *into = in_chunk(c, 5);
  *into = (struct iovec){b + N / 2, PACKET * sizeof(double)};
  struct msghdr *received = in_chunk(c, 6);
  *received = (struct msghdr){.msg_name = name,
                              .msg_namelen = sizeof *name,
                              .msg_iov = into,
                              .msg_iovlen = 1,
                              .msg_control = taken,
                              .msg_controllen = sizeof *taken};
  bump(c, 0, CHUNK, 14);
  struct iovec from = {a + N / 4, PACKET * sizeof(double)};
  struct msghdr message = {
      .msg_iov = &from, .msg_iovlen = 1, .msg_control = passed, .msg_controllen = sizeof *passed};
  if (sendmsg(fds[0], &message, 0) != (ssize_t)from.iov_len)
    fail("sendmsg");
  if (recvmsg(fds[1], received, 0) != (ssize_t)from.iov_len || received->msg_flags != 0)
    fail("recvmsg");
  struct cmsghdr *control = CMSG_FIRSTHDR(received);
  int descriptor = -1;
  if (control != NULL && control->cmsg_level == SOL_SOCKET && control->cmsg_type == SCM_RIGHTS)
    memcpy(&descriptor, CMSG_DATA(control), sizeof descriptor);
  bool name_right = received->msg_namelen == sender_length &&
                    memcmp(name, &sender_name, sender_length) == 0;
  printf("datagram name %s, descriptor %s\n", name_right ? "right" : "wrong",
         same_file(descriptor, file) ? "right" : "wrong");
  close(descriptor);
  report("sendmsg, recvmsg with name and control", b);

  // recvfrom writes the sender's name into c.
  bump(a, 0, N, 15);
  bump(b, 0, N, 16);
  bump(c, 0, CHUNK, 17);
  socklen_t name_length = sizeof *name;
  if (sendto(fds[0], a + N / 8, PACKET * sizeof(double), 0, NULL, 0) !=
          (ssize_t)(PACKET * sizeof(double)) ||
      recvfrom(fds[1], b + N / 8, PACKET * sizeof(double), 0, (struct sockaddr *)name,
               &name_length) != (ssize_t)(PACKET * sizeof(double)))
    fail("sendto/recvfrom");
  printf("recvfrom name %s\n",
         name_length == sender_length && memcmp(name, &sender_name, sender_length) == 0
             ? "right"
             : "wrong");
  report("sendto, recvfrom with name", b);

  // sendmmsg and recvmmsg: four datagrams each, the receiving headers in c.
  enum { COUNT = 4 };
  bump(a, 0, N, 18);
  bump(b, 0, N, 19);
  struct mmsghdr sent[COUNT], *incoming = in_chunk(c, 7);
  struct iovec parts[COUNT], *places = (struct iovec *)(incoming + COUNT);
  for (int i = 0; i < COUNT; i++) {
    parts[i] = (struct iovec){a + i * N / COUNT, PACKET * sizeof(double)};
    places[i] = (struct iovec){b + (COUNT - 1 - i) * N / COUNT + 100, PACKET * sizeof(double)};
    sent[i] = (struct mmsghdr){.msg_hdr = {.msg_iov = &parts[i], .msg_iovlen = 1}};
    incoming[i] = (struct mmsghdr){.msg_hdr = {.msg_iov = &places[i], .msg_iovlen = 1}};
  }
  bump(c, 0, CHUNK, 20);
  if (sendmmsg(fds[0], sent, COUNT, 0) != COUNT ||
      recvmmsg(fds[1], incoming, COUNT, 0, NULL) != COUNT)
    fail("sendmmsg/recvmmsg");
  for (int i = 0; i < COUNT; i++)
    if (sent[i].msg_len != PACKET * sizeof(double) || incoming[i].msg_len != sent[i].msg_len)
      fail("sendmmsg/recvmmsg lengths");
  report("sendmmsg, recvmmsg", b);
  close(fds[0]);
  close(fds[1]);
  free(a);
  free(b);
  free(c);
}

// The unlocked stdio calls, and the plain forms again (checking forms in
// the second build).
static void stdio_and_plain(const char *path) {
  double *a = malloc(BYTES), *b = malloc(BYTES);
  start(a, 21);
  start(b, 22);
  FILE *file = fopen(path, "w+b");
  if (file == NULL)
    fail("fopen");
  size_t count = fwrite_unlocked(a, sizeof *a, N, file);
  if (count != N || fflush(file) != 0)
    fail("fwrite_unlocked");
  rewind(file);
  if (fread_unlocked(b, sizeof *b, count / 2, file) != count / 2) // half from the file
    fail("fread_unlocked");
  report("fwrite_unlocked, fread_unlocked", b);

  bump(a, 0, N, 23);
  bump(b, 0, N, 24);
  rewind(file);
  if (fread(b + N / 4, sizeof *b, count / 4, file) != count / 4)
    fail("fread");
  int fd = fileno(file);
  ssize_t written = pwrite(fd, a, BYTES, 0);
  if (written != (ssize_t)BYTES)
    fail("pwrite");
  if (pread(fd, b + N / 2, written / 4, 0) != written / 4)
    fail("pread");
  if (lseek(fd, written / 2, SEEK_SET) < 0 || read(fd, b, written / 8) != written / 8)
    fail("read");
  fclose(file);
  report("fread, pwrite, pread, read", b);

  int fds[2];
  if (socketpair(AF_UNIX, SOCK_DGRAM, 0, fds) != 0)
    fail("socketpair");
  bump(a, 0, N, 25);
  bump(b, 0, N, 26);
  size_t packet = written / (N / PACKET);
  if (send(fds[0], a, packet, 0) != (ssize_t)packet ||
      recv(fds[1], b + N / 2, packet, 0) != (ssize_t)packet ||
      send(fds[0], a + N / 2, packet, 0) != (ssize_t)packet ||
      recvfrom(fds[1], b, packet, 0, NULL, NULL) != (ssize_t)packet)
    fail("send/recv");
  close(fds[0]);
  close(fds[1]);
  report("send, recv, recvfrom", b);
  free(a);
  free(b);
}

// The stale-data check (OWNMAP_CHECKS=full) guards a buffer the program
// keeps mapped; vector calls on it are reported, not failed.
static void stale_vectors(int fd) {
  enum { M = 1 << 14 };
  double *s = malloc(M * sizeof *s);
  for (int i = 0; i < M; i++)
    s[i] = i % 11;
  struct iovec all = {s, M * sizeof *s};
#pragma omp target enter data map(to: s[0:M])
  // STALE: ownmap: warning: s[0:M] {{.*}} is read by writev() (at 0x{{[0-9a-f]+}})
#pragma omp target teams distribute parallel for map(tofrom: s[0:M])
  for (int i = 0; i < M; i++)
    s[i] += 1;
  if (lseek(fd, 0, SEEK_SET) < 0 || writev(fd, &all, 1) != (ssize_t)all.iov_len)
    fail("writev");
  // STALE: ownmap: warning: s[0:M] {{.*}} is written by readv() (at 0x{{[0-9a-f]+}})
#pragma omp target teams distribute parallel for map(tofrom: s[0:M])
  for (int i = 0; i < M; i++)
    s[i] += 2;
  if (lseek(fd, 0, SEEK_SET) < 0 || readv(fd, &all, 1) != (ssize_t)all.iov_len)
    fail("readv");
#pragma omp target exit data map(release: s[0:M])
  long sum = 0;
  for (int i = 0; i < M; i++)
    sum += (long)s[i] * (i % 5 + 1);
  printf("stale buffer: host %ld\n", sum);
  free(s);
}

int main(void) {
  char path[] = "/tmp/elide-vector-io.XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    fail("mkstemp");
  vectors_on_a_file(fd);
  messages_on_a_stream();
  messages_with_names(fd);
  stdio_and_plain(path);
  stale_vectors(fd);
  close(fd);
  unlink(path);
  return 0;
}
