/* takeover.h - which map entries of a kernel transfer elision takes over
 * (residency.h): the policy as pure functions of what is known about an
 * entry, so that it can be tested alone.
 *
 * The engine holds whole heap blocks through one extra reference, so any
 * map of the same block by another entry or by the program would find it
 * present and copy nothing: such blocks are left to the runtime. */
#ifndef OWNMAP_PLUGIN_TAKEOVER_H
#define OWNMAP_PLUGIN_TAKEOVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Smaller entries are left to the runtime: the fault costs more. */
#define OM_TAKEOVER_MIN_BYTES (64u * 1024u)

/* What the call says about one entry. */
typedef struct {
  const void *begin;
  int64_t size, type;
  bool has_mapper;
  bool nowait; /* the kernel is a nowait target task */
} om_takeover_entry;

/* Whether the entry itself may be taken over: large enough, TO and/or FROM,
 * none of always, delete, present, ompx_hold, private, literal, struct
 * member or pointer-and-object bits, no user-defined mapper, not nowait. */
bool om_takeover_entry_eligible(const om_takeover_entry *entry);

/* What is known about the heap block the entry lies in. */
typedef struct {
  uintptr_t start;
  size_t size;
  bool unsteady;       /* given back early before: left to the runtime until freed */
  bool others_map;     /* another entry of the same call maps part of it */
  bool program_maps;   /* the program has part of it mapped (data region, enter data) */
} om_takeover_block;

/* Whether the block may be held for the entry: the section lies inside it,
 * it holds at least one whole page, and nothing else maps it. */
bool om_takeover_block_eligible(const om_takeover_entry *entry, const om_takeover_block *block,
                                uintptr_t page);

#endif
