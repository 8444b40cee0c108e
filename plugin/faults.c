/* faults.c - one SIGSEGV handler for the plugin's guarded memory. */
#include "faults.h"

#include "real.h"

#include <stdatomic.h>
#include <stddef.h>

static struct sigaction program_action; /* what the program asked for SIGSEGV */
static atomic_bool handler_installed;

enum { MAX_OWNERS = 4 };
static _Atomic om_fault_owner owners[MAX_OWNERS];

static bool owned(uintptr_t address) {
  for (int i = 0; i < MAX_OWNERS; i++) {
    om_fault_owner owner = atomic_load(&owners[i]);
    if (owner != NULL && owner(address))
      return true;
  }
  return false;
}

static void add_owner(om_fault_owner owner) {
  for (int i = 0; i < MAX_OWNERS; i++) {
    om_fault_owner seen = NULL;
    if (atomic_compare_exchange_strong(&owners[i], &seen, owner) || seen == owner)
      return;
  }
}

static _Thread_local bool program_blocks_sigsegv __attribute__((tls_model("initial-exec")));

bool om_faults_program_blocks_sigsegv(void) { return program_blocks_sigsegv; }

void om_faults_set_program_blocks_sigsegv(bool blocked) { program_blocks_sigsegv = blocked; }

static void restore_default_action(void) {
  struct sigaction fallback = {.sa_handler = SIG_DFL};
  sigemptyset(&fallback.sa_mask);
  OM_REAL(sigaction)(SIGSEGV, &fallback, NULL); /* found at install: only read here */
}

static void pass_on(int signal, siginfo_t *info, void *context) {
  if (program_blocks_sigsegv && info->si_code > 0) {
    restore_default_action(); /* a blocked fault kills; returning re-executes the access */
    return;
  }
  struct sigaction action = program_action;
  if ((action.sa_flags & SA_SIGINFO) && action.sa_sigaction != NULL) {
    action.sa_sigaction(signal, info, context);
    return;
  }
  if (action.sa_handler != SIG_DFL && action.sa_handler != SIG_IGN) {
    action.sa_handler(signal);
    return;
  }
  restore_default_action(); /* returning re-executes the access */
}

/* The address of this thread's last fault that no owner claimed, retried
 * once: an owner may have made the page accessible and let go of it between
 * the access and this handler (another thread gave a held block back), and
 * passing such a fault on would run the program's action, or reset the
 * handler to the default action for every later fault, for nothing. A
 * second fault at the same address in a row is passed on. */
static _Thread_local uintptr_t unclaimed_fault __attribute__((tls_model("initial-exec")));

static void on_fault(int signal, siginfo_t *info, void *context) {
  uintptr_t address = (uintptr_t)info->si_addr;
  if (info->si_code == SEGV_ACCERR) {
    if (owned(address)) {
      unclaimed_fault = 0;
      return; /* retried */
    }
    if (unclaimed_fault != address) {
      unclaimed_fault = address;
      return; /* retried once */
    }
  }
  unclaimed_fault = 0;
  pass_on(signal, info, context);
}

void om_faults_install(om_fault_owner owner) {
  add_owner(owner);
  if (atomic_exchange(&handler_installed, true))
    return;
  struct sigaction ours = {.sa_sigaction = on_fault, .sa_flags = SA_SIGINFO | SA_NODEFER};
  sigemptyset(&ours.sa_mask);
  OM_REAL(sigaction)(SIGSEGV, &ours, &program_action);
}

bool om_faults_take_sigaction(const struct sigaction *action, struct sigaction *old) {
  if (!atomic_load(&handler_installed))
    return false;
  if (old != NULL)
    *old = program_action;
  if (action != NULL)
    program_action = *action;
  return true;
}
