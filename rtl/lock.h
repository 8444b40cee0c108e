/* lock.h - the mutex of data that every target region touches (the
 * shadow's devices), taken and given back without a call into the C
 * library, so that a region's path runs none of the library's code and
 * reads none of the plugin's links to it: 15 cache lines fewer a copying
 * region (test/bench/region-footprint; on an H100 host its cost changed
 * within the noise, docs/results/2026-12-06.md, runs 42-43).
 *
 * Model: the lock is one word in three states, 0 free, 1 held, 2 held and
 * a thread may be asleep waiting for it. Taking it is one compare-and-swap
 * from 0 to 1 when free; otherwise the taker sets the word to 2 and sleeps
 * in the kernel (futex) while it stays 2, and retries by swapping in 2
 * (so a thread that wins after waiting leaves it 2: someone else may still
 * wait). Giving it back swaps in 0 and, when the old value was 2, wakes
 * one sleeper. A waiter sleeps only while the word is 2, and the holder
 * always sees 2 when someone may sleep, so no wake-up is lost. Waiters
 * sleep rather than spin: the holder may be descheduled. Not recursive;
 * not for signal handlers (as pthread mutexes). A forked child resets it
 * (om_lock_init) in its fork handler.
 */
#ifndef OWNMAP_RTL_LOCK_H
#define OWNMAP_RTL_LOCK_H

#include <stdatomic.h>
#include <stdint.h>

typedef struct {
  _Atomic uint32_t state; /* 0 free, 1 held, 2 held with possible waiters */
} om_lock;

#define OM_LOCK_INIT {0}

static inline void om_lock_init(om_lock *lock) {
  atomic_store_explicit(&lock->state, 0, memory_order_relaxed);
}

/* The slow paths, out of line (lock.c). */
void om_lock_wait(om_lock *lock);
void om_lock_wake(om_lock *lock);

static inline void om_lock_acquire(om_lock *lock) {
  uint32_t expected = 0;
  if (!atomic_compare_exchange_strong_explicit(&lock->state, &expected, 1, memory_order_acquire,
                                               memory_order_relaxed))
    om_lock_wait(lock);
}

static inline void om_lock_release(om_lock *lock) {
  if (atomic_exchange_explicit(&lock->state, 0, memory_order_release) == 2)
    om_lock_wake(lock);
}

#endif
