/* chunks.h - which copy of each part of a held heap block is the newest:
 * the bookkeeping of transfer elision (residency.h), kept apart so that it
 * can be tested alone.
 *
 * A held block's tracked pages [guard_low, guard_high) are cut into chunks
 * of OM_CHUNK_BYTES (the last one shorter); each chunk is in one state. The
 * program's bytes [begin, end) may start after guard_low and end before
 * guard_high (a block that owns its pages also has its heap header and
 * slack on them), or extend past them (the partial pages of a block that
 * shares them, which no chunk covers). All ranges are half-open. */
#ifndef OWNMAP_PLUGIN_CHUNKS_H
#define OWNMAP_PLUGIN_CHUNKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A probe of one element copies one chunk back, not the whole buffer. */
#define OM_CHUNK_BYTES ((uintptr_t)256 * 1024)

typedef enum {
  OM_CHUNK_IN_STEP,      /* host and device hold the same bytes; read-only */
  OM_CHUNK_HOST_NEWER,   /* the host wrote it since; writable */
  OM_CHUNK_DEVICE_NEWER, /* a kernel wrote it since; PROT_NONE */
} om_chunk_state;

typedef struct {
  uintptr_t begin, end;           /* the program's bytes */
  uintptr_t guard_low, guard_high; /* the tracked pages */
  uint8_t *states;                /* one om_chunk_state per chunk */
  size_t count;
} om_chunk_map;

/* The number of chunks that cover [guard_low, guard_high). */
size_t om_chunk_count(uintptr_t guard_low, uintptr_t guard_high);

/* Narrows [*low, *high) to [begin, end); false when nothing is left. */
bool om_clip(uintptr_t *low, uintptr_t *high, uintptr_t begin, uintptr_t end);

/* The pages of chunk i: [om_chunk_low, om_chunk_high). */
uintptr_t om_chunk_low(const om_chunk_map *map, size_t i);
uintptr_t om_chunk_high(const om_chunk_map *map, size_t i);

/* The program's bytes in chunk i (never the heap header or slack). */
uintptr_t om_chunk_data_low(const om_chunk_map *map, size_t i);
uintptr_t om_chunk_data_high(const om_chunk_map *map, size_t i);

/* The chunk that holds address (inside the tracked pages). */
size_t om_chunk_of(const om_chunk_map *map, uintptr_t address);

/* The chunks that [begin, end) meets, [*first, *last); false if none. */
bool om_chunks_meeting(const om_chunk_map *map, uintptr_t begin, uintptr_t end, size_t *first,
                       size_t *last);

/* The next run [*first, *last) of chunks in state from `from` on; false when
 * there is none. */
bool om_chunks_next_run(const om_chunk_map *map, om_chunk_state state, size_t from,
                        size_t *first, size_t *last);

void om_chunks_set(om_chunk_map *map, size_t first, size_t last, om_chunk_state state);

/* The program's bytes in chunks in state. */
size_t om_chunks_bytes_in(const om_chunk_map *map, om_chunk_state state);

#endif
