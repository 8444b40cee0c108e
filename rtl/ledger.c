/* ledger.c - fixed-capacity, thread-safe transfer ledger. */
#include "ledger.h"

#include "hot_path.h"
#include "ledger_threads.h"
#include "message.h"

#include <stddef.h>
#include <string.h>
#include <time.h>

static void copy_cut(char *dst, size_t dst_size, om_span src) {
  size_t len = src.len < dst_size - 1 ? src.len : dst_size - 1;
  memcpy(dst, src.text, len);
  dst[len] = '\0';
}

void om_site_set(om_site *site, om_span name, om_span file, unsigned line) {
  copy_cut(site->name, sizeof site->name, name);
  copy_cut(site->file, sizeof site->file, file);
  site->line = line;
}

/* FNV-1a over the key's fields. */
static uint64_t hash_text(uint64_t hash, const char *text) {
  for (; *text != '\0'; text++)
    hash = (hash ^ (unsigned char)*text) * 1099511628211u;
  return hash;
}

static size_t site_hash(const om_site *site) {
  uint64_t hash = hash_text(14695981039346656037u, site->name);
  hash = hash_text(hash ^ 0xff, site->file);
  return (size_t)((hash ^ site->line) * 1099511628211u);
}

static bool same_site(const om_site *a, const om_site *b) {
  return a->line == b->line && strcmp(a->name, b->name) == 0 &&
         strcmp(a->file, b->file) == 0;
}

/* The row for site, claimed if new; the overflow row when the table is full.
 * Called with the lock held. */
static om_ledger_row *find_row(om_ledger *ledger, const om_site *site) {
  for (size_t probe = 0, i = site_hash(site) % OM_LEDGER_SLOTS; probe < OM_LEDGER_SLOTS;
       probe++, i = (i + 1) % OM_LEDGER_SLOTS) {
    if (ledger->slot_used[i]) {
      if (same_site(&ledger->slots[i].site, site))
        return &ledger->slots[i];
      continue;
    }
    if (ledger->used == OM_LEDGER_CAPACITY)
      break;
    ledger->slot_used[i] = true;
    ledger->used++;
    ledger->slots[i] = (om_ledger_row){.site = *site};
    return &ledger->slots[i];
  }
  if (om_first_time(&ledger->overflow_said))
    om_warning("more than %d variables moved data; the rest are counted as <other>",
               OM_LEDGER_CAPACITY);
  return &ledger->other;
}

om_ledger_row *om_ledger_row_of(om_ledger *ledger, const om_site *site) {
  pthread_mutex_lock(&ledger->lock);
  om_ledger_row *row = find_row(ledger, site);
  pthread_mutex_unlock(&ledger->lock);
  return row;
}

static void add_flow(om_flow *flow, uint64_t bytes) {
  __atomic_fetch_add(&flow->bytes, bytes, __ATOMIC_RELAXED);
  __atomic_fetch_add(&flow->transfers, 1, __ATOMIC_RELAXED);
}

OM_HOT void om_ledger_add(om_ledger_row *row, om_direction direction, uint64_t bytes) {
  add_flow(&row->flow[direction], bytes);
}

static int device_slot(int device) {
  return device >= 0 && device < OM_LEDGER_DEVICES ? device : OM_LEDGER_DEVICES;
}

/* The index of a row of the ledger, OM_LEDGER_SLOTS for the overflow row;
 * -1 for a row of another ledger. */
static ptrdiff_t row_index(const om_ledger *ledger, const om_ledger_row *row) {
  if (row == &ledger->other)
    return OM_LEDGER_SLOTS;
  uintptr_t offset = (uintptr_t)row - (uintptr_t)ledger->slots; /* huge if below */
  return offset < sizeof ledger->slots ? (ptrdiff_t)(offset / sizeof *row) : -1;
}

/* One copy of `bytes` into row and device: in `own` (the calling thread's
 * counts, or NULL) where it can, else atomically. */
static void count_copy(om_ledger *ledger, om_thread_counts *own, om_ledger_row *row, int device,
                       om_direction direction, uint64_t bytes) {
  ptrdiff_t index = row_index(ledger, row);
  if (own != NULL && index >= 0) {
    om_thread_counts_add_copy(own, (size_t)index, device_slot(device), direction, bytes);
    return;
  }
  add_flow(&row->flow[direction], bytes);
  add_flow(&ledger->device_totals[device_slot(device)][direction], bytes);
}

