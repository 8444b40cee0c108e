/* shadow.c - per-device sorted arrays of mappings with reference counts. */
#include "shadow.h"

#include "hot_path.h"

#include <stddef.h>
#include <string.h>
#include <sys/mman.h>

_Static_assert(offsetof(om_device_shadow, high) + sizeof(uintptr_t) <= 64,
               "a map or unmap touches one cache line of its device's shadow");

void om_shadow_init(om_shadow *shadow) {
  memset(shadow, 0, sizeof *shadow);
  for (int d = 0; d < OM_SHADOW_DEVICES; d++)
    om_lock_init(&shadow->devices[d].lock);
}

static om_device_shadow *device_of(om_shadow *shadow, int device) {
  return device >= 0 && device < OM_SHADOW_DEVICES ? &shadow->devices[device] : NULL;
}

/* Index of the first mapping whose end lies above address. */
static size_t first_ending_after(const om_device_shadow *dev, uintptr_t address) {
  size_t low = 0, high = dev->count;
  while (low < high) {
    size_t mid = low + (high - low) / 2;
    if (dev->mappings[mid].end <= address)
      low = mid + 1;
    else
      high = mid;
  }
  return low;
}

/* The mapping overlapping [begin, end) with the lowest address, or NULL.
 * For an empty range, the mapping that contains begin. */
static om_mapping *overlapping(om_device_shadow *dev, uintptr_t begin, uintptr_t end) {
  size_t i = first_ending_after(dev, begin);
  if (i == dev->count)
    return NULL;
  om_mapping *m = &dev->mappings[i];
  bool hit = begin == end ? m->begin <= begin : m->begin < end;
  return hit ? m : NULL;
}

/* Doubles the array through mmap; false when out of memory. Out of line:
 * a time loop's map never grows it (hot_path.h). */
