/* unit-allocation-record: blocks are found by start address with their
 * size, forgotten on removal, re-adding a start replaces its record, slots
 * of removed blocks are reused, and
 * concurrent adds and removes from several threads lose nothing. */
#include "allocations.h"
#include "check.h"

#include <pthread.h>

static void test_add_find_remove(void) {
  static char block[64] __attribute__((aligned(16)));
  size_t size = 0;
  CHECK(!om_allocation_size(block, &size));
  CHECK(om_allocation_add(block, 48));
  CHECK(om_allocation_size(block, &size));
  CHECK_EQ_U64(size, 48);
  CHECK(!om_allocation_size(block + 16, &size)); /* only starts are keys */
  size = 0;
  CHECK(om_allocation_take(block, &size));
  CHECK_EQ_U64(size, 48);
  CHECK(!om_allocation_size(block, &size));
  CHECK(!om_allocation_take(block, &size)); /* twice: no effect */
  CHECK(om_allocation_add(block, 32));
  CHECK(om_allocation_size(block, &size));
  CHECK_EQ_U64(size, 32);
  /* A block freed unseen comes back from malloc: its record is replaced. */
  CHECK(om_allocation_add(block, 16));
  CHECK(om_allocation_size(block, &size));
  CHECK_EQ_U64(size, 16);
  CHECK(om_allocation_take(block, &size));
  CHECK(!om_allocation_take(block, &size));
  CHECK(!om_allocation_add(NULL, 8));
}

enum { THREADS = 4, BLOCKS = 20000 };

/* Fake, distinct, 16-byte aligned addresses per thread. */
static uintptr_t address_of(int thread, int i) {
  return 0x10000000u + ((uintptr_t)thread * BLOCKS + (uintptr_t)i) * 16;
}

static void *churn(void *arg) {
  int thread = (int)(intptr_t)arg;
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < BLOCKS; i++)
      CHECK(om_allocation_add((void *)address_of(thread, i), (size_t)i + 1));
    for (int i = 0; i < BLOCKS; i++) {
      size_t size = 0;
      CHECK(om_allocation_size((void *)address_of(thread, i), &size) && size == (size_t)i + 1);
      if (i % 2 == 0 || round < 2)
        CHECK(om_allocation_take((void *)address_of(thread, i), &size) && size == (size_t)i + 1);
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
      CHECK(om_allocation_size((void *)address_of(t, i), &size) == (i % 2 == 1));
    }
}

int main(void) {
  test_add_find_remove();
  test_concurrent();
  return check_report("unit-allocation-record");
}
