/* mpi.c - MPI's calls that hand the program's buffers to a transport,
 * interposed (as a PMPI tool would) so that the pages the plugin protects
 * (transfer elision, residency.h; the stale check, stale.c) never make a
 * transport fail or miss a write.
 *
 * Why here, and not in the system calls: transports touch the buffers of
 * an operation from outside the process's threads, where no fault is
 * seen: Open MPI's shared memory copies large messages with
 * process_vm_readv from the *other* process (which fails with EFAULT on a
 * protected page, "Read -1, expected N, errno = 14"), network cards by
 * DMA (which would write a read-only page unseen). Each transport has its
 * own path, but every one starts at an MPI call that names the buffer and
 * ends when the operation is complete. So each wrapper exposes its buffers
 * (om_residency_expose) before the real call: the host's copy is completed
 * (made writable and newer on the host, for a buffer MPI writes) and no
 * chunk they meet is protected again until the operation completes: at
 * the call's return for blocking calls, at the MPI_Wait or MPI_Test that
 * completes the request for nonblocking ones, at MPI_Request_free for
 * persistent ones. Blocks that are never communicated, and the chunks of
 * communicated blocks that no buffer meets, keep elision: a halo exchange
 * moves only the chunks of its halo rows (test/bench/mpi-bench).
 *
 * (The alternatives, never holding a block that MPI touched or no page
 * protection in processes that load MPI, leave the whole of every
 * communicated array to the runtime, which copies it both ways around
 * every kernel: the naive halo-exchange benchmark then copies as much as
 * without the plugin; docs/plugin.md, "MPI programs", has the numbers.)
 *
 * The wrappers are defined whether or not MPI is loaded; they run only
 * when the program calls MPI, and forward to the next definition (the MPI
 * library's, or another PMPI tool's). No MPI header is needed: handles
 * (communicators, datatypes, operations) are passed on as one word, which
 * on x86-64 carries Open MPI's pointers and MPICH's ints alike; arrays of
 * requests are read with the width of the loaded library's handles.
 *
 * Covered (C bindings): MPI_Send, MPI_Bsend, MPI_Ssend, MPI_Rsend,
 * MPI_Recv, MPI_Sendrecv, MPI_Sendrecv_replace; MPI_Isend, MPI_Ibsend,
 * MPI_Issend, MPI_Irsend, MPI_Irecv; the persistent MPI_Send_init,
 * MPI_Bsend_init, MPI_Ssend_init, MPI_Rsend_init, MPI_Recv_init; their
 * completion by MPI_Wait, MPI_Waitall, MPI_Waitany, MPI_Waitsome, MPI_Test,
 * MPI_Testall, MPI_Testany, MPI_Testsome, MPI_Request_free; the blocking
 * collectives MPI_Bcast, MPI_Reduce, MPI_Allreduce, MPI_Scan, MPI_Exscan,
 * MPI_Gather, MPI_Scatter, MPI_Allgather, MPI_Alltoall,
 * MPI_Reduce_scatter_block, MPI_Gatherv, MPI_Scatterv, MPI_Allgatherv,
 * MPI_Alltoallv. */
#include "real.h"
#include "residency.h"
#include "stale.h"

#include <stdlib.h>

#define OM_EXPORT __attribute__((visibility("default")))

/* MPI_Comm, MPI_Datatype, MPI_Op, MPI_Request, MPI_Message: one word. */
typedef uintptr_t om_mpi_handle;
typedef void om_mpi_status; /* MPI_Status: passed on only */
typedef long om_mpi_aint;   /* MPI_Aint: a pointer-sized signed integer in both */

/* The declarations the wrappers are checked against (OM_REAL). */
#define POINT_TO_POINT(name, qualifier)                                                  \
  int name(qualifier void *buffer, int count, om_mpi_handle type, int peer, int tag,    \
           om_mpi_handle comm)
#define NONBLOCKING(name, qualifier)                                                     \
  int name(qualifier void *buffer, int count, om_mpi_handle type, int peer, int tag,    \
           om_mpi_handle comm, void *request)
