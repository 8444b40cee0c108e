/* stale.c - buffer-granular stale-host-data tracking with mprotect. */
#include "stale.h"

#include "checks.h"
#include "message.h"

#include <dlfcn.h>
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

/* ---- SIGSEGV: ours first, then the program's ---- */

typedef int (*sigaction_fn)(int, const struct sigaction *, struct sigaction *);
static sigaction_fn real_sigaction;
static struct sigaction program_action; /* what the program asked for SIGSEGV */
static atomic_bool handler_installed;

static void resolve_sigaction(void) {
  if (real_sigaction != NULL)
    return;
  real_sigaction = (sigaction_fn)dlsym(RTLD_NEXT, "sigaction");
  if (real_sigaction == NULL)
    real_sigaction = (sigaction_fn)dlsym(RTLD_DEFAULT, "sigaction");
}

/* Releases the guard in slot if it is still there; true if this call did. */
static bool release_slot(guard *slot, uintptr_t seen) {
  if (!atomic_compare_exchange_strong(&slot->low, &seen, BUSY_SLOT))
    return false;
  mprotect((void *)seen, slot->high - seen, PROT_READ | PROT_WRITE);
  atomic_fetch_sub(&guarded_count, 1);
  atomic_store(&slot->low, FREE_SLOT);
  return true;
}

static void pass_on(int signal, siginfo_t *info, void *context) {
  struct sigaction action = program_action;
  if ((action.sa_flags & SA_SIGINFO) && action.sa_sigaction != NULL) {
    action.sa_sigaction(signal, info, context);
    return;
  }
  if (action.sa_handler != SIG_DFL && action.sa_handler != SIG_IGN) {
    action.sa_handler(signal);
    return;
  }
  /* Default action: restore it; returning re-executes the access. */
  struct sigaction fallback = {.sa_handler = SIG_DFL};
  sigemptyset(&fallback.sa_mask);
  real_sigaction(SIGSEGV, &fallback, NULL);
}

static void on_fault(int signal, siginfo_t *info, void *context) {
  uintptr_t address = (uintptr_t)info->si_addr;
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
    return; /* retried: now unprotected */
  }
  pass_on(signal, info, context);
}

static void install_handler(void) {
  if (atomic_exchange(&handler_installed, true))
    return;
  resolve_sigaction();
  struct sigaction ours = {.sa_sigaction = on_fault, .sa_flags = SA_SIGINFO | SA_NODEFER};
  sigemptyset(&ours.sa_mask);
  real_sigaction(SIGSEGV, &ours, &program_action);
}

bool om_stale_take_sigaction(const struct sigaction *action, struct sigaction *old) {
  if (!atomic_load(&handler_installed))
    return false;
  if (old != NULL)
    *old = program_action;
  if (action != NULL)
    program_action = *action;
  return true;
}

/* ---- guarding and releasing ---- */

void om_stale_guard(uintptr_t begin, uintptr_t end, int device, const om_map_origin *origin) {
  uintptr_t page = page_size();
  uintptr_t low = (begin + page - 1) & ~(page - 1);
  uintptr_t high = end & ~(page - 1);
  if (high <= low)
    return; /* no whole page inside */
  install_handler();
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
