/* stale.c - buffer-granular stale-host-data tracking with mprotect. */
#include "stale.h"

#include "checks.h"
#include "faults.h"
#include "message.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

bool om_stale_tracking;

void om_stale_configure(bool enabled) { om_stale_tracking = enabled; }

/* ---- the guarded buffers: a fixed table the fault handler can scan ---- */

enum { GUARD_SLOTS = 256 };
#define FREE_SLOT ((uintptr_t)0)
#define BUSY_SLOT ((uintptr_t)1) /* being filled in or released */

typedef struct {
  _Atomic uintptr_t low; /* first protected page; FREE_SLOT or BUSY_SLOT */
  uintptr_t high;        /* end of the protected pages */
  int device;
  om_map_origin origin;
  bool suspended; /* unprotected while an offload call copies */
} guard;

static guard guards[GUARD_SLOTS];
static atomic_int guarded_count;

static uintptr_t page_size(void) {
  static uintptr_t size;
  if (size == 0)
    size = (uintptr_t)sysconf(_SC_PAGESIZE);
  return size;
}

/* ---- faults on guarded pages ---- */

/* Releases the guard in slot if it is still there; true if this call did. */
static bool release_slot(guard *slot, uintptr_t seen) {
  if (!atomic_compare_exchange_strong(&slot->low, &seen, BUSY_SLOT))
    return false;
  mprotect((void *)seen, slot->high - seen, PROT_READ | PROT_WRITE);
  atomic_fetch_sub(&guarded_count, 1);
  atomic_store(&slot->low, FREE_SLOT);
  return true;
}

static bool owns_fault(uintptr_t address) {
  if (atomic_load_explicit(&guarded_count, memory_order_relaxed) == 0)
    return false;
  for (int i = 0; i < GUARD_SLOTS; i++) {
    guard *slot = &guards[i];
    uintptr_t low = atomic_load(&slot->low);
    if (low <= BUSY_SLOT || address < low || address >= slot->high || slot->suspended)
      continue;
    om_map_origin origin = slot->origin;
    int device = slot->device;
    if (release_slot(slot, low))
      om_checks_report_stale(&origin, device, "read or written by the host",
                             (const void *)address);
    return true; /* retried: now unprotected */
  }
  return false;
}

/* ---- guarding and releasing ---- */

void om_stale_guard(uintptr_t begin, uintptr_t end, int device, const om_map_origin *origin) {
  uintptr_t page = page_size();
  uintptr_t low = (begin + page - 1) & ~(page - 1);
  uintptr_t high = end & ~(page - 1);
  if (high <= low)
    return; /* no whole page inside */
  om_faults_install(owns_fault);
  om_stale_release(low, high, NULL); /* this kernel is the one to name now */
  for (int i = 0; i < GUARD_SLOTS; i++) {
    uintptr_t seen = FREE_SLOT;
    if (!atomic_compare_exchange_strong(&guards[i].low, &seen, BUSY_SLOT))
      continue;
    guards[i].high = high;
    guards[i].device = device;
    guards[i].origin = *origin;
    guards[i].suspended = false;
    if (mprotect((void *)low, high - low, PROT_NONE) != 0) {
      atomic_store(&guards[i].low, FREE_SLOT);
      return;
    }
    atomic_fetch_add(&guarded_count, 1);
    atomic_store(&guards[i].low, low);
    return;
  }
}

void om_stale_release(uintptr_t begin, uintptr_t end, const char *access) {
  if (atomic_load_explicit(&guarded_count, memory_order_relaxed) == 0)
    return;
  for (int i = 0; i < GUARD_SLOTS; i++) {
    guard *slot = &guards[i];
    uintptr_t low = atomic_load(&slot->low);
    if (low <= BUSY_SLOT || end <= low || begin >= slot->high)
      continue;
    om_map_origin origin = slot->origin;
    int device = slot->device;
    if (release_slot(slot, low) && access != NULL)
      om_checks_report_stale(&origin, device, access, (const void *)begin);
  }
}


/* Sets the protection of every guard overlapping [begin, end) whose
 * suspension is `from` to `to`. */
static void switch_guards(uintptr_t begin, uintptr_t end, bool from, bool to) {
  if (atomic_load_explicit(&guarded_count, memory_order_relaxed) == 0)
    return;
  for (int i = 0; i < GUARD_SLOTS; i++) {
    guard *slot = &guards[i];
    uintptr_t low = atomic_load(&slot->low);
    if (low <= BUSY_SLOT || end <= low || begin >= slot->high || slot->suspended != from)
      continue;
    if (!atomic_compare_exchange_strong(&slot->low, &low, BUSY_SLOT))
      continue;
    mprotect((void *)low, slot->high - low, to ? PROT_READ | PROT_WRITE : PROT_NONE);
    slot->suspended = to;
    atomic_store(&slot->low, low);
  }
}

void om_stale_suspend(uintptr_t begin, uintptr_t end) { switch_guards(begin, end, false, true); }

void om_stale_resume(uintptr_t begin, uintptr_t end) { switch_guards(begin, end, true, false); }