POINT_TO_POINT(MPI_Send, const);
POINT_TO_POINT(MPI_Bsend, const);
POINT_TO_POINT(MPI_Ssend, const);
POINT_TO_POINT(MPI_Rsend, const);
NONBLOCKING(MPI_Isend, const);
NONBLOCKING(MPI_Ibsend, const);
NONBLOCKING(MPI_Issend, const);
NONBLOCKING(MPI_Irsend, const);
NONBLOCKING(MPI_Irecv, );
NONBLOCKING(MPI_Send_init, const);
NONBLOCKING(MPI_Bsend_init, const);
NONBLOCKING(MPI_Ssend_init, const);
NONBLOCKING(MPI_Rsend_init, const);
NONBLOCKING(MPI_Recv_init, );
int MPI_Recv(void *buffer, int count, om_mpi_handle type, int source, int tag,
             om_mpi_handle comm, om_mpi_status *status);
int MPI_Sendrecv(const void *send, int send_count, om_mpi_handle send_type, int dest,
                 int send_tag, void *receive, int receive_count, om_mpi_handle receive_type,
                 int source, int receive_tag, om_mpi_handle comm, om_mpi_status *status);
int MPI_Sendrecv_replace(void *buffer, int count, om_mpi_handle type, int dest, int send_tag,
                         int source, int receive_tag, om_mpi_handle comm,
                         om_mpi_status *status);
int MPI_Wait(void *request, om_mpi_status *status);
int MPI_Test(void *request, int *flag, om_mpi_status *status);
int MPI_Waitall(int count, void *requests, om_mpi_status *statuses);
int MPI_Testall(int count, void *requests, int *flag, om_mpi_status *statuses);
int MPI_Waitany(int count, void *requests, int *index, om_mpi_status *status);
int MPI_Testany(int count, void *requests, int *index, int *flag, om_mpi_status *status);
int MPI_Waitsome(int count, void *requests, int *done, int *indices, om_mpi_status *statuses);
int MPI_Testsome(int count, void *requests, int *done, int *indices, om_mpi_status *statuses);
int MPI_Request_free(void *request);
int MPI_Bcast(void *buffer, int count, om_mpi_handle type, int root, om_mpi_handle comm);
#define REDUCTION(name)                                                                  \
  int name(const void *send, void *receive, int count, om_mpi_handle type, om_mpi_handle op, \
           om_mpi_handle comm)
REDUCTION(MPI_Allreduce);
REDUCTION(MPI_Scan);
REDUCTION(MPI_Exscan);
int MPI_Reduce(const void *send, void *receive, int count, om_mpi_handle type,
               om_mpi_handle op, int root, om_mpi_handle comm);
int MPI_Reduce_scatter_block(const void *send, void *receive, int count, om_mpi_handle type,
                             om_mpi_handle op, om_mpi_handle comm);
#define ROOTED(name)                                                                     \
  int name(const void *send, int send_count, om_mpi_handle send_type, void *receive,    \
           int receive_count, om_mpi_handle receive_type, int root, om_mpi_handle comm)
#define ALL_TO(name)                                                                     \
  int name(const void *send, int send_count, om_mpi_handle send_type, void *receive,    \
           int receive_count, om_mpi_handle receive_type, om_mpi_handle comm)
ROOTED(MPI_Gather);
ROOTED(MPI_Scatter);
ALL_TO(MPI_Allgather);
ALL_TO(MPI_Alltoall);
int MPI_Gatherv(const void *send, int send_count, om_mpi_handle send_type, void *receive,
                const int *receive_counts, const int *displacements,
                om_mpi_handle receive_type, int root, om_mpi_handle comm);
int MPI_Scatterv(const void *send, const int *send_counts, const int *displacements,
                 om_mpi_handle send_type, void *receive, int receive_count,
                 om_mpi_handle receive_type, int root, om_mpi_handle comm);
int MPI_Allgatherv(const void *send, int send_count, om_mpi_handle send_type, void *receive,
                   const int *receive_counts, const int *displacements,
                   om_mpi_handle receive_type, om_mpi_handle comm);
int MPI_Alltoallv(const void *send, const int *send_counts, const int *send_displacements,
                  om_mpi_handle send_type, void *receive, const int *receive_counts,
                  const int *receive_displacements, om_mpi_handle receive_type,
                  om_mpi_handle comm);

