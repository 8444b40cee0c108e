/* faults.h - the plugin's SIGSEGV handler, shared by the checks that guard
 * host memory with mprotect (stale.c) and transfer elision (residency.h).
 *
 * Installed on first use. A fault is offered to each owner in turn; one
 * that owns the address makes it accessible (or the data right) and the
 * access is retried. Faults nobody owns go to the action the program had or
 * installs later (sigaction and signal are interposed for SIGSEGV while the
 * handler is installed), else to the default action.
 */
#ifndef OWNMAP_PLUGIN_FAULTS_H
#define OWNMAP_PLUGIN_FAULTS_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

/* Returns true when it owned the fault at address (and dealt with it). */
typedef bool (*om_fault_owner)(uintptr_t address);

/* Adds an owner (at most a few; asked in the order added) and installs the
 * handler. */
void om_faults_install(om_fault_owner owner);

/* sigaction for SIGSEGV while the handler is installed: records the
 * program's action (to run for faults the plugin does not own) and returns
 * true; false when the handler is not installed. */
bool om_faults_take_sigaction(const struct sigaction *action, struct sigaction *old);

/* The program's view of whether the calling thread blocks SIGSEGV
 * (signals.c keeps it really unblocked): a fault nobody owns then gets the
 * default action, as the kernel gives a blocked synchronous SIGSEGV. */
bool om_faults_program_blocks_sigsegv(void);
void om_faults_set_program_blocks_sigsegv(bool blocked);

#endif