OM_HOT void om_ledger_count_copy(om_ledger *ledger, om_ledger_row *row, int device,
                                 om_direction direction, uint64_t bytes) {
  count_copy(ledger, om_thread_counts_own(ledger), row, device, direction, bytes);
}

void om_ledger_device_totals(om_ledger *ledger, int device, om_flow out[OM_DIRECTION_COUNT]) {
  for (int d = 0; d < OM_DIRECTION_COUNT; d++) {
    const om_flow *flow = &ledger->device_totals[device_slot(device)][d];
    out[d] = (om_flow){__atomic_load_n(&flow->bytes, __ATOMIC_RELAXED),
                       __atomic_load_n(&flow->transfers, __ATOMIC_RELAXED)};
  }
  pthread_mutex_lock(&ledger->lock);
  om_thread_counts_fold_device(ledger, device_slot(device), out);
  pthread_mutex_unlock(&ledger->lock);
}

static void add_elided(om_elided *elided, uint64_t bytes) {
  __atomic_fetch_add(&elided->bytes, bytes, __ATOMIC_RELAXED);
  __atomic_fetch_add(&elided->copies, 1, __ATOMIC_RELAXED);
}

void om_ledger_add_elided(om_ledger_row *row, om_direction direction, uint64_t bytes,
                          om_elision_reason reason) {
  add_elided(&row->elided[direction], bytes);
  __atomic_fetch_add(&row->elided[direction].reason_bytes[reason], bytes, __ATOMIC_RELAXED);
}

OM_HOT void om_ledger_add_elided_to_device(om_ledger *ledger, int device, om_direction direction,
                                           uint64_t bytes) {
  add_elided(&ledger->device_elided[device_slot(device)][direction], bytes);
}

OM_HOT void om_ledger_add_time(om_ledger_row *row, om_direction direction, uint64_t nanoseconds) {
  if (nanoseconds != 0) /* a kernel's copies are not timed: no atomic add for nothing */
    __atomic_fetch_add(&row->time_ns[direction], nanoseconds, __ATOMIC_RELAXED);
}

/* om_timeline_record, with the calling thread's counts (or NULL) found. */
static void record_event(om_ledger *ledger, om_thread_counts *own, const om_ledger_row *row,
                         int device, om_direction direction, uint64_t bytes, bool elided,
                         om_elision_reason reason, uint64_t start_ns, uint64_t duration_ns) {
  int slot = device_slot(device);
  if (duration_ns != 0)
    __atomic_fetch_add(&ledger->device_time_ns[slot][direction], duration_ns, __ATOMIC_RELAXED);
  if (elided)
    __atomic_fetch_add(&ledger->device_elided[slot][direction].reason_bytes[reason], bytes,
                       __ATOMIC_RELAXED);
  /* Once the timeline is full, a thread that counts on its own counts the
   * events it cannot keep there. */
  if (own != NULL && !om_timeline_has_room(ledger)) {
    om_thread_counts_add_not_kept(own);
    return;
  }
  uint64_t index = atomic_fetch_add_explicit(&ledger->timeline_claimed, 1, memory_order_relaxed);
  if (index >= OM_TIMELINE_CAPACITY)
    return;
  om_timeline_event *event = &ledger->timeline[index];
  event->row = row;
  event->t_ns = start_ns > ledger->epoch_ns ? start_ns - ledger->epoch_ns : 0;
  event->duration_ns = duration_ns;
  event->bytes = bytes;
  event->device = device;
  event->direction = (uint8_t)direction;
  event->elided = elided;
  event->reason = elided ? (uint8_t)reason : 0;
  atomic_store_explicit(&event->ready, true, memory_order_release);
}

OM_HOT void om_timeline_record(om_ledger *ledger, const om_ledger_row *row, int device,
                               om_direction direction, uint64_t bytes, bool elided,
                               om_elision_reason reason, uint64_t start_ns, uint64_t duration_ns) {
  record_event(ledger, om_thread_counts_own(ledger), row, device, direction, bytes, elided, reason,
               start_ns, duration_ns);
}

OM_HOT void om_ledger_record_copy(om_ledger *ledger, om_ledger_row *row, int device,
                                  om_direction direction, uint64_t bytes, uint64_t start_ns,
                                  uint64_t duration_ns) {
  om_thread_counts *own = om_thread_counts_own(ledger);
  count_copy(ledger, own, row, device, direction, bytes);
  om_ledger_add_time(row, direction, duration_ns);
  record_event(ledger, own, row, device, direction, bytes, false, OM_ELIDED_UNCHANGED, start_ns,
               duration_ns);
}

