/* real.h - the ground floor, first part: every function of another library
 * that the plugin calls (the offload runtime's, the C library's, MPI's, the
 * CUDA driver's), in one table, and where the plugin gets them (real.c).
 *
 * OM_REAL(symbol) is the definition of `symbol` that the program would
 * have called without the plugin, typed as declared where it is used
 * (offload_abi.h and the list below for the runtime, the C library's
 * headers, mpi.c for MPI, pinning.c for the CUDA driver), e.g.
 *
 *   OM_REAL(__tgt_target_data_begin_mapper)(loc, device, 1, &base, ...);
 *   OM_REAL(write)(fd, text, length);
 *
 * It is never the plugin's own interposer. When it cannot be found, the
 * call reports what was searched and aborts (there is no correct way on
 * with a call that cannot be forwarded); a valid program never gets there,
 * because only code that depends on a library calls its functions.
 * OM_REAL_IF_LOADED(symbol) is the same for functions the plugin may do
 * without: NULL while their library is not loaded. */
#ifndef OWNMAP_PLUGIN_REAL_H
#define OWNMAP_PLUGIN_REAL_H

#include "offload_abi.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The parameters of the data entry points; the nowait forms add the
 * dependences. */
#define OM_REAL_DATA_PARAMS                                                              \
  om_ident *loc, int64_t device_id, int32_t count, void **bases, void **begins,         \
      int64_t *sizes, int64_t *types, void **names, void **mappers
#define OM_REAL_DEP_PARAMS                                                               \
  int32_t dep_count, void *deps, int32_t noalias_count, void *noalias_deps

/* X(where, symbol, return type, parameters) for every function of
 * libomptarget (LLVM 19) and libomp that the plugin calls; the first eight,
 * which target regions call, fill the table's first cache line. `where`:
 *   NEXT     the one the caller would have bound without the plugin: the
 *            next after the plugin in the global scope (dlsym RTLD_NEXT),
 *            else the runtime's (the entry points the plugin forwards);
 *   RUNTIME  the loaded libomptarget's own, else the next: the runtime's
 *            view of its devices. libomp defines these too, and its forms
 *            answer 0 devices when libomptarget is not in the global scope
 *            (a program that is not linked to it loaded an offload library
 *            with dlopen), although the runtime offloads to its devices. */
#define OM_RUNTIME_FUNCTIONS(X)                                                          \
  X(NEXT, __tgt_target_kernel, int,                                                    \
    (om_ident *loc, int64_t device_id, int32_t num_teams, int32_t thread_limit,        \
     void *host_ptr, om_kernel_args *args))                                             \
  X(NEXT, omp_target_is_present, int, (const void *host, int device))                   \
  X(NEXT, omp_get_default_device, int, (void))                                          \
  X(RUNTIME, omp_get_initial_device, int, (void))                                       \
  X(RUNTIME, omp_get_num_devices, int, (void))                                          \
  X(NEXT, __tgt_target_data_begin_mapper, void, (OM_REAL_DATA_PARAMS))                  \
  X(NEXT, __tgt_target_data_end_mapper, void, (OM_REAL_DATA_PARAMS))                    \
  X(NEXT, __tgt_target_data_update_mapper, void, (OM_REAL_DATA_PARAMS))                 \
  X(NEXT, __tgt_target_data_begin_nowait_mapper, void,                                  \
    (OM_REAL_DATA_PARAMS, OM_REAL_DEP_PARAMS))                                           \
  X(NEXT, __tgt_target_data_end_nowait_mapper, void,                                    \
    (OM_REAL_DATA_PARAMS, OM_REAL_DEP_PARAMS))                                           \
  X(NEXT, __tgt_target_data_update_nowait_mapper, void,                                 \
    (OM_REAL_DATA_PARAMS, OM_REAL_DEP_PARAMS))                                           \
  X(NEXT, __tgt_register_lib, void, (om_bin_desc *desc))                               \
  X(NEXT, __tgt_unregister_lib, void, (om_bin_desc *desc))                             \
  X(NEXT, omp_target_alloc, void *, (size_t size, int device))                          \
  X(NEXT, omp_target_free, void, (void *block, int device))                             \
  X(NEXT, omp_target_memcpy, int,                                                       \
    (void *dst, const void *src, size_t length, size_t dst_offset, size_t src_offset,   \
     int dst_device, int src_device))                                                   \
  X(NEXT, omp_target_associate_ptr, int,                                                \
    (const void *host, const void *device_ptr, size_t size, size_t device_offset,       \
     int device))                                                                       \
  X(NEXT, omp_target_disassociate_ptr, int, (const void *host, int device))             \
  X(NEXT, omp_get_mapped_ptr, void *, (const void *host, int device))

