/* held_copies.c - the copies transfer elision makes for held blocks, and
 * how they are counted (held.h). */
#include "held.h"

#include "message.h"
#include "real.h"
#include "state.h"
#include "shadow.h"

#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

static void count_copy(const om_held_section *section, om_direction direction, uint64_t bytes,
                       uint64_t start_ns) {
  if (bytes == 0)
    return;
  om_ledger_record_copy(&om_plugin_transfers, section->row, section->device, direction, bytes,
                        start_ns, om_now_ns() - start_ns);
}

void om_held_count_elided(const om_held_section *section, om_direction direction,
                          uint64_t bytes, om_elision_reason reason) {
  if (bytes == 0)
    return;
  om_ledger_add_elided(section->row, direction, bytes, reason);
  om_ledger_add_elided_to_device(&om_plugin_transfers, section->device, direction, bytes);
  om_timeline_record(&om_plugin_transfers, section->row, section->device, direction, bytes, true,
                     reason, om_now_ns(), 0);
}

size_t om_held_bytes(const om_held_section *section) {
  return section->chunks.end - section->chunks.begin;
}

static int host_device(void) { return OM_REAL(omp_get_initial_device)(); }

/* One copy through the runtime. After a failed copy the engine can no
 * longer tell which copy holds the program's data, so it stops the program. */
static void copy_or_stop(void *to, const void *from, size_t bytes, int to_device,
                         int from_device) {
  if (OM_REAL(omp_target_memcpy)(to, from, bytes, 0, 0, to_device, from_device) == 0)
    return;
  om_error("copying %zu bytes from %p (device %d) to %p (device %d) failed; the program's "
           "data can no longer be trusted",
           bytes, from, from_device, to, to_device);
  abort();
}

/* Whether the host can address a device's memory directly (the host
 * device: its "device" memory is the process's own), found once per device
 * (learn_addressable). libomptarget copies device to device through a host
 * buffer when the device cannot exchange data itself; on such a device a
 * plain memcpy is the same copy without the two transfers. */
typedef enum { ADDRESSABLE_UNKNOWN, ADDRESSABLE_YES, ADDRESSABLE_NO } addressable;
static addressable device_addressable[OM_SHADOW_DEVICES];

static bool host_can_address(int device) {
  return device >= 0 && device < OM_SHADOW_DEVICES &&
         device_addressable[device] == ADDRESSABLE_YES;
}

/* Known to be memory the host cannot address (so its copies are DMA). */
static bool host_cannot_address(int device) {
  return device >= 0 && device < OM_SHADOW_DEVICES &&
         device_addressable[device] == ADDRESSABLE_NO;
}

unsigned om_held_sections_sending;

static void note_in_flight(om_held_section *section) {
  if (!section->sending.any)
    om_held_sections_sending++;
  section->sending.any = true;
}

void om_held_copy_on_device(om_held_section *section, char *to, const char *from, size_t bytes) {
  if (om_pin_copy_on_device_async(&section->pin, (uintptr_t)to, (uintptr_t)from, bytes)) {
    note_in_flight(section);
    return;
  }
  om_held_settle(section);
  if (host_can_address(section->device))
    memcpy(to, from, bytes);
  else
    copy_or_stop(to, from, bytes, section->device, section->device);
}

/* Learnt from the first copy to a device, by reading back, through a
 * system call that cannot fault, the bytes just copied. */
static void learn_addressable(int device, const void *device_address, const void *host_copy,
                              size_t bytes) {
  if (device < 0 || device >= OM_SHADOW_DEVICES ||
      device_addressable[device] != ADDRESSABLE_UNKNOWN || bytes == 0)
    return;
  unsigned char seen[64];
  size_t probe = bytes < sizeof seen ? bytes : sizeof seen;
  struct iovec local = {seen, probe}, remote = {(void *)device_address, probe};
  bool same = process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)probe &&
              memcmp(seen, host_copy, probe) == 0;
  device_addressable[device] = same ? ADDRESSABLE_YES : ADDRESSABLE_NO;
}

/* Copies the bytes that host [host, host + bytes) stands for from `from`
 * to `to` (each the address standing for `host`), split where the locked
 * pieces end: a copy goes by DMA only inside one (pinning.h). */
static void copy_split(const om_held_section *section, uintptr_t host, size_t bytes, char *to,
                       const char *from, int to_device, int from_device) {
  for (uintptr_t low = host, high = host + bytes, next; low < high; low = next) {
    next = om_pin_split(&section->pin, low, high);
    copy_or_stop(to + (low - host), from + (low - host), next - low, to_device, from_device);
  }
}