/* ---- asking the MPI library ---- */

/* The MPI library's own queries (PMPI_: never a tool's wrapper), NULL when
 * none is loaded (OM_REAL_IF_LOADED). */
int PMPI_Comm_rank(om_mpi_handle comm, int *rank);
int PMPI_Comm_size(om_mpi_handle comm, int *size);
int PMPI_Comm_test_inter(om_mpi_handle comm, int *flag);
int PMPI_Comm_remote_size(om_mpi_handle comm, int *size);
int PMPI_Type_get_extent(om_mpi_handle type, om_mpi_aint *lb, om_mpi_aint *extent);
int PMPI_Type_get_true_extent(om_mpi_handle type, om_mpi_aint *lb, om_mpi_aint *extent);

/* Bytes of a request handle: Open MPI's are pointers, MPICH's (and its
 * derivatives') ints. */
static size_t request_bytes(void) {
  static size_t bytes;
  if (bytes == 0)
    bytes = om_real_if_loaded(OM_REAL_ID_ompi_mpi_comm_world) != NULL ? sizeof(void *)
                                                                     : sizeof(int);
  return bytes;
}

static uintptr_t request_at(const void *requests, int i) {
  if (request_bytes() == sizeof(int))
    return (uintptr_t)(unsigned)((const int *)requests)[i];
  return ((const uintptr_t *)requests)[i];
}

static int own_rank(om_mpi_handle comm) {
  __typeof__(&PMPI_Comm_rank) rank = OM_REAL_IF_LOADED(PMPI_Comm_rank);
  int value = -1;
  if (rank != NULL && rank(comm, &value) != 0)
    value = -1;
  return value;
}

/* The processes a collective's per-peer buffers have a part for: the
 * remote group's size on an intercommunicator. */
static int peers(om_mpi_handle comm) {
  __typeof__(&PMPI_Comm_test_inter) inter = OM_REAL_IF_LOADED(PMPI_Comm_test_inter);
  __typeof__(&PMPI_Comm_size) size = OM_REAL_IF_LOADED(PMPI_Comm_size);
  __typeof__(&PMPI_Comm_remote_size) remote = OM_REAL_IF_LOADED(PMPI_Comm_remote_size);
  int is_inter = 0, value = 0;
  if (inter != NULL && inter(comm, &is_inter) == 0 && is_inter && remote != NULL)
    remote(comm, &value);
  else if (size != NULL)
    size(comm, &value);
  return value;
}

/* ---- the buffers of one call ---- */

enum { MAX_BUFFERS = 2 };

typedef struct {
  uintptr_t begin[MAX_BUFFERS], end[MAX_BUFFERS];
  bool write[MAX_BUFFERS];
  int count;
} call_buffers;

/* Whether pages may be protected at all: else the wrappers only forward. */
static bool protecting(void) { return om_residency_enabled() || om_stale_enabled(); }

/* MPI_BOTTOM (0) and MPI_IN_PLACE (1 in Open MPI, -1 in MPICH) are no
 * buffers. */
static bool a_buffer(const void *buffer) {
  return (uintptr_t)buffer > 1 && (uintptr_t)buffer != UINTPTR_MAX;
}

/* Adds the bytes that elements [first, first + count) of type at buffer
 * span (holes of a derived type included) to the call's write-th buffer,
 * growing it. */
static void add_elements(call_buffers *buffers, int which, const void *buffer, long first,
                         long count, om_mpi_handle type) {
  if (count <= 0 || !a_buffer(buffer))
    return;
  __typeof__(&PMPI_Type_get_extent) extent = OM_REAL_IF_LOADED(PMPI_Type_get_extent);
  __typeof__(&PMPI_Type_get_true_extent) true_extent =
      OM_REAL_IF_LOADED(PMPI_Type_get_true_extent);
  om_mpi_aint lb, step, true_lb, true_bytes;
  if (extent == NULL || true_extent == NULL || extent(type, &lb, &step) != 0 ||
      true_extent(type, &true_lb, &true_bytes) != 0 || step < 0)
    return;
  uintptr_t begin = (uintptr_t)buffer + (uintptr_t)(true_lb + first * step);
  uintptr_t end = begin + (uintptr_t)((count - 1) * step + true_bytes);
  if (buffers->begin[which] == buffers->end[which]) {
    buffers->begin[which] = begin;
    buffers->end[which] = end;
  } else {
    buffers->begin[which] = begin < buffers->begin[which] ? begin : buffers->begin[which];
    buffers->end[which] = end > buffers->end[which] ? end : buffers->end[which];
  }
}

