/* lock.c - the sleeping and waking of om_lock (lock.h has the model). */
#include "lock.h"

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

void om_lock_wait(om_lock *lock) {
  /* Announce a waiter (2) and sleep until a swap finds the lock free. */
  while (atomic_exchange_explicit(&lock->state, 2, memory_order_acquire) != 0)
    syscall(SYS_futex, &lock->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
}

void om_lock_wake(om_lock *lock) {
  syscall(SYS_futex, &lock->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