void om_held_copy_to_device(om_held_section *section, uintptr_t host, size_t bytes) {
  om_held_settle(section);
  uint64_t start = om_now_ns();
  size_t offset = host - section->chunks.begin;
  copy_split(section, host, bytes, section->device_copy + offset, (const char *)host,
             section->device, host_device());
  learn_addressable(section->device, section->device_copy + offset, (const void *)host, bytes);
  if (section->snapshot != NULL && section->snapshot_is_newest)
    om_held_copy_on_device(section, section->snapshot + offset, section->device_copy + offset,
                           bytes);
  count_copy(section, OM_TO_DEVICE, bytes, start);
}

bool om_held_send_to_device(om_held_section *section, uintptr_t host, size_t bytes) {
  if (section->snapshot_is_newest || !om_pin_in_one_piece(&section->pin, host, host + bytes))
    return false;
  uint64_t now = om_now_ns();
  uintptr_t device = (uintptr_t)section->device_copy + (host - section->chunks.begin);
  if (!om_pin_copy_async(&section->pin, device, (const void *)host, bytes))
    return false;
  om_held_sending *sending = &section->sending;
  if (sending->bytes == 0)
    sending->start_ns = now;
  note_in_flight(section);
  sending->bytes += bytes;
  sending->last_host = host;
  sending->last_bytes = bytes;
  return true;
}

void om_held_settle(om_held_section *section) {
  om_held_sending sent = section->sending;
  if (!sent.any)
    return;
  om_pin_wait(&section->pin);
  section->sending = (om_held_sending){0};
  om_held_sections_sending--;
  if (sent.bytes == 0)
    return;
  uintptr_t offset = sent.last_host - section->chunks.begin;
  learn_addressable(section->device, section->device_copy + offset, (const void *)sent.last_host,
                    sent.last_bytes);
  count_copy(section, OM_TO_DEVICE, sent.bytes, sent.start_ns);
}

void om_held_settle_each(om_held_table *table) {
  for (int i = 0, bound = om_held_slots_bound(table); om_held_sections_sending > 0 && i < bound;
       i++)
    om_held_settle(&table->slots[i]);
}

void om_held_copy_from_device(om_held_section *section, void *host_target, uintptr_t host,
                              size_t bytes) {
  om_held_settle(section);
  uint64_t start = om_now_ns();
  const char *newest = section->snapshot_is_newest ? section->snapshot : section->device_copy;
  copy_split(section, host, bytes, host_target, newest + (host - section->chunks.begin),
             host_device(), section->device);
  count_copy(section, OM_FROM_DEVICE, bytes, start);
}

/* Whether the device's copy of [low, high) of the edge is known to hold
 * the host's bytes. */
static bool edge_in_step(const om_shared_edge *edge, uintptr_t low, uintptr_t high) {
  return edge->known_low <= low && high <= edge->known_high &&
         memcmp(edge->known + (low - edge->low), (const void *)low, high - low) == 0;
}

/* [low, high) of the edge was just copied: host and device hold its bytes. */
static void remember_edge(om_shared_edge *edge, uintptr_t low, uintptr_t high) {
  memcpy(edge->known + (low - edge->low), (const void *)low, high - low);
  if (edge->known_low < edge->known_high && low <= edge->known_high && edge->known_low <= high) {
    edge->known_low = low < edge->known_low ? low : edge->known_low;
    edge->known_high = high > edge->known_high ? high : edge->known_high;
  } else {
    edge->known_low = low;
    edge->known_high = high;
  }
}

size_t om_held_copy_edges(om_held_section *section, uintptr_t begin, uintptr_t end,
                          om_direction direction) {
  size_t bytes = 0;
  for (int i = 0; i < 2; i++) {
    om_shared_edge *edge = &section->edges[i];
    uintptr_t low = edge->low, high = edge->high;
    if (!om_clip(&low, &high, begin, end))
      continue;
    if (direction == OM_TO_DEVICE) {
      if (edge_in_step(edge, low, high))
        continue;
      om_held_copy_to_device(section, low, high - low);
    } else {
      om_held_copy_from_device(section, (void *)low, low, high - low);
    }
    remember_edge(edge, low, high);
    bytes += high - low;
  }
  return bytes;
}


size_t om_held_footprint(const om_held_section *section) {
  return om_held_bytes(section) * (section->snapshot != NULL ? 2 : 1);
}

bool om_held_copies_by_dma(om_held_section *section) {
  om_pin_rest(&section->pin); /* its pages still writable (pinning.h) */
  return om_pinned(&section->pin) && host_cannot_address(section->device);
}
