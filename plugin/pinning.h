/* pinning.h - page-locking the host memory of held blocks (OWNMAP_PIN), so
 * that the copies transfer elision still makes run at the pinned rate.
 *
 * LLVM 19's CUDA plugin does not pin (llvm_omp_target_lock_mem and
 * LIBOMPTARGET_LOCK_MAPPED_HOST_BUFFERS leave memory pageable), so the
 * plugin registers the memory with the CUDA driver itself
 * (cuMemHostRegister, portable to every context), found in the libcuda the
 * runtime has already loaded: on other devices (the host device) nothing is
 * pinned. A registration keeps the context current at the time, and the
 * release makes it current again, so any thread may release. A held
 * section's pin changes only under the engine lock (engine.h).
 */
#ifndef OWNMAP_PLUGIN_PINNING_H
#define OWNMAP_PLUGIN_PINNING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Blocks at least this large get transparent huge pages when allocated
 * (om_pin_prepare). */
#define OM_PIN_HUGE_MIN_BYTES ((size_t)4 << 20)

/* Reads OWNMAP_PIN; called once at initialisation, before which
 * om_pin_prepare does nothing. */
void om_pin_configure(void);

/* A heap block of `bytes` was just allocated, untouched yet. While a CUDA
 * driver is loaded, asks for transparent huge pages for its whole huge
 * pages: registering them later takes about half as long, and protecting
 * them is cheaper too (docs/results/2026-12-02.md, test/bench/pin-cost). Cheap and
 * allocation-free unless the block is large. */
void om_pin_prepare(void *block, size_t bytes);

/* Pages are locked in pieces, each registered on its own: a quarter of
 * the block, in whole OM_PIN_PIECE_ALIGN, and at least
 * OM_PIN_PIECE_MIN_BYTES (on the H200 a 256 MiB block went up fastest in
 * 64 MiB pieces of 16, 32 and 64: each registration costs more than its
 * pages). The first copy up of a block locks them one after the other and
 * sends each piece's part of the copy by DMA (asynchronously, on the
 * context's default stream) while the next piece is being locked, so that
 * locking and copying overlap. A copy that is to go by DMA must lie in one
 * piece (om_pin_split). */
#define OM_PIN_PIECES 4
#define OM_PIN_PIECE_ALIGN ((uintptr_t)2 << 20)
#define OM_PIN_PIECE_MIN_BYTES ((uintptr_t)16 << 20)

typedef struct {
  void *context;         /* the CUDA context current when planned; NULL: nothing to lock */
  uintptr_t begin, end;  /* the pages to lock, [begin, end) */
  uintptr_t piece_bytes; /* each piece from begin on; the last one may be shorter */
  uintptr_t locked_end;  /* [begin, locked_end) is locked, in pieces */
  bool in_flight;        /* copies it started (om_pin_copy_*async), not yet waited for */
  double seconds;        /* spent registering, for OWNMAP_VERBOSE */
} om_pin;

/* The size of the pieces of a block of `bytes`. */
uintptr_t om_pin_piece_bytes(size_t bytes);

/* Plans to page-lock [begin, begin + bytes) (whole pages), locking nothing
 * yet; false when it cannot (no CUDA driver loaded, no current context).
 * The driver locks only writable pages: the caller locks the pieces
 * (om_pin_next_piece, om_pin_rest) before their pages first lose write
 * permission, and may lock the rest at any time. */
bool om_pin_plan(void *begin, size_t bytes, om_pin *pin);

static inline bool om_pin_planned(const om_pin *pin) { return pin->context != NULL; }

/* Whether every planned piece is locked (false if none was planned). */
static inline bool om_pinned(const om_pin *pin) {
  return pin->context != NULL && pin->locked_end == pin->end;
}

/* Locks the next piece; false when none is left, or when the driver
 * refused it: the copies in flight are then waited for and every piece is
 * released (a block is locked whole or not at all). */
bool om_pin_next_piece(om_pin *pin);

/* Locks every piece left (om_pin_next_piece). */
void om_pin_rest(om_pin *pin);

/* Starts copying `bytes` of host memory inside one locked piece to the
 * device, in the pin's context; false when the driver cannot (the caller
 * copies them itself). They are in place once om_pin_wait returns. */
bool om_pin_copy_async(om_pin *pin, uintptr_t device, const void *host, size_t bytes);

/* Starts a copy of `bytes` within the memory of the device of the pin's
 * context, made after the copies in flight (the same stream); false when
 * nothing is planned or the driver cannot (the caller copies itself). It
 * is in place once om_pin_wait returns. */
bool om_pin_copy_on_device_async(om_pin *pin, uintptr_t to, uintptr_t from, size_t bytes);

/* Waits for the copies om_pin_copy_*async started. A failed one leaves the
 * program's data in doubt: the program is stopped. */
void om_pin_wait(om_pin *pin);

/* Whether [low, high) lies in one locked piece. */
bool om_pin_in_one_piece(const om_pin *pin, uintptr_t low, uintptr_t high);

/* The end of the first part of [low, high) that lies in one locked piece
 * or wholly outside the locked pages. */
uintptr_t om_pin_split(const om_pin *pin, uintptr_t low, uintptr_t high);

/* Waits for copies in flight, releases what was locked (nothing if nothing
 * was) and plans nothing more. */
void om_unpin(om_pin *pin);

#endif
