/* plugin.c - initialisation, exit summary and fork handling of the plugin. */
#include "plugin.h"
#include "hot_path.h"
#include "thread_id.h"

#include "checks.h"
#include "heap.h"
#include "message.h"
#include "options.h"
#include "output.h"
#include "pinning.h"
#include "ownmap.h"
#include "report.h"
#include "residency.h"
#include "run_report.h"
#include "self_time.h"
#include "stale.h"
#include "unload.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* This process, and, in a forked child, its parent: the child counts its
 * own copies (fork_child) and writes a report of its own only when the
 * OWNMAP_REPORT path names another file for it (%p), else none. */
static pid_t this_process, forked_from;
static bool report_is_parents;

static void print_summary_at_exit(void) {
  if (forked_from != 0)
    om_message("process %ld, forked from %ld, counts its own copies:", (long)this_process,
               (long)forked_from);
  om_report_transfers(&om_plugin_transfers);
}

static void write_report_at_exit(void) {
  const char *pattern = om_options()->values[OM_OPTION_REPORT].path;
  char path[PATH_MAX], program[4096];
  if (report_is_parents)
    return;
  if (!om_output_expand(pattern, getpid(), path, sizeof path)) {
    om_warning("cannot write the run report: OWNMAP_REPORT='%s' is too long a path", pattern);
    return;
  }
  om_run_report report = {.program = om_program_name(program, sizeof program) ? program : NULL,
                          .pid = (long)getpid(),
                          .rank = om_run_report_rank(),
                          .options = om_options(),
                          .ledger = &om_plugin_transfers,
                          .findings = &om_plugin_findings};
  om_run_report_write(path, &report);
}

/* Whether the report path names the same file in this process as in its
 * parent. Async-signal-safe (a fork handler calls it). */
static bool same_report_path(pid_t parent) {
  const char *pattern = om_options()->values[OM_OPTION_REPORT].path;
  char parents[PATH_MAX], mine[PATH_MAX];
  return pattern != NULL && om_output_expand(pattern, parent, parents, sizeof parents) &&
         om_output_expand(pattern, getpid(), mine, sizeof mine) && strcmp(mine, parents) == 0;
}

/* Lock order: the engine lock of transfer elision, the shadow's device
 * locks, the copies of unloaded origins, then the ledger's. */
static void fork_prepare(void) {
  om_residency_fork_prepare();
  om_shadow_fork_prepare(&om_plugin_shadow);
  om_unload_fork_prepare();
  om_ledger_fork_prepare(&om_plugin_transfers);
}
static void fork_parent(void) {
  om_ledger_fork_parent(&om_plugin_transfers);
  om_unload_fork_parent();
  om_shadow_fork_parent(&om_plugin_shadow);
  om_residency_fork_parent();
}
static void fork_child(void) {
  om_thread_id_fork_child();
  om_ledger_fork_child(&om_plugin_transfers);
  om_findings_fork_child(&om_plugin_findings);
  om_unload_fork_child();
  om_shadow_fork_child(&om_plugin_shadow);
  om_residency_fork_child();
  forked_from = this_process;
  this_process = getpid();
  om_options_fork_child(forked_from);
  report_is_parents = same_report_path(forked_from);
}

static void initialize(void) {
  /* The C library's functions are looked up now, at load, rather than at
   * their first call, which may come in a signal handler of the program's
   * (write is async-signal-safe; dlsym is not). */
  (void)OM_REAL(write);
  this_process = getpid();
  om_ledger_set_epoch(&om_plugin_transfers, om_now_ns());
  om_shadow_init(&om_plugin_shadow);
  const om_option_set *options = om_options();
  bool checks_full = om_option_choice(OM_OPTION_CHECKS) == OM_CHECKS_FULL;
  om_heap_set_recording(om_checks_enabled(), checks_full ? 0 : OM_HEAP_RECORD_MIN_BYTES);
  om_stale_configure(checks_full);
  om_residency_configure();
  om_pin_configure();
  om_self_time_configure(options->values[OM_OPTION_SELF_TIME].flag);
  if (options->values[OM_OPTION_VERBOSE].flag) {
    om_message("plugin active (version %s)", ownmap_version());
    om_options_print(options);
  }
  /* Registered first, so it runs last: after the leak check and with all
   * the findings. */
  if (options->values[OM_OPTION_REPORT].path != NULL && atexit(write_report_at_exit) != 0)
    om_warning("cannot register the run report at exit; none will be written");
  if (options->values[OM_OPTION_SUMMARY].flag && atexit(print_summary_at_exit) != 0)
    om_warning("cannot register the exit summary; none will be printed");
  /* Registered after the summary, so the leaks are reported before it. */
  if (om_checks_enabled() && atexit(om_checks_report_leaks) != 0)
    om_warning("cannot register the leak check at exit; leaks will not be reported");
  if (pthread_atfork(fork_prepare, fork_parent, fork_child) != 0)
    om_warning("cannot register fork handlers; a child forked while offloading may hang");
}

static pthread_once_t initialized = PTHREAD_ONCE_INIT;
/* Set once initialize has run: each offload call then reads this flag
 * instead of calling the C library's pthread_once (hot_path.h). */
static atomic_bool initialized_done;

static void initialize_once(void) {
  initialize();
  atomic_store_explicit(&initialized_done, true, memory_order_release);
}

OM_HOT void om_plugin_init(void) {
  if (!atomic_load_explicit(&initialized_done, memory_order_acquire))
    pthread_once(&initialized, initialize_once);
}

/* Initialise at load so that settings are reported even if nothing offloads. */
__attribute__((constructor)) static void initialize_at_load(void) { om_plugin_init(); }
