/* stale.c - buffer-granular stale-host-data tracking with mprotect. */
#include "stale.h"

#include "check_report.h"
#include "faults.h"
#include "message.h"
#include "offload_abi.h"
#include "real.h"
#include "state.h"

#include <pthread.h>
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

/* Stale host data: the buffer mapped at origin was `access` (e.g. "read or
 * written by the host") at address after a kernel and before update
 * from/unmap. Once per site; a warning. */
static void report_stale(const om_map_origin *origin, int device, const char *access,
                         const void *address) {
  const void *site =
      origin->map_name != NULL ? (const void *)origin->map_name : origin->return_address;
  if (!om_first_report(OM_CHECK_STALE, site, origin->psource))
    return;
  char what[OM_DESCRIPTION_MAX];
  om_describe_map(origin, -1, what, sizeof what);
  om_finding_subject subject;
  om_subject_of(origin, -1, &subject);
  om_report_warning(OM_CHECK_STALE, &subject,
                    "%s is %s (at %p) while the kernel there may have changed its copy on "
                    "device %d and before the copy came back: the host sees stale data. Fix: "
                    "add target update from(...) (or unmap with map(from: ...)) before the host "
                    "uses it",
                    what, access, address, device);
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
      report_stale(&origin, device, "read or written by the host",
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
      report_stale(&origin, device, access, (const void *)begin);
  }
}

void om_stale_rewrite_origins(void (*rewrite)(om_map_origin *origin, void *context),
                              void *context) {
  if (atomic_load_explicit(&guarded_count, memory_order_relaxed) == 0)
    return;
  for (int i = 0; i < GUARD_SLOTS; i++)
    if (atomic_load(&guards[i].low) > BUSY_SLOT)
      rewrite(&guards[i].origin, context);
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

/* ---- device addresses the program holds ---- */

/* Not used by the fault handler: a mutex suffices. Slots are reused round
 * robin; a lost one only means that a kernel given that address goes unseen. */
enum { KNOWN_SLOTS = 64 };

typedef struct {
  bool used;
  int device;
  uintptr_t host_begin, host_end; /* the mapping */
  uintptr_t device_begin;         /* where its device copy starts */
} known_address;

static known_address known[KNOWN_SLOTS];
static unsigned known_next;
static atomic_bool known_any;
static pthread_mutex_t known_lock = PTHREAD_MUTEX_INITIALIZER;

/* The runtime's device address of host on device, 0 if not mapped. */
static uintptr_t runtime_device_address(int device, uintptr_t host) {
  return (uintptr_t)OM_REAL(omp_get_mapped_ptr)((const void *)host, device);
}

/* The slot of the mapping at host_begin on device, or NULL (lock held). */
static known_address *known_find(int device, uintptr_t host_begin) {
  for (int i = 0; i < KNOWN_SLOTS; i++)
    if (known[i].used && known[i].device == device && known[i].host_begin == host_begin)
      return &known[i];
  return NULL;
}

/* fork: the child must not inherit the lock held by a thread it lacks. */
static void known_lock_take(void) { pthread_mutex_lock(&known_lock); }
static void known_lock_give(void) { pthread_mutex_unlock(&known_lock); }
static pthread_once_t known_fork_once = PTHREAD_ONCE_INIT;
static void known_fork_handlers(void) {
  pthread_atfork(known_lock_take, known_lock_give, known_lock_give);
}

void om_stale_learn_device_address(int device, uintptr_t host, uintptr_t device_address) {
  om_mapping mapping;
  if (!om_shadow_mapping_of(&om_plugin_shadow, device, host, 0, &mapping))
    return;
  if (device_address == 0)
    device_address = runtime_device_address(device, host);
  if (device_address == 0)
    return;
  pthread_once(&known_fork_once, known_fork_handlers);
  pthread_mutex_lock(&known_lock);
  known_address *slot = known_find(device, mapping.begin);
  if (slot == NULL)
    slot = &known[known_next++ % KNOWN_SLOTS];
  *slot = (known_address){
      true, device, mapping.begin, mapping.end, device_address - (host - mapping.begin)};
  atomic_store_explicit(&known_any, true, memory_order_relaxed);
  pthread_mutex_unlock(&known_lock);
}

/* The remembered mapping whose device copy holds device_address. */
static bool known_at(int device, uintptr_t device_address, known_address *found) {
  bool hit = false;
  pthread_mutex_lock(&known_lock);
  for (int i = 0; i < KNOWN_SLOTS && !hit; i++) {
    hit = known[i].used && known[i].device == device && device_address >= known[i].device_begin &&
          device_address - known[i].device_begin < known[i].host_end - known[i].host_begin;
    if (hit)
      *found = known[i];
  }
  pthread_mutex_unlock(&known_lock);
  return hit;
}

static void forget_known(const known_address *gone) {
  pthread_mutex_lock(&known_lock);
  known_address *slot = known_find(gone->device, gone->host_begin);
  if (slot != NULL)
    slot->used = false;
  pthread_mutex_unlock(&known_lock);
}

/* The mapping on device whose device copy holds device_address, if the
 * program was handed an address in it and the mapping is still the same. */
static bool buffer_at_device_address(int device, uintptr_t device_address,
                                     om_mapping *buffer) {
  known_address found;
  if (!atomic_load_explicit(&known_any, memory_order_relaxed) ||
      !known_at(device, device_address, &found))
    return false;
  /* The mapping may have gone since, and its device memory serve another:
   * the address counts only while both sides are still the same. */
  if (om_shadow_mapping_of(&om_plugin_shadow, device, found.host_begin, 0, buffer) &&
      buffer->begin == found.host_begin && buffer->end == found.host_end &&
      runtime_device_address(device, found.host_begin) == found.device_begin)
    return true;
  forget_known(&found);
  return false;
}

bool om_stale_buffer_behind_pointer(int device, uintptr_t begin, int64_t size, int64_t type,
                                    om_mapping *buffer, const char **name) {
  int64_t by_value = type & (OM_MAP_LITERAL | OM_MAP_PRIVATE);
  if (begin == 0)
    return false;
  if (size == 0 && by_value == 0)
    return om_shadow_mapping_of(&om_plugin_shadow, device, begin, 0, buffer);
  if (by_value != OM_MAP_LITERAL || size != sizeof(void *) ||
      !buffer_at_device_address(device, begin, buffer))
    return false;
  if (!buffer->infinite && buffer->origin.map_name != NULL)
    *name = buffer->origin.map_name;
  return true;
}
