/* ledger_threads.c - the copies a ledger counts per thread
 * (ledger_threads.h).
 *
 * Concurrency model:
 *  - A block is owned by at most one thread, which alone writes its counts,
 *    with relaxed loads and stores (a single writer needs no
 *    read-modify-write). Readers load them relaxed, as they load the shared
 *    atomic counts: a count is never torn, and a report made while threads
 *    still count sees each of their copies or not yet, as before.
 *  - The ledger's lock guards its list of blocks (every block it made;
 *    blocks are never freed, so a reader may walk it) and the list of
 *    blocks no thread owns. A thread takes the lock only to adopt a block
 *    (its first copy) and to give it up (when it exits, from a thread-key
 *    destructor); it never waits for a reader, nor a reader for it, beyond
 *    the lock. Lock order: the ledger's lock is the only one.
 *  - A block given up keeps its counts: they are sums, whichever thread
 *    made them, so the next owner adds to them. Giving up and adopting
 *    under the lock orders the last owner's stores before the next's.
 *  - A thread that exits without its destructors (the process ends) keeps
 *    its block, counts and all, in the list.
 * Blocks are mapped memory, not the heap: the plugin's malloc wrappers may
 * be counting when a block is made, and pages a thread never counts in
 * stay untouched.
 */
#include "ledger_threads.h"

#include "hot_path.h"

#include <sys/mman.h>

struct om_thread_counts {
  /* Timeline events not kept, beside the first device's counts: a region
   * that copies touches one line here for both. */
  _Alignas(64) uint64_t not_kept;
  om_ledger *ledger;
  om_flow devices[OM_LEDGER_DEVICES + 1][OM_DIRECTION_COUNT];
  om_flow rows[OM_LEDGER_SLOTS + 1][OM_DIRECTION_COUNT];
  om_thread_counts *next;         /* every block of the ledger */
  om_thread_counts *next_unowned; /* blocks no thread owns */
};

/* The calling thread's block and its ledger: initial-exec, read on every
 * counted copy and never allocating. */
static _Thread_local struct {
  om_ledger *ledger;
  om_thread_counts *counts;
} mine __attribute__((tls_model("initial-exec")));

static pthread_key_t exit_key;
static bool exit_key_made;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

/* The thread's block goes to the ledger's unowned ones: at its exit (the
 * key's destructor), or when it could not be registered for that. */
static void give_up(void *block) {
  om_thread_counts *counts = block;
  om_ledger *ledger = counts->ledger;
  mine.ledger = NULL;
  mine.counts = NULL;
  pthread_mutex_lock(&ledger->lock);
  counts->next_unowned = ledger->unowned_counts;
  ledger->unowned_counts = counts;
  pthread_mutex_unlock(&ledger->lock);
}

static void make_exit_key(void) { exit_key_made = pthread_key_create(&exit_key, give_up) == 0; }

/* A block no thread owns, else a new one; NULL if none can be mapped. */
static om_thread_counts *adopt(om_ledger *ledger) {
  pthread_mutex_lock(&ledger->lock);
  om_thread_counts *counts = ledger->unowned_counts;
  if (counts != NULL)
    ledger->unowned_counts = counts->next_unowned;
  pthread_mutex_unlock(&ledger->lock);
  if (counts != NULL)
    return counts;
  void *memory = mmap(NULL, sizeof *counts, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                      -1, 0);
  if (memory == MAP_FAILED)
    return NULL;
  counts = memory; /* zero, as mapped */
  counts->ledger = ledger;
  pthread_mutex_lock(&ledger->lock);
  counts->next = ledger->thread_counts;
  ledger->thread_counts = counts;
  pthread_mutex_unlock(&ledger->lock);
  return counts;
}

static __attribute__((noinline)) om_thread_counts *own_first(om_ledger *ledger) {
  if (!ledger->per_thread || mine.ledger != NULL)
    return NULL;
  pthread_once(&exit_key_once, make_exit_key);
  if (!exit_key_made)
    return NULL; /* its counts would never be given up for another thread */
  om_thread_counts *counts = adopt(ledger);
  if (counts == NULL)
    return NULL;
  if (pthread_setspecific(exit_key, counts) != 0) {
    give_up(counts);
    return NULL;
  }
  mine.ledger = ledger;
  mine.counts = counts;
  return counts;
}

