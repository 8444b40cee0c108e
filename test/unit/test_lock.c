/* test_lock: om_lock (rtl/lock.h) lets one thread at a time into its
 * section, however many contend, and wakes every thread that slept on it. */
#include "check.h"
#include "lock.h"

#include <pthread.h>
#include <sched.h>
#include <time.h>

enum { THREADS = 6, ROUNDS = 100000, SLEEPERS = 4 };

static om_lock lock = OM_LOCK_INIT;
static uint64_t counter;      /* plain: only the lock protects it */
static atomic_int inside;     /* threads in the section now */
static atomic_int overlapped; /* times a thread found another inside */

static void *contend(void *unused) {
  (void)unused;
  for (int i = 0; i < ROUNDS; i++) {
    om_lock_acquire(&lock);
    if (atomic_fetch_add(&inside, 1) != 0)
      atomic_fetch_add(&overlapped, 1);
    counter++;
    if (i % 1000 == 0)
      sched_yield(); /* lets others pile up on the held lock, so some sleep */
    atomic_fetch_sub(&inside, 1);
    om_lock_release(&lock);
  }
  return NULL;
}

static void one_at_a_time(void) {
  pthread_t threads[THREADS];
  for (int t = 0; t < THREADS; t++)
    CHECK(pthread_create(&threads[t], NULL, contend, NULL) == 0);
  for (int t = 0; t < THREADS; t++)
    pthread_join(threads[t], NULL);
  CHECK_EQ_U64(counter, (uint64_t)THREADS * ROUNDS);
  CHECK_EQ_U64(atomic_load(&overlapped), 0);
  CHECK_EQ_U64(atomic_load(&lock.state), 0);
}

static atomic_int woken;

static void *sleep_on_lock(void *unused) {
  (void)unused;
  om_lock_acquire(&lock);
  atomic_fetch_add(&woken, 1);
  om_lock_release(&lock);
  return NULL;
}

static double seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* Threads that find the lock held announce themselves (state 2) and sleep;
 * giving it back must wake them all, one after the other. */
static void sleepers_all_wake(void) {
  pthread_t threads[SLEEPERS];
  om_lock_acquire(&lock);
  for (int t = 0; t < SLEEPERS; t++)
    CHECK(pthread_create(&threads[t], NULL, sleep_on_lock, NULL) == 0);
  double deadline = seconds() + 10;
  while (atomic_load(&lock.state) != 2 && seconds() < deadline)
    sched_yield();
  CHECK_EQ_U64(atomic_load(&lock.state), 2); /* a waiter announced itself */
  CHECK_EQ_U64(atomic_load(&woken), 0);     /* and nobody got in */
  om_lock_release(&lock);
  for (int t = 0; t < SLEEPERS; t++)
    pthread_join(threads[t], NULL);
  CHECK_EQ_U64(atomic_load(&woken), SLEEPERS);
  CHECK_EQ_U64(atomic_load(&lock.state), 0);
}

int main(void) {
  one_at_a_time();
  sleepers_all_wake();
  return check_failures == 0 ? 0 : 1;
}
