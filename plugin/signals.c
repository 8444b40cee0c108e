/* signals.c - the program's signal calls, interposed so that the plugin's
 * SIGSEGV handler (faults.c) always runs.
 *
 * The kernel does not deliver a fault's SIGSEGV to a thread that blocks it:
 * it kills the process. Threads that block every signal are common (a
 * process that blocks all signals before it starts its workers, dedicated
 * signal-handling threads, handlers installed with a full sa_mask), and any
 * of them touching memory the plugin protects would die. So while the
 * plugin may protect memory (checks not off), SIGSEGV is never really
 * blocked: it is taken out of every mask the program sets with
 * pthread_sigmask or sigprocmask and out of every handler's sa_mask, and
 * put back into what those calls report, so the program sees the masks it
 * set. A fault the plugin does not own on a thread whose mask (as the
 * program set it) blocks SIGSEGV gets the default action, as the kernel
 * would give it.
 *
 * The program's view of a thread's SIGSEGV bit is thread-local and starts
 * clear in every new thread (a thread created by one that blocks SIGSEGV
 * reports it unblocked). Masks set other ways (sigsuspend, pselect, ppoll,
 * epoll_pwait, signalfd users' sigwait, raw system calls) are not seen. */
#include "checks.h"
#include "faults.h"
#include "real.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>

#define OM_EXPORT __attribute__((visibility("default")))

/* Signals whose handler the program installed with SIGSEGV in sa_mask. */
static atomic_ullong handler_masks_sigsegv;

static bool keep_sigsegv_deliverable(void) { return om_checks_enabled(); }

static unsigned long long signal_bit(int signal) {
  return signal > 0 && signal <= 64 ? 1ull << (signal - 1) : 0;
}

OM_EXPORT int sigaction(int signal, const struct sigaction *action, struct sigaction *old) {
  if (signal == SIGSEGV && om_faults_take_sigaction(action, old))
    return 0;
  unsigned long long bit = signal_bit(signal);
  bool was_masked = (atomic_load(&handler_masks_sigsegv) & bit) != 0;
  bool masks = action != NULL && keep_sigsegv_deliverable() &&
               sigismember(&action->sa_mask, SIGSEGV) == 1;
  struct sigaction deliverable;
  if (masks) {
    deliverable = *action;
    sigdelset(&deliverable.sa_mask, SIGSEGV);
    action = &deliverable;
  }
  int result = OM_REAL(sigaction)(signal, action, old);
  if (result != 0)
    return result;
  if (old != NULL && was_masked)
    sigaddset(&old->sa_mask, SIGSEGV);
  if (action != NULL && masks) /* what the program asked for, as it reads it back */
    atomic_fetch_or(&handler_masks_sigsegv, bit);
  else if (action != NULL)
    atomic_fetch_and(&handler_masks_sigsegv, ~bit);
  return 0;
}

OM_EXPORT sighandler_t signal(int signal, sighandler_t handler) {
  struct sigaction action = {.sa_handler = handler, .sa_flags = SA_RESTART}, old;
  sigemptyset(&action.sa_mask);
  if (sigaction(signal, &action, &old) != 0)
    return SIG_ERR;
  return old.sa_handler;
}

/* Whether `how` with `set` leaves SIGSEGV blocked, from `was`. */
static bool blocks_after(int how, const sigset_t *set, bool was) {
  if (set == NULL)
    return was;
  bool named = sigismember(set, SIGSEGV) == 1;
  switch (how) {
  case SIG_BLOCK:
    return was || named;
  case SIG_UNBLOCK:
    return was && !named;
  case SIG_SETMASK:
    return named;
  default:
    return was;
  }
}

/* One mask call: SIGSEGV taken out of the set, and the program's view of
 * it kept and reported in *old. */
static int set_mask(__typeof__(&sigprocmask) set_real, int how, const sigset_t *set,
                    sigset_t *old) {
  if (!keep_sigsegv_deliverable())
    return set_real(how, set, old);
  sigset_t without;
  const sigset_t *request = set;
  if (set != NULL && sigismember(set, SIGSEGV) == 1) {
    without = *set;
    sigdelset(&without, SIGSEGV);
    request = &without;
  }
  bool was = om_faults_program_blocks_sigsegv();
  int result = set_real(how, request, old);
  if (result != 0)
    return result;
  if (old != NULL && was)
    sigaddset(old, SIGSEGV);
  om_faults_set_program_blocks_sigsegv(blocks_after(how, set, was));
  return 0;
}

OM_EXPORT int pthread_sigmask(int how, const sigset_t *set, sigset_t *old) {
  return set_mask(OM_REAL(pthread_sigmask), how, set, old);
}

OM_EXPORT int sigprocmask(int how, const sigset_t *set, sigset_t *old) {
  return set_mask(OM_REAL(sigprocmask), how, set, old);
}