OM_HOT om_thread_counts *om_thread_counts_own(om_ledger *ledger) {
  if (__builtin_expect(mine.ledger == ledger, 1))
    return mine.counts;
  return own_first(ledger);
}

static void add_own(uint64_t *counter, uint64_t amount) {
  __atomic_store_n(counter, __atomic_load_n(counter, __ATOMIC_RELAXED) + amount,
                   __ATOMIC_RELAXED);
}

OM_HOT void om_thread_counts_add_copy(om_thread_counts *own, size_t row_index, int device_slot,
                                      om_direction direction, uint64_t bytes) {
  om_flow *row = &own->rows[row_index][direction], *device = &own->devices[device_slot][direction];
  add_own(&row->bytes, bytes);
  add_own(&row->transfers, 1);
  add_own(&device->bytes, bytes);
  add_own(&device->transfers, 1);
}

OM_HOT void om_thread_counts_add_not_kept(om_thread_counts *own) { add_own(&own->not_kept, 1); }

static uint64_t load(const uint64_t *counter) { return __atomic_load_n(counter, __ATOMIC_RELAXED); }

static void fold_flows(const om_flow from[OM_DIRECTION_COUNT], om_flow into[OM_DIRECTION_COUNT]) {
  for (int d = 0; d < OM_DIRECTION_COUNT; d++) {
    into[d].bytes += load(&from[d].bytes);
    into[d].transfers += load(&from[d].transfers);
  }
}

void om_thread_counts_fold_row(const om_ledger *ledger, size_t row_index, om_ledger_row *row) {
  for (const om_thread_counts *counts = ledger->thread_counts; counts != NULL;
       counts = counts->next)
    fold_flows(counts->rows[row_index], row->flow);
}

void om_thread_counts_fold_device(const om_ledger *ledger, int device_slot,
                                  om_flow out[OM_DIRECTION_COUNT]) {
  for (const om_thread_counts *counts = ledger->thread_counts; counts != NULL;
       counts = counts->next)
    fold_flows(counts->devices[device_slot], out);
}

uint64_t om_thread_counts_not_kept(const om_ledger *ledger) {
  uint64_t not_kept = 0;
  for (const om_thread_counts *counts = ledger->thread_counts; counts != NULL;
       counts = counts->next)
    not_kept += load(&counts->not_kept);
  return not_kept;
}

/* Zero without touching a page that holds none but zeros: an unwritten
 * page of a block stays unmapped. */
static void clear(uint64_t *counter) {
  if (*counter != 0)
    *counter = 0;
}

static void clear_flows(om_flow *flows, size_t count) {
  for (size_t i = 0; i < count; i++) {
    clear(&flows[i].bytes);
    clear(&flows[i].transfers);
  }
}

void om_thread_counts_fork_child(om_ledger *ledger) {
  om_thread_counts *kept = mine.ledger == ledger ? mine.counts : NULL;
  ledger->unowned_counts = NULL;
  for (om_thread_counts *counts = ledger->thread_counts; counts != NULL; counts = counts->next) {
    clear(&counts->not_kept);
    clear_flows(&counts->devices[0][0], sizeof counts->devices / sizeof(om_flow));
    clear_flows(&counts->rows[0][0], sizeof counts->rows / sizeof(om_flow));
    if (counts != kept) {
      counts->next_unowned = ledger->unowned_counts;
      ledger->unowned_counts = counts;
    }
  }
}

size_t om_thread_counts_made(om_ledger *ledger) {
  size_t made = 0;
  pthread_mutex_lock(&ledger->lock);
  for (const om_thread_counts *counts = ledger->thread_counts; counts != NULL;
       counts = counts->next)
    made++;
  pthread_mutex_unlock(&ledger->lock);
  return made;
}
