/* chunks.c - the chunk bookkeeping of held blocks (chunks.h). */
#include "chunks.h"

#include <string.h>

size_t om_chunk_count(uintptr_t guard_low, uintptr_t guard_high) {
  return (guard_high - guard_low + OM_CHUNK_BYTES - 1) / OM_CHUNK_BYTES;
}

bool om_clip(uintptr_t *low, uintptr_t *high, uintptr_t begin, uintptr_t end) {
  if (*low < begin)
    *low = begin;
  if (*high > end)
    *high = end;
  return *low < *high;
}

uintptr_t om_chunk_low(const om_chunk_map *map, size_t i) {
  return map->guard_low + i * OM_CHUNK_BYTES;
}

uintptr_t om_chunk_high(const om_chunk_map *map, size_t i) {
  uintptr_t high = om_chunk_low(map, i) + OM_CHUNK_BYTES;
  return high < map->guard_high ? high : map->guard_high;
}

uintptr_t om_chunk_data_low(const om_chunk_map *map, size_t i) {
  uintptr_t low = om_chunk_low(map, i);
  return low > map->begin ? low : map->begin;
}

uintptr_t om_chunk_data_high(const om_chunk_map *map, size_t i) {
  uintptr_t high = om_chunk_high(map, i);
  return high < map->end ? high : map->end;
}

size_t om_chunk_of(const om_chunk_map *map, uintptr_t address) {
  return (address - map->guard_low) / OM_CHUNK_BYTES;
}

bool om_chunks_meeting(const om_chunk_map *map, uintptr_t begin, uintptr_t end, size_t *first,
                       size_t *last) {
  uintptr_t low = map->guard_low, high = map->guard_high;
  if (!om_clip(&low, &high, begin, end))
    return false;
  *first = om_chunk_of(map, low);
  *last = om_chunk_of(map, high - 1) + 1;
  return true;
}

bool om_chunks_next_run(const om_chunk_map *map, om_chunk_state state, size_t from,
                        size_t *first, size_t *last) {
  size_t i = from;
  while (i < map->count && map->states[i] != state)
    i++;
  if (i >= map->count)
    return false;
  *first = i;
  while (i < map->count && map->states[i] == state)
    i++;
  *last = i;
  return true;
}

void om_chunks_set(om_chunk_map *map, size_t first, size_t last, om_chunk_state state) {
  memset(map->states + first, state, last - first);
}

size_t om_chunks_bytes_in(const om_chunk_map *map, om_chunk_state state) {
  size_t bytes = 0;
  for (size_t i = 0; i < map->count; i++)
    if (map->states[i] == state)
      bytes += om_chunk_data_high(map, i) - om_chunk_data_low(map, i);
  return bytes;
}