static __attribute__((noinline)) bool grow(om_device_shadow *dev) {
  size_t capacity = dev->capacity ? 2 * dev->capacity : 4096 / sizeof(om_mapping);
  void *grown = mmap(NULL, capacity * sizeof(om_mapping), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (grown == MAP_FAILED)
    return false;
  if (dev->mappings != NULL) {
    memcpy(grown, dev->mappings, dev->count * sizeof(om_mapping));
    munmap(dev->mappings, dev->capacity * sizeof(om_mapping));
  }
  dev->mappings = grown;
  dev->capacity = capacity;
  return true;
}

/* Room for one more mapping. */
static bool reserve_one(om_device_shadow *dev) {
  return dev->count < dev->capacity || grow(dev);
}

/* What lookups answer on dev changes (lock held): one writer at a time. */
static void bump_generation(om_device_shadow *dev) {
  uint64_t now = atomic_load_explicit(&dev->generation, memory_order_relaxed);
  atomic_store_explicit(&dev->generation, now + 1, memory_order_release);
}

/* Publishes the span of dev after a change (lock held), and that the
 * device is used when this is its first mapping (only this device's lock
 * holder sets its bit: no atomic read-modify-write after that). */
static void publish_span(om_shadow *shadow, om_device_shadow *dev) {
  if (dev->count == 0) {
    atomic_store_explicit(&dev->low, UINTPTR_MAX, memory_order_relaxed);
    atomic_store_explicit(&dev->high, 0, memory_order_release);
    return;
  }
  atomic_store_explicit(&dev->low, dev->mappings[0].begin, memory_order_relaxed);
  atomic_store_explicit(&dev->high, dev->mappings[dev->count - 1].end, memory_order_release);
  uint64_t bit = UINT64_C(1) << (dev - shadow->devices);
  if (!(atomic_load_explicit(&shadow->used_devices, memory_order_relaxed) & bit))
    atomic_fetch_or_explicit(&shadow->used_devices, bit, memory_order_release);
}

/* Moves `count` mappings of dev from index `from` to index `to`. Most
 * changes are at the end (nothing to move): no call into the C library
 * then, whose code a region would otherwise bring into the cache. */
static void move_mappings(om_device_shadow *dev, size_t to, size_t from, size_t count) {
  if (count > 0)
    memmove(&dev->mappings[to], &dev->mappings[from], count * sizeof(om_mapping));
}

/* Adds mapping in order; false when out of room. */
OM_HOT static bool insert(om_shadow *shadow, om_device_shadow *dev, const om_mapping *mapping) {
  if (!reserve_one(dev))
    return false;
  size_t i = first_ending_after(dev, mapping->begin);
  move_mappings(dev, i + 1, i, dev->count - i);
  dev->mappings[i] = *mapping;
  dev->count++;
  bump_generation(dev);
  publish_span(shadow, dev);
  return true;
}

OM_HOT static void erase(om_shadow *shadow, om_device_shadow *dev, om_mapping *mapping) {
  size_t i = (size_t)(mapping - dev->mappings);
  move_mappings(dev, i, i + 1, dev->count - i - 1);
  dev->count--;
  bump_generation(dev);
  publish_span(shadow, dev);
}

static bool contains(const om_mapping *m, uintptr_t begin, uintptr_t end) {
  return m->begin <= begin && end <= m->end;
}

static void count_up(om_mapping *m, om_map_request request) {
  if (m->infinite)
    return;
  if (request.hold)
    m->hold_count++;
  else
    m->dynamic_count++;
  if (request.in_flight)
    m->in_flight_count++;
}

static om_map_outcome map_locked(om_shadow *shadow, om_device_shadow *dev, uintptr_t begin,
                                 uintptr_t end, om_map_request request,
                                 const om_map_origin *origin, om_mapping *conflicting) {
  om_mapping *m = overlapping(dev, begin, end);
  if (m != NULL) {
    if (!contains(m, begin, end) && !request.implicit) {
      *conflicting = *m;
      return OM_MAP_CONFLICT;
    }
    if (request.update_count)
      count_up(m, request);
    return OM_MAP_REUSED;
  }
  if (begin == end)
    return OM_MAP_UNTRACKED;
  om_mapping fresh = {.begin = begin, .end = end, .creator = request.thread, .origin = *origin};
  count_up(&fresh, request);
  return insert(shadow, dev, &fresh) ? OM_MAP_CREATED : OM_MAP_NO_ROOM;
}

OM_HOT om_map_outcome om_shadow_map(om_shadow *shadow, int device, uintptr_t begin, size_t size,
                                    om_map_request request, const om_map_origin *origin,
                                    om_mapping *conflicting) {
  om_device_shadow *dev = device_of(shadow, device);
  if (dev == NULL)
    return OM_MAP_UNTRACKED;
  om_lock_acquire(&dev->lock);
  om_map_outcome outcome =
      map_locked(shadow, dev, begin, begin + size, request, origin, conflicting);
  om_lock_release(&dev->lock);
  return outcome;
}

static om_unmap_outcome unmap_locked(om_shadow *shadow, om_device_shadow *dev, uintptr_t begin,
                                     uintptr_t end, om_unmap_request request) {
  om_mapping *m = overlapping(dev, begin, end);
  if (m == NULL || (!contains(m, begin, end) && !request.implicit))
    return OM_UNMAP_ABSENT;
  if (m->infinite || !request.update_count)
    return OM_UNMAP_KEPT;
  uint32_t *counter = request.hold ? &m->hold_count : &m->dynamic_count;
  if (request.delete_all)
    *counter = 0;
  else if (*counter > 0)
    (*counter)--;
  uint32_t left = m->dynamic_count + m->hold_count;
  if (request.in_flight && m->in_flight_count > 0)
    m->in_flight_count--;
  if (m->in_flight_count > left) /* a delete took the running kernel's counts too */
    m->in_flight_count = left;
  if (left > 0)
    return OM_UNMAP_KEPT;
  erase(shadow, dev, m);
  return OM_UNMAP_REMOVED;
}

OM_HOT om_unmap_outcome om_shadow_unmap(om_shadow *shadow, int device, uintptr_t begin, size_t size,
                                        om_unmap_request request) {
  om_device_shadow *dev = device_of(shadow, device);
  if (dev == NULL)
    return OM_UNMAP_ABSENT;
  om_lock_acquire(&dev->lock);
  om_unmap_outcome outcome = unmap_locked(shadow, dev, begin, begin + size, request);
  om_lock_release(&dev->lock);
  return outcome;
}

bool om_shadow_mapping_of(om_shadow *shadow, int device, uintptr_t begin, size_t size,
                          om_mapping *found) {
  om_device_shadow *dev = device_of(shadow, device);
  if (dev == NULL || !om_device_span_may_overlap(dev, begin, begin + size))
    return false;
  om_lock_acquire(&dev->lock);
  om_mapping *m = overlapping(dev, begin, begin + size);
  if (m != NULL)
    *found = *m;
  om_lock_release(&dev->lock);
  return m != NULL;
}

bool om_shadow_contains(om_shadow *shadow, int device, uintptr_t begin, size_t size) {
  om_mapping mapping;
  return om_shadow_mapping_of(shadow, device, begin, size, &mapping) &&
         contains(&mapping, begin, begin + size);
}

/* Removes the mapping of device starting at begin (only an association
 * when associations_only). */
static bool erase_at(om_shadow *shadow, int device, uintptr_t begin, bool associations_only) {
  om_device_shadow *dev = device_of(shadow, device);
  if (dev == NULL)
    return false;
  om_lock_acquire(&dev->lock);
  om_mapping *m = overlapping(dev, begin, begin);
  bool removed = m != NULL && m->begin == begin && (m->infinite || !associations_only);
  if (removed)
    erase(shadow, dev, m);
  om_lock_release(&dev->lock);
  return removed;
}

bool om_shadow_drop(om_shadow *shadow, int device, uintptr_t begin) {
  return erase_at(shadow, device, begin, false);
}

/* ---- learned absence ---- */

static om_absent_slot *absent_slot(om_device_shadow *dev, uintptr_t begin) {
  uint64_t mixed = (uint64_t)begin * 0x9e3779b97f4a7c15u;
  return &dev->absent[(mixed >> 32) & (OM_SHADOW_ABSENT_SLOTS - 1)];
}

om_shadow_presence om_shadow_lookup(om_shadow *shadow, int device, uintptr_t begin,
                                    size_t size) {
  om_device_shadow *dev = device_of(shadow, device);
  if (dev == NULL)
    return OM_SHADOW_UNKNOWN;
  uint64_t epoch = atomic_load_explicit(&shadow->absence_epoch, memory_order_acquire);
  om_lock_acquire(&dev->lock);
  om_shadow_presence presence = OM_SHADOW_UNKNOWN;
  om_mapping *m = overlapping(dev, begin, begin);
  if (m != NULL) {
    if (contains(m, begin, begin + size))
      presence = OM_SHADOW_PRESENT;
  } else {
    const om_absent_slot *slot = absent_slot(dev, begin);
    if (slot->begin == begin && slot->epoch == epoch)
      presence = OM_SHADOW_ABSENT;
  }
  om_lock_release(&dev->lock);
  return presence;
}

om_absence_ticket om_shadow_absence_ticket(om_shadow *shadow, int device) {
  om_device_shadow *dev = device_of(shadow, device);
  om_absence_ticket ticket = {
      atomic_load_explicit(&shadow->absence_epoch, memory_order_acquire),
      dev != NULL ? atomic_load_explicit(&dev->absent_forgets, memory_order_acquire) : 0};
  return ticket;
}

void om_shadow_learn_absent(om_shadow *shadow, int device, uintptr_t begin,
                            om_absence_ticket ticket) {
  om_device_shadow *dev = device_of(shadow, device);
  if (dev == NULL || begin == 0)
    return;
  om_lock_acquire(&dev->lock);
  if (ticket.epoch == atomic_load_explicit(&shadow->absence_epoch, memory_order_acquire) &&
      ticket.forgets == atomic_load_explicit(&dev->absent_forgets, memory_order_relaxed)) {
    om_absent_slot *slot = absent_slot(dev, begin);
    if (slot->begin != begin || slot->epoch != ticket.epoch) {
      *slot = (om_absent_slot){begin, ticket.epoch};
      bump_generation(dev);
    }
  }
  om_lock_release(&dev->lock);
}

void om_shadow_forget_absent_range(om_shadow *shadow, int device, uintptr_t begin,
                                   uintptr_t end) {
  om_device_shadow *dev = device_of(shadow, device);
  if (dev == NULL) {
    om_shadow_forget_absent_all(shadow);
    return;
  }
  om_lock_acquire(&dev->lock);
  atomic_fetch_add_explicit(&dev->absent_forgets, 1, memory_order_release);
  bump_generation(dev);
  for (size_t i = 0; i < OM_SHADOW_ABSENT_SLOTS; i++)
    if (dev->absent[i].begin >= begin && dev->absent[i].begin < end)
      dev->absent[i].begin = 0;
  om_lock_release(&dev->lock);
}

void om_shadow_forget_absent_all(om_shadow *shadow) {
  atomic_fetch_add_explicit(&shadow->absence_epoch, 1, memory_order_release);
}

/* ---- associations ---- */

bool om_shadow_associate(om_shadow *shadow, int device, uintptr_t begin, size_t size,
                         const om_map_origin *origin) {
  om_device_shadow *dev = device_of(shadow, device);
  if (dev == NULL || size == 0)
    return false;
  om_lock_acquire(&dev->lock);
  bool added = false;
  if (overlapping(dev, begin, begin + size) == NULL) {
    om_mapping fresh = {.begin = begin, .end = begin + size, .infinite = true, .origin = *origin};
    added = insert(shadow, dev, &fresh);
  }
  om_lock_release(&dev->lock);
  return added;
}

bool om_shadow_disassociate(om_shadow *shadow, int device, uintptr_t begin) {
  return erase_at(shadow, device, begin, true);
}

bool om_shadow_find_overlap(om_shadow *shadow, uintptr_t begin, uintptr_t end, int *device,
                            om_mapping *found) {
  uint64_t used = atomic_load_explicit(&shadow->used_devices, memory_order_acquire);
  for (; used != 0; used &= used - 1) {
    int d = __builtin_ctzll(used);
    om_device_shadow *dev = &shadow->devices[d];
    if (!om_device_span_may_overlap(dev, begin, end))
      continue;
    om_lock_acquire(&dev->lock);
    om_mapping *m = dev->count > 0 ? overlapping(dev, begin, end) : NULL;
    if (m != NULL)
      *found = *m;
    om_lock_release(&dev->lock);
    if (m != NULL) {
      *device = d;
      return true;
    }
  }
  return false;
}

void om_shadow_for_each(om_shadow *shadow,
                        void (*visit)(int device, const om_mapping *mapping, void *context),
                        void *context) {
  for (int d = 0; d < OM_SHADOW_DEVICES; d++) {
    om_device_shadow *dev = &shadow->devices[d];
    om_lock_acquire(&dev->lock);
    for (size_t i = 0; i < dev->count; i++)
      visit(d, &dev->mappings[i], context);
    om_lock_release(&dev->lock);
  }
}

void om_shadow_rewrite_origins(om_shadow *shadow,
                               void (*rewrite)(om_map_origin *origin, void *context),
                               void *context) {
  for (int d = 0; d < OM_SHADOW_DEVICES; d++) {
    om_device_shadow *dev = &shadow->devices[d];
    om_lock_acquire(&dev->lock);
    for (size_t i = 0; i < dev->count; i++)
      rewrite(&dev->mappings[i].origin, context);
    om_lock_release(&dev->lock);
  }
}

void om_shadow_fork_prepare(om_shadow *shadow) {
  for (int d = 0; d < OM_SHADOW_DEVICES; d++)
    om_lock_acquire(&shadow->devices[d].lock);
}

void om_shadow_fork_parent(om_shadow *shadow) {
  for (int d = OM_SHADOW_DEVICES - 1; d >= 0; d--)
    om_lock_release(&shadow->devices[d].lock);
}

void om_shadow_fork_child(om_shadow *shadow) {
  for (int d = 0; d < OM_SHADOW_DEVICES; d++)
    om_lock_init(&shadow->devices[d].lock);
}