/* A buffer of count elements: read by MPI (write false), or written. */
static void add(call_buffers *buffers, const void *buffer, long count, om_mpi_handle type,
                bool write) {
  if (buffers->count == MAX_BUFFERS || !protecting())
    return;
  int which = buffers->count++;
  buffers->begin[which] = buffers->end[which] = 0;
  buffers->write[which] = write;
  add_elements(buffers, which, buffer, 0, count, type);
}

/* A buffer with a part per peer: counts[i] elements from displacements[i]
 * (in elements) on. */
static void add_parts(call_buffers *buffers, const void *buffer, const int *counts,
                      const int *displacements, om_mpi_handle type, om_mpi_handle comm,
                      bool write) {
  if (buffers->count == MAX_BUFFERS || !protecting() || counts == NULL ||
      displacements == NULL)
    return;
  int which = buffers->count++;
  buffers->begin[which] = buffers->end[which] = 0;
  buffers->write[which] = write;
  for (int i = 0, n = peers(comm); i < n; i++)
    add_elements(buffers, which, buffer, displacements[i], counts[i], type);
}

/* Before the real call: the buffers exposed under key, the stale check's
 * guards on them dropped (and reported: MPI reads or writes the host's
 * copy). */
static void expose(const call_buffers *buffers, uintptr_t key, const char *call) {
  for (int i = 0; i < buffers->count; i++) {
    if (buffers->begin[i] == buffers->end[i])
      continue;
    om_stale_release(buffers->begin[i], buffers->end[i], call);
    om_residency_expose(buffers->begin[i], buffers->end[i], key, buffers->write[i]);
  }
}