OM_HOT uint64_t om_now_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

void om_ledger_set_epoch(om_ledger *ledger, uint64_t now_ns) { ledger->epoch_ns = now_ns; }

static uint64_t load(const uint64_t *counter) {
  return __atomic_load_n(counter, __ATOMIC_RELAXED);
}

void om_ledger_device_tally(om_ledger *ledger, int device, om_tally *out) {
  int slot = device_slot(device);
  om_ledger_device_totals(ledger, device, out->flow);
  for (int d = 0; d < OM_DIRECTION_COUNT; d++) {
    const om_elided *elided = &ledger->device_elided[slot][d];
    out->elided[d].bytes = load(&elided->bytes);
    out->elided[d].copies = load(&elided->copies);
    for (int r = 0; r < OM_ELISION_REASON_COUNT; r++)
      out->elided[d].reason_bytes[r] = load(&elided->reason_bytes[r]);
    out->time_ns[d] = load(&ledger->device_time_ns[slot][d]);
  }
}

size_t om_timeline_kept(om_ledger *ledger, uint64_t *not_kept) {
  uint64_t claimed = atomic_load_explicit(&ledger->timeline_claimed, memory_order_relaxed);
  size_t kept = claimed < OM_TIMELINE_CAPACITY ? (size_t)claimed : OM_TIMELINE_CAPACITY;
  pthread_mutex_lock(&ledger->lock);
  *not_kept = claimed - kept + om_thread_counts_not_kept(ledger);
  pthread_mutex_unlock(&ledger->lock);
  return kept;
}

const char *om_elision_reason_name(om_elision_reason reason) {
  static const char *const names[OM_ELISION_REASON_COUNT] = {
      [OM_ELIDED_UNCHANGED] = "unchanged",
      [OM_ELIDED_RESTORED_ON_DEVICE] = "restored-on-device",
      [OM_ELIDED_NOT_NEEDED] = "not-needed",
  };
  return (unsigned)reason < OM_ELISION_REASON_COUNT ? names[reason] : "unknown";
}

void om_ledger_record(om_ledger *ledger, const om_site *site, om_direction direction,
                      uint64_t bytes) {
  om_ledger_add(om_ledger_row_of(ledger, site), direction, bytes);
}

size_t om_ledger_snapshot(om_ledger *ledger, om_ledger_row *rows, size_t max,
                          om_ledger_row *other) {
  size_t count = 0;
  pthread_mutex_lock(&ledger->lock);
  for (size_t i = 0; i < OM_LEDGER_SLOTS && count < max; i++)
    if (ledger->slot_used[i]) {
      rows[count] = ledger->slots[i];
      om_thread_counts_fold_row(ledger, i, &rows[count++]);
    }
  *other = ledger->other;
  om_thread_counts_fold_row(ledger, OM_LEDGER_SLOTS, other);
  pthread_mutex_unlock(&ledger->lock);
  return count;
}

void om_ledger_fork_prepare(om_ledger *ledger) { pthread_mutex_lock(&ledger->lock); }

void om_ledger_fork_parent(om_ledger *ledger) { pthread_mutex_unlock(&ledger->lock); }

static void zero_counts(om_ledger_row *row) {
  memset(row->flow, 0, sizeof row->flow);
  memset(row->elided, 0, sizeof row->elided);
  memset(row->time_ns, 0, sizeof row->time_ns);
}

void om_ledger_fork_child(om_ledger *ledger) {
  pthread_mutex_init(&ledger->lock, NULL);
  /* The child counts its own copies from zero; the sites stay (rows never
   * move). */
  for (size_t i = 0; i < OM_LEDGER_SLOTS; i++)
    if (ledger->slot_used[i])
      zero_counts(&ledger->slots[i]);
  zero_counts(&ledger->other);
  memset(ledger->device_totals, 0, sizeof ledger->device_totals);
  memset(ledger->device_elided, 0, sizeof ledger->device_elided);
  memset(ledger->device_time_ns, 0, sizeof ledger->device_time_ns);
  om_thread_counts_fork_child(ledger);
  uint64_t not_kept;
  size_t kept = om_timeline_kept(ledger, &not_kept);
  for (size_t i = 0; i < kept; i++)
    atomic_store(&ledger->timeline[i].ready, false);
  atomic_store(&ledger->timeline_claimed, 0);
}
