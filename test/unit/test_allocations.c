/* unit-allocation-record: blocks are found by start address with their
 * size, forgotten on removal, re-adding a start replaces its record, slots
 * of removed blocks are reused; a small block whose home another start
 * takes is no longer found, never found with the other's size; blocks
 * below the minimum are not recorded, and records made before it was
 * raised are not found; concurrent adds and removes from several threads
 * lose nothing (small blocks at distinct homes, large blocks anywhere). */
#include "allocations.h"
#include "check.h"

#include <pthread.h>

/* How far apart two small blocks' starts are when they share a home
 * (allocations.c: a slot per 32 bytes). */
#define SMALL_SPAN ((uintptr_t)OM_ALLOCATIONS_SMALL_SLOTS * 32)
#define LARGE OM_ALLOCATIONS_SMALL_BYTES

static void test_add_find_remove(size_t base) {
  static char block[64] __attribute__((aligned(32)));
  size_t size = 0;
  CHECK(!om_allocation_size(block, &size));
  CHECK(om_allocation_add(block, base + 48));
  CHECK(om_allocation_size(block, &size));
  CHECK_EQ_U64(size, base + 48);
  CHECK(!om_allocation_size(block + 32, &size)); /* only starts are keys */
  size = 0;
  CHECK(om_allocation_take(block, &size));
  CHECK_EQ_U64(size, base + 48);
  CHECK(!om_allocation_size(block, &size));
  CHECK(!om_allocation_take(block, &size)); /* twice: no effect */
  CHECK(om_allocation_add(block, base + 32));
  CHECK(om_allocation_size(block, &size));
  CHECK_EQ_U64(size, base + 32);
  /* A block freed unseen comes back from malloc: its record is replaced. */
  CHECK(om_allocation_add(block, base + 16));
  CHECK(om_allocation_size(block, &size));
  CHECK_EQ_U64(size, base + 16);
  CHECK(om_allocation_take(block, &size));
  CHECK(!om_allocation_take(block, &size));
  CHECK(!om_allocation_add(NULL, 8));
}

/* A small block freed unseen, whose start then comes back as a large
 * block, and the other way round: the newest record is the one found. */
static void test_small_and_large_at_one_start(void) {
  const void *start = (const void *)(uintptr_t)0x5a000020;
  size_t size = 0;
  CHECK(om_allocation_add(start, 100));
  CHECK(om_allocation_add(start, LARGE + 100));
  CHECK(om_allocation_size(start, &size));
  CHECK_EQ_U64(size, LARGE + 100);
  CHECK(om_allocation_take(start, &size));
  CHECK_EQ_U64(size, LARGE + 100);
  CHECK(!om_allocation_size(start, &size));
}

static void test_shared_home(void) {
  uintptr_t first = 0x40000020, second = first + SMALL_SPAN;
  size_t size = 0;
  CHECK(om_allocation_add((void *)first, 100));
  CHECK(om_allocation_add((void *)second, 200));
  CHECK(!om_allocation_size((void *)first, &size)); /* displaced: unknown, never 200 */
  CHECK(om_allocation_size((void *)second, &size));
  CHECK_EQ_U64(size, 200);
  CHECK(!om_allocation_take((void *)first, &size));
  CHECK(om_allocation_size((void *)second, &size)); /* the free of first left second */
  CHECK(om_allocation_take((void *)second, &size));
  /* Large blocks are never displaced. */
  CHECK(om_allocation_add((void *)first, LARGE));
  CHECK(om_allocation_add((void *)second, LARGE + 1));
  CHECK(om_allocation_size((void *)first, &size) && size == LARGE);
  CHECK(om_allocation_size((void *)second, &size) && size == LARGE + 1);
  CHECK(om_allocation_take((void *)first, &size) && om_allocation_take((void *)second, &size));
}

static void test_minimum(void) {
  const void *early = (const void *)(uintptr_t)0x61000040;
  const void *small = (const void *)(uintptr_t)0x61000080;
  const void *kept = (const void *)(uintptr_t)0x610000c0;
  size_t size = 0;
  CHECK(om_allocation_add(early, 48)); /* recorded before the minimum is raised */
  om_allocations_set_min(1024);
  CHECK(!om_allocation_recorded_size(1023) && om_allocation_recorded_size(1024));
  CHECK(!om_allocation_size(early, &size)); /* may have been freed unseen since */
  CHECK(!om_allocation_add(small, 1023));
  CHECK(!om_allocation_size(small, &size));
  CHECK(om_allocation_add(kept, 1024));
  CHECK(om_allocation_size(kept, &size) && size == 1024);
  CHECK(om_allocation_take(kept, &size) && size == 1024);
  om_allocations_set_min(0);
  CHECK(om_allocation_take(early, &size)); /* clean for the tests after */
}

enum { THREADS = 4, BLOCKS = 8000 };

/* Fake, distinct addresses per thread, 32 bytes apart: small blocks at
 * distinct homes. */
static uintptr_t address_of(int thread, int i) {
  return 0x10000000u + ((uintptr_t)thread * BLOCKS + (uintptr_t)i) * 32;
}

/* Small sizes on odd rounds of the size, large on even ones. */
static size_t size_of(int i) { return i % 2 ? (size_t)i : LARGE + (size_t)i; }

static void *churn(void *arg) {
  int thread = (int)(intptr_t)arg;
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < BLOCKS; i++)
      CHECK(om_allocation_add((void *)address_of(thread, i), size_of(i)));
    for (int i = 0; i < BLOCKS; i++) {
      size_t size = 0;
      CHECK(om_allocation_size((void *)address_of(thread, i), &size) && size == size_of(i));
      if (i % 3 == 0 || round < 2)
        CHECK(om_allocation_take((void *)address_of(thread, i), &size) && size == size_of(i));
    }
  }
  return NULL;
}

static void test_concurrent(void) {
  pthread_t threads[THREADS];
  for (int t = 0; t < THREADS; t++)
    pthread_create(&threads[t], NULL, churn, (void *)(intptr_t)t);
  for (int t = 0; t < THREADS; t++)
    pthread_join(threads[t], NULL);
  for (int t = 0; t < THREADS; t++)
    for (int i = 0; i < BLOCKS; i++) {
      size_t size;
      CHECK(om_allocation_size((void *)address_of(t, i), &size) == (i % 3 != 0));
    }
}

int main(void) {
  test_add_find_remove(0);
  test_add_find_remove(LARGE);
  test_small_and_large_at_one_start();
  test_shared_home();
  test_minimum();
  test_concurrent();
  return check_report("unit-allocation-record");
}
