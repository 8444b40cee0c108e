/* ledger.c - fixed-capacity, thread-safe transfer ledger. */
#include "ledger.h"

#include "message.h"

#include <string.h>

#define SLOT_COUNT (2 * OM_LEDGER_CAPACITY)

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
  for (size_t probe = 0, i = site_hash(site) % SLOT_COUNT; probe < SLOT_COUNT;
       probe++, i = (i + 1) % SLOT_COUNT) {
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

void om_ledger_add(om_ledger_row *row, om_direction direction, uint64_t bytes) {
  add_flow(&row->flow[direction], bytes);
}

static int device_slot(int device) {
  return device >= 0 && device < OM_LEDGER_DEVICES ? device : OM_LEDGER_DEVICES;
}

void om_ledger_add_to_device(om_ledger *ledger, int device, om_direction direction,
                             uint64_t bytes) {
  add_flow(&ledger->device_totals[device_slot(device)][direction], bytes);
}

void om_ledger_device_totals(om_ledger *ledger, int device, om_flow out[OM_DIRECTION_COUNT]) {
  for (int d = 0; d < OM_DIRECTION_COUNT; d++) {
    const om_flow *flow = &ledger->device_totals[device_slot(device)][d];
    out[d] = (om_flow){__atomic_load_n(&flow->bytes, __ATOMIC_RELAXED),
                       __atomic_load_n(&flow->transfers, __ATOMIC_RELAXED)};
  }
}

void om_ledger_record(om_ledger *ledger, const om_site *site, om_direction direction,
                      uint64_t bytes) {
  om_ledger_add(om_ledger_row_of(ledger, site), direction, bytes);
}

size_t om_ledger_snapshot(om_ledger *ledger, om_ledger_row *rows, size_t max,
                          om_ledger_row *other) {
  size_t count = 0;
  pthread_mutex_lock(&ledger->lock);
  for (size_t i = 0; i < SLOT_COUNT && count < max; i++)
    if (ledger->slot_used[i])
      rows[count++] = ledger->slots[i];
  *other = ledger->other;
  pthread_mutex_unlock(&ledger->lock);
  return count;
}

void om_ledger_fork_prepare(om_ledger *ledger) { pthread_mutex_lock(&ledger->lock); }

void om_ledger_fork_parent(om_ledger *ledger) { pthread_mutex_unlock(&ledger->lock); }

void om_ledger_fork_child(om_ledger *ledger) {
  pthread_mutex_init(&ledger->lock, NULL);
}