/* X(where, symbol) for the functions of other libraries, declared by their
 * headers (the C library's) or where they are called:
 *   HEAP         the C library's malloc family (heap.c): the next after the
 *                plugin, looked up without a lock, since the lookup may
 *                itself allocate (om_real_heap_ready);
 *   LIBC         the C library's calls that the plugin interposes
 *                (signals.c, stale_syscalls.c) or makes unobserved;
 *   MPI          the next definition of MPI's calls that mpi.c wraps (the
 *                MPI library's, or another PMPI tool's);
 *   MPI_LIBRARY  the MPI library's own PMPI_ queries (never a tool's);
 *                may be missing (OM_REAL_IF_LOADED);
 *   CUDA         the CUDA driver's, when the runtime loaded it (pinning.c);
 *                may be missing (OM_REAL_IF_LOADED). */
#define OM_OTHER_FUNCTIONS(X)                                                            \
  X(HEAP, malloc) X(HEAP, calloc) X(HEAP, realloc) X(HEAP, free) X(HEAP, aligned_alloc)  \
  X(HEAP, memalign) X(HEAP, posix_memalign)                                             \
  X(LIBC, sigaction) X(LIBC, pthread_sigmask) X(LIBC, sigprocmask)                      \
  X(LIBC, read) X(LIBC, __read_chk) X(LIBC, pread) X(LIBC, __pread_chk) X(LIBC, readv)  \
  X(LIBC, preadv) X(LIBC, preadv2) X(LIBC, recv) X(LIBC, __recv_chk) X(LIBC, recvfrom)  \
  X(LIBC, __recvfrom_chk) X(LIBC, recvmsg) X(LIBC, recvmmsg) X(LIBC, fread)             \
  X(LIBC, __fread_chk) X(LIBC, fread_unlocked) X(LIBC, __fread_unlocked_chk)            \
  X(LIBC, write) X(LIBC, pwrite) X(LIBC, writev) X(LIBC, pwritev) X(LIBC, pwritev2)     \
  X(LIBC, send) X(LIBC, sendto) X(LIBC, sendmsg) X(LIBC, sendmmsg) X(LIBC, fwrite)      \
  X(LIBC, fwrite_unlocked)                                                              \
  X(MPI, MPI_Send) X(MPI, MPI_Bsend) X(MPI, MPI_Ssend) X(MPI, MPI_Rsend)                \
  X(MPI, MPI_Recv) X(MPI, MPI_Sendrecv) X(MPI, MPI_Sendrecv_replace) X(MPI, MPI_Isend)  \
  X(MPI, MPI_Ibsend) X(MPI, MPI_Issend) X(MPI, MPI_Irsend) X(MPI, MPI_Irecv)            \
  X(MPI, MPI_Send_init) X(MPI, MPI_Bsend_init) X(MPI, MPI_Ssend_init)                   \
  X(MPI, MPI_Rsend_init) X(MPI, MPI_Recv_init) X(MPI, MPI_Wait) X(MPI, MPI_Waitall)     \
  X(MPI, MPI_Waitany) X(MPI, MPI_Waitsome) X(MPI, MPI_Test) X(MPI, MPI_Testall)         \
  X(MPI, MPI_Testany) X(MPI, MPI_Testsome) X(MPI, MPI_Request_free) X(MPI, MPI_Bcast)   \
  X(MPI, MPI_Reduce) X(MPI, MPI_Allreduce) X(MPI, MPI_Scan) X(MPI, MPI_Exscan)          \
  X(MPI, MPI_Gather) X(MPI, MPI_Scatter) X(MPI, MPI_Allgather) X(MPI, MPI_Alltoall)     \
  X(MPI, MPI_Reduce_scatter_block) X(MPI, MPI_Gatherv) X(MPI, MPI_Scatterv)             \
  X(MPI, MPI_Allgatherv) X(MPI, MPI_Alltoallv)                                          \
  X(MPI_LIBRARY, PMPI_Comm_rank) X(MPI_LIBRARY, PMPI_Comm_size)                         \
  X(MPI_LIBRARY, PMPI_Comm_test_inter) X(MPI_LIBRARY, PMPI_Comm_remote_size)            \
  X(MPI_LIBRARY, PMPI_Type_get_extent) X(MPI_LIBRARY, PMPI_Type_get_true_extent)        \
  X(MPI_LIBRARY, ompi_mpi_comm_world)                                                   \
  X(CUDA, cuMemHostRegister_v2) X(CUDA, cuMemHostUnregister) X(CUDA, cuCtxGetCurrent)   \
  X(CUDA, cuCtxPushCurrent_v2) X(CUDA, cuCtxPopCurrent_v2) X(CUDA, cuMemcpyHtoDAsync_v2)  \
  X(CUDA, cuMemcpyDtoDAsync_v2) X(CUDA, cuStreamSynchronize)

