/* The chunk bookkeeping of held blocks (plugin/chunks.c): chunk bounds,
 * the program's bytes in the first and last chunk, runs, meeting ranges. */
#include "check.h"
#include "chunks.h"

#include <stdint.h>

enum { PAGE = 4096 };

/* A block that owns its pages: a 16-byte heap header before begin, slack
 * after end; 2.5 chunks of tracked pages. */
static om_chunk_map owned_map(uint8_t *states) {
  uintptr_t guard_low = 0x10000000, guard_high = guard_low + 2 * OM_CHUNK_BYTES + 32 * PAGE;
  om_chunk_map map = {.begin = guard_low + 16, .end = guard_high - 100,
                      .guard_low = guard_low, .guard_high = guard_high, .states = states,
                      .count = om_chunk_count(guard_low, guard_high)};
  om_chunks_set(&map, 0, map.count, OM_CHUNK_HOST_NEWER);
  return map;
}

static void bounds_and_data(void) {
  uint8_t states[8];
  om_chunk_map map = owned_map(states);
  CHECK_EQ_U64(map.count, 3);
  CHECK_EQ_U64(om_chunk_low(&map, 1), map.guard_low + OM_CHUNK_BYTES);
  CHECK_EQ_U64(om_chunk_high(&map, 2), map.guard_high); /* the last one is short */
  CHECK_EQ_U64(om_chunk_data_low(&map, 0), map.begin);  /* not the heap header */
  CHECK_EQ_U64(om_chunk_data_low(&map, 1), om_chunk_low(&map, 1));
  CHECK_EQ_U64(om_chunk_data_high(&map, 2), map.end); /* not the slack */
  CHECK_EQ_U64(om_chunks_bytes_in(&map, OM_CHUNK_HOST_NEWER), map.end - map.begin);
  CHECK_EQ_U64(om_chunk_of(&map, map.guard_high - 1), 2);
  CHECK_EQ_U64(om_chunk_of(&map, om_chunk_low(&map, 1)), 1);
  CHECK_EQ_U64(om_chunk_of(&map, om_chunk_low(&map, 1) - 1), 0);
}

static void runs(void) {
  uint8_t states[8];
  om_chunk_map map = owned_map(states);
  om_chunks_set(&map, 1, 3, OM_CHUNK_DEVICE_NEWER);
  size_t first = 99, last = 99;
  CHECK(om_chunks_next_run(&map, OM_CHUNK_DEVICE_NEWER, 0, &first, &last));
  CHECK_EQ_U64(first, 1);
  CHECK_EQ_U64(last, 3);
  CHECK(!om_chunks_next_run(&map, OM_CHUNK_DEVICE_NEWER, 3, &first, &last));
  CHECK(!om_chunks_next_run(&map, OM_CHUNK_IN_STEP, 0, &first, &last));
  CHECK(om_chunks_next_run(&map, OM_CHUNK_HOST_NEWER, 0, &first, &last));
  CHECK_EQ_U64(first, 0);
  CHECK_EQ_U64(last, 1);
  CHECK_EQ_U64(om_chunks_bytes_in(&map, OM_CHUNK_DEVICE_NEWER),
               map.end - om_chunk_low(&map, 1));
}

static void meeting(void) {
  uint8_t states[8];
  om_chunk_map map = owned_map(states);
  size_t first = 99, last = 99;
  /* One byte on each side of the first chunk boundary. */
  uintptr_t boundary = om_chunk_low(&map, 1);
  CHECK(om_chunks_meeting(&map, boundary - 1, boundary + 1, &first, &last));
  CHECK_EQ_U64(first, 0);
  CHECK_EQ_U64(last, 2);
  /* Half-open: ending at the boundary meets chunk 0 only. */
  CHECK(om_chunks_meeting(&map, boundary - 8, boundary, &first, &last));
  CHECK_EQ_U64(last, 1);
  /* Outside the tracked pages: none. */
  CHECK(!om_chunks_meeting(&map, map.guard_high, map.guard_high + PAGE, &first, &last));
  CHECK(!om_chunks_meeting(&map, map.guard_low - PAGE, map.guard_low, &first, &last));
  /* A block in the main heap whose bytes extend past its tracked pages. */
  om_chunk_map shared = {.begin = 0x20000010, .end = 0x20000010 + 3 * PAGE,
                         .guard_low = 0x20001000, .guard_high = 0x20003000,
                         .states = states, .count = om_chunk_count(0x20001000, 0x20003000)};
  CHECK_EQ_U64(shared.count, 1);
  CHECK(om_chunks_meeting(&shared, shared.begin, shared.end, &first, &last));
  CHECK_EQ_U64(first, 0);
  CHECK_EQ_U64(last, 1);
  CHECK_EQ_U64(om_chunk_data_low(&shared, 0), shared.guard_low);
  CHECK_EQ_U64(om_chunk_data_high(&shared, 0), shared.guard_high);
}

static void clipping(void) {
  uintptr_t low = 10, high = 20;
  CHECK(om_clip(&low, &high, 15, 30));
  CHECK_EQ_U64(low, 15);
  CHECK_EQ_U64(high, 20);
  low = 10, high = 20;
  CHECK(!om_clip(&low, &high, 20, 30)); /* touching is not overlapping */
}

int main(void) {
  bounds_and_data();
  runs();
  meeting();
  clipping();
  return check_report("unit-chunk-bookkeeping");
}