/* Around a blocking call, keyed by its frame. */
#define BLOCKING(call, buffers, forward)                                                 \
  ({                                                                                     \
    expose(&(buffers), (uintptr_t)&(buffers), "handed to " #call "()");                  \
    int rc_ = (forward);                                                                 \
    om_residency_unexpose((uintptr_t)&(buffers));                                        \
    rc_;                                                                                 \
  })

/* Around a call that starts a request: exposed from before the call until
 * the request completes (or is freed, for a persistent one). */
#define STARTS_REQUEST(call, buffers, request, forward)                                  \
  ({                                                                                     \
    expose(&(buffers), (uintptr_t)&(buffers), "handed to " #call "()");                  \
    int rc_ = (forward);                                                                 \
    if (rc_ == 0 && (request) != NULL)                                                   \
      om_residency_rekey_exposure((uintptr_t)&(buffers), request_at((request), 0));      \
    else                                                                                 \
      om_residency_unexpose((uintptr_t)&(buffers));                                      \
    rc_;                                                                                 \
  })

/* ---- point to point ---- */

#define SEND_WRAPPER(name)                                                               \
  OM_EXPORT POINT_TO_POINT(name, const) {                                                \
    call_buffers buffers = {0};                                                          \
    add(&buffers, buffer, count, type, false);                                           \
    return BLOCKING(name, buffers, OM_REAL(name)(buffer, count, type, peer, tag, comm)); \
  }
SEND_WRAPPER(MPI_Send)
SEND_WRAPPER(MPI_Bsend)
SEND_WRAPPER(MPI_Ssend)
SEND_WRAPPER(MPI_Rsend)

#define REQUEST_WRAPPER(name, qualifier, write)                                          \
  OM_EXPORT NONBLOCKING(name, qualifier) {                                               \
    call_buffers buffers = {0};                                                          \
    add(&buffers, buffer, count, type, write);                                           \
    return STARTS_REQUEST(name, buffers, request,                                        \
                          OM_REAL(name)(buffer, count, type, peer, tag, comm, request)); \
  }
REQUEST_WRAPPER(MPI_Isend, const, false)
REQUEST_WRAPPER(MPI_Ibsend, const, false)
REQUEST_WRAPPER(MPI_Issend, const, false)
REQUEST_WRAPPER(MPI_Irsend, const, false)
REQUEST_WRAPPER(MPI_Irecv, , true)
REQUEST_WRAPPER(MPI_Send_init, const, false)
REQUEST_WRAPPER(MPI_Bsend_init, const, false)
REQUEST_WRAPPER(MPI_Ssend_init, const, false)
REQUEST_WRAPPER(MPI_Rsend_init, const, false)
REQUEST_WRAPPER(MPI_Recv_init, , true)

OM_EXPORT int MPI_Recv(void *buffer, int count, om_mpi_handle type, int source, int tag,
                       om_mpi_handle comm, om_mpi_status *status) {
  call_buffers buffers = {0};
  add(&buffers, buffer, count, type, true);
  return BLOCKING(MPI_Recv, buffers,
                  OM_REAL(MPI_Recv)(buffer, count, type, source, tag, comm, status));
}

OM_EXPORT int MPI_Sendrecv(const void *send, int send_count, om_mpi_handle send_type, int dest,
                           int send_tag, void *receive, int receive_count,
                           om_mpi_handle receive_type, int source, int receive_tag,
                           om_mpi_handle comm, om_mpi_status *status) {
  call_buffers buffers = {0};
  add(&buffers, send, send_count, send_type, false);
  add(&buffers, receive, receive_count, receive_type, true);
  return BLOCKING(MPI_Sendrecv, buffers,
                  OM_REAL(MPI_Sendrecv)(send, send_count, send_type, dest, send_tag, receive,
                                        receive_count, receive_type, source, receive_tag, comm,
                                        status));
}

OM_EXPORT int MPI_Sendrecv_replace(void *buffer, int count, om_mpi_handle type, int dest,
                                   int send_tag, int source, int receive_tag,
                                   om_mpi_handle comm, om_mpi_status *status) {
  call_buffers buffers = {0};
  add(&buffers, buffer, count, type, true);
  return BLOCKING(MPI_Sendrecv_replace, buffers,
                  OM_REAL(MPI_Sendrecv_replace)(buffer, count, type, dest, send_tag, source,
                                                receive_tag, comm, status));
}

/* ---- completion ---- */

/* The handles of count requests before a completion call, and after it
 * the exposures of those that changed (a completed request becomes
 * MPI_REQUEST_NULL; an inactive persistent one stays as it was) ended. */
typedef struct {
  uintptr_t small[16];
  uintptr_t *before;
  int count;
} request_handles;

static void note_requests(request_handles *handles, const void *requests, int count) {
  handles->count = 0;
  handles->before = handles->small;
  if (!protecting() || requests == NULL || count <= 0)
    return;
  if (count > (int)(sizeof handles->small / sizeof handles->small[0])) {
    handles->before = malloc((size_t)count * sizeof *handles->before);
    if (handles->before == NULL) /* their exposures then last: only copies are lost */
      return;
  }
  handles->count = count;
  for (int i = 0; i < count; i++)
    handles->before[i] = request_at(requests, i);
}

static void end_completed(request_handles *handles, const void *requests) {
  for (int i = 0; i < handles->count; i++)
    if (request_at(requests, i) != handles->before[i])
      om_residency_unexpose(handles->before[i]);
  if (handles->before != handles->small)
    free(handles->before);
}

/* Forwards a completion call on count requests. */
#define COMPLETES(requests, count, forward)                                              \
  ({                                                                                     \
    request_handles handles_;                                                            \
    note_requests(&handles_, (requests), (count));                                       \
    int rc_ = (forward);                                                                 \
    end_completed(&handles_, (requests));                                                \
    rc_;                                                                                 \
  })

OM_EXPORT int MPI_Wait(void *request, om_mpi_status *status) {
  return COMPLETES(request, 1, OM_REAL(MPI_Wait)(request, status));
}

OM_EXPORT int MPI_Test(void *request, int *flag, om_mpi_status *status) {
  return COMPLETES(request, 1, OM_REAL(MPI_Test)(request, flag, status));
}

OM_EXPORT int MPI_Request_free(void *request) {
  return COMPLETES(request, 1, OM_REAL(MPI_Request_free)(request));
}

OM_EXPORT int MPI_Waitall(int count, void *requests, om_mpi_status *statuses) {
  return COMPLETES(requests, count, OM_REAL(MPI_Waitall)(count, requests, statuses));
}

OM_EXPORT int MPI_Testall(int count, void *requests, int *flag, om_mpi_status *statuses) {
  return COMPLETES(requests, count, OM_REAL(MPI_Testall)(count, requests, flag, statuses));
}

OM_EXPORT int MPI_Waitany(int count, void *requests, int *index, om_mpi_status *status) {
  return COMPLETES(requests, count, OM_REAL(MPI_Waitany)(count, requests, index, status));
}

OM_EXPORT int MPI_Testany(int count, void *requests, int *index, int *flag,
                          om_mpi_status *status) {
  return COMPLETES(requests, count,
                   OM_REAL(MPI_Testany)(count, requests, index, flag, status));
}

OM_EXPORT int MPI_Waitsome(int count, void *requests, int *done, int *indices,
                           om_mpi_status *statuses) {
  return COMPLETES(requests, count,
                   OM_REAL(MPI_Waitsome)(count, requests, done, indices, statuses));
}

OM_EXPORT int MPI_Testsome(int count, void *requests, int *done, int *indices,
                           om_mpi_status *statuses) {
  return COMPLETES(requests, count,
                   OM_REAL(MPI_Testsome)(count, requests, done, indices, statuses));
}

/* ---- collectives ---- */

OM_EXPORT int MPI_Bcast(void *buffer, int count, om_mpi_handle type, int root,
                        om_mpi_handle comm) {
  call_buffers buffers = {0};
  add(&buffers, buffer, count, type, protecting() && own_rank(comm) != root);
  return BLOCKING(MPI_Bcast, buffers, OM_REAL(MPI_Bcast)(buffer, count, type, root, comm));
}

#define REDUCTION_WRAPPER(name)                                                          \
  OM_EXPORT REDUCTION(name) {                                                            \
    call_buffers buffers = {0};                                                          \
    add(&buffers, send, count, type, false);                                             \
    add(&buffers, receive, count, type, true);                                           \
    return BLOCKING(name, buffers, OM_REAL(name)(send, receive, count, type, op, comm)); \
  }
REDUCTION_WRAPPER(MPI_Allreduce)
REDUCTION_WRAPPER(MPI_Scan)
REDUCTION_WRAPPER(MPI_Exscan)

OM_EXPORT int MPI_Reduce(const void *send, void *receive, int count, om_mpi_handle type,
                         om_mpi_handle op, int root, om_mpi_handle comm) {
  call_buffers buffers = {0};
  add(&buffers, send, count, type, false);
  if (protecting() && own_rank(comm) == root) /* elsewhere the receive buffer is not used */
    add(&buffers, receive, count, type, true);
  return BLOCKING(MPI_Reduce, buffers,
                  OM_REAL(MPI_Reduce)(send, receive, count, type, op, root, comm));
}

OM_EXPORT int MPI_Reduce_scatter_block(const void *send, void *receive, int count,
                                       om_mpi_handle type, om_mpi_handle op,
                                       om_mpi_handle comm) {
  call_buffers buffers = {0};
  add(&buffers, send, protecting() ? (long)count * peers(comm) : 0, type, false);
  add(&buffers, receive, count, type, true);
  return BLOCKING(MPI_Reduce_scatter_block, buffers,
                  OM_REAL(MPI_Reduce_scatter_block)(send, receive, count, type, op, comm));
}

/* The elements a rooted collective's per-peer buffer holds at the root. */
static long at_root(int count, int root, om_mpi_handle comm) {
  return protecting() && own_rank(comm) == root ? (long)count * peers(comm) : 0;
}

OM_EXPORT ROOTED(MPI_Gather) {
  call_buffers buffers = {0};
  add(&buffers, send, send_count, send_type, false);
  add(&buffers, receive, at_root(receive_count, root, comm), receive_type, true);
  return BLOCKING(MPI_Gather, buffers,
                  OM_REAL(MPI_Gather)(send, send_count, send_type, receive, receive_count,
                                      receive_type, root, comm));
}

OM_EXPORT ROOTED(MPI_Scatter) {
  call_buffers buffers = {0};
  add(&buffers, send, at_root(send_count, root, comm), send_type, false);
  add(&buffers, receive, receive_count, receive_type, true);
  return BLOCKING(MPI_Scatter, buffers,
                  OM_REAL(MPI_Scatter)(send, send_count, send_type, receive, receive_count,
                                       receive_type, root, comm));
}

OM_EXPORT ALL_TO(MPI_Allgather) {
  call_buffers buffers = {0};
  add(&buffers, send, send_count, send_type, false);
  add(&buffers, receive, protecting() ? (long)receive_count * peers(comm) : 0, receive_type,
      true);
  return BLOCKING(MPI_Allgather, buffers,
                  OM_REAL(MPI_Allgather)(send, send_count, send_type, receive, receive_count,
                                         receive_type, comm));
}

OM_EXPORT ALL_TO(MPI_Alltoall) {
  call_buffers buffers = {0};
  long parts = protecting() ? peers(comm) : 0;
  add(&buffers, send, send_count * parts, send_type, false);
  add(&buffers, receive, receive_count * parts, receive_type, true);
  return BLOCKING(MPI_Alltoall, buffers,
                  OM_REAL(MPI_Alltoall)(send, send_count, send_type, receive, receive_count,
                                        receive_type, comm));
}

OM_EXPORT int MPI_Gatherv(const void *send, int send_count, om_mpi_handle send_type,
                          void *receive, const int *receive_counts, const int *displacements,
                          om_mpi_handle receive_type, int root, om_mpi_handle comm) {
  call_buffers buffers = {0};
  add(&buffers, send, send_count, send_type, false);
  if (protecting() && own_rank(comm) == root)
    add_parts(&buffers, receive, receive_counts, displacements, receive_type, comm, true);
  return BLOCKING(MPI_Gatherv, buffers,
                  OM_REAL(MPI_Gatherv)(send, send_count, send_type, receive, receive_counts,
                                       displacements, receive_type, root, comm));
}

OM_EXPORT int MPI_Scatterv(const void *send, const int *send_counts, const int *displacements,
                           om_mpi_handle send_type, void *receive, int receive_count,
                           om_mpi_handle receive_type, int root, om_mpi_handle comm) {
  call_buffers buffers = {0};
  if (protecting() && own_rank(comm) == root)
    add_parts(&buffers, send, send_counts, displacements, send_type, comm, false);
  add(&buffers, receive, receive_count, receive_type, true);
  return BLOCKING(MPI_Scatterv, buffers,
                  OM_REAL(MPI_Scatterv)(send, send_counts, displacements, send_type, receive,
                                        receive_count, receive_type, root, comm));
}

OM_EXPORT int MPI_Allgatherv(const void *send, int send_count, om_mpi_handle send_type,
                             void *receive, const int *receive_counts,
                             const int *displacements, om_mpi_handle receive_type,
                             om_mpi_handle comm) {
  call_buffers buffers = {0};
  add(&buffers, send, send_count, send_type, false);
  add_parts(&buffers, receive, receive_counts, displacements, receive_type, comm, true);
  return BLOCKING(MPI_Allgatherv, buffers,
                  OM_REAL(MPI_Allgatherv)(send, send_count, send_type, receive, receive_counts,
                                          displacements, receive_type, comm));
}

OM_EXPORT int MPI_Alltoallv(const void *send, const int *send_counts,
                            const int *send_displacements, om_mpi_handle send_type,
                            void *receive, const int *receive_counts,
                            const int *receive_displacements, om_mpi_handle receive_type,
                            om_mpi_handle comm) {
  call_buffers buffers = {0};
  add_parts(&buffers, send, send_counts, send_displacements, send_type, comm, false);
  add_parts(&buffers, receive, receive_counts, receive_displacements, receive_type, comm, true);
  return BLOCKING(MPI_Alltoallv, buffers,
                  OM_REAL(MPI_Alltoallv)(send, send_counts, send_displacements, send_type,
                                         receive, receive_counts, receive_displacements,
                                         receive_type, comm));
}