/* The whole table. */
#define OM_REAL_FUNCTIONS(X) OM_RUNTIME_FUNCTIONS(X) OM_OTHER_FUNCTIONS(X)

/* Each runtime function's declaration: the plugin's interposers of the
 * same name are checked against it by the compiler. (The plugin links no
 * runtime, so a direct call to one it does not define fails to link: use
 * OM_REAL.) */
#define OM_REAL_DECLARE(where, symbol, type, params) type symbol params;
OM_RUNTIME_FUNCTIONS(OM_REAL_DECLARE)
#undef OM_REAL_DECLARE

#define OM_REAL_ID(where, symbol, ...) OM_REAL_ID_##symbol,
typedef enum { OM_REAL_FUNCTIONS(OM_REAL_ID) OM_REAL_COUNT } om_real_id;
#undef OM_REAL_ID

/* What each lookup found; NULL until found. Read through the macros. */
extern void *_Atomic om_real_found[OM_REAL_COUNT] __attribute__((aligned(64)));

/* Looks function `id` up (with the rest of its library's functions, so
 * that later uses, the fault handler's among them, only read the table);
 * aborts with a message when it cannot be found. */
void *om_real_look_up(om_real_id id);

/* The function `id`: one load once found (the malloc wrappers' fast path
 * takes it on every call the runtime makes). */
static inline void *om_real_function(om_real_id id) {
  void *function = atomic_load_explicit(&om_real_found[id], memory_order_relaxed);
  return __builtin_expect(function != NULL, 1) ? function : om_real_look_up(id);
}

#define OM_REAL(symbol) ((__typeof__(&symbol))om_real_function(OM_REAL_ID_##symbol))

/* The function `symbol`, which the caller knows was found: the malloc
 * wrappers, once om_real_heap_ready said so (one load, no test). */
#define OM_REAL_FOUND(symbol)                                                            \
  ((__typeof__(&symbol))atomic_load_explicit(&om_real_found[OM_REAL_ID_##symbol],        \
                                             memory_order_relaxed))

/* A function that may be missing: NULL until its library is loaded (each
 * use looks again until then). */
void *om_real_if_loaded(om_real_id id);

#define OM_REAL_IF_LOADED(symbol)                                                        \
  ((__typeof__(&symbol))om_real_if_loaded(OM_REAL_ID_##symbol))

/* ---- the malloc family's bootstrap ---- */

/* The malloc wrappers ask these on every call: they are inline. */
extern atomic_bool om_real_heap_found;
enum { OM_BOOTSTRAP_ARENA_BYTES = 16384 };
extern char om_bootstrap_arena[OM_BOOTSTRAP_ARENA_BYTES];

/* Looks the malloc family up; false while this thread is already at it. */
bool om_real_look_up_heap(void);

/* Whether the malloc family is looked up; looks it up first if not. False
 * while this thread is at it (dlsym may allocate): the thread's
 * allocations then come from om_bootstrap_alloc. */
static inline bool om_real_heap_ready(void) {
  return atomic_load_explicit(&om_real_heap_found, memory_order_acquire) ||
         om_real_look_up_heap();
}

/* A block of the static bootstrap arena, NULL when it is used up. Such
 * blocks are never freed; om_in_bootstrap_arena tells them apart. */
void *om_bootstrap_alloc(size_t size);
size_t om_bootstrap_size(const void *block);

static inline bool om_in_bootstrap_arena(const void *block) {
  return (uintptr_t)block - (uintptr_t)om_bootstrap_arena < OM_BOOTSTRAP_ARENA_BYTES;
}

#endif
