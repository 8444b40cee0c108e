/* options.c - the OWNMAP_* descriptor table and its parser. */
#include "options.h"

#include "message.h"
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static const char *const checks_choices[] = {"off", "fast", "full", NULL};
static const char *const on_error_choices[] = {"abort", "warn", NULL};
static const char *const elide_choices[] = {"off", "safe", "lazy", NULL};

const om_option_desc om_option_table[OM_OPTION_COUNT] = {
    [OM_OPTION_LOG] = {.env_name = "OWNMAP_LOG", .kind = OM_OPTION_PATH,
                       .unset_path = "(stderr)",
                       .description = "append messages and the summary to this file instead "
                                      "of stderr (%p: process id, %r: MPI rank); when it "
                                      "stops taking lines (a full disk), a warning and the "
                                      "rest go to stderr"},
    [OM_OPTION_VERBOSE] = {.env_name = "OWNMAP_VERBOSE", .kind = OM_OPTION_FLAG,
                           .description = "1: say that the plugin is active, print the options "
                                          "and what is passed through uncounted"},
    [OM_OPTION_SUMMARY] = {.env_name = "OWNMAP_SUMMARY", .kind = OM_OPTION_FLAG,
                           .description = "1: print the host<->device transfer summary at exit"},
    [OM_OPTION_REPORT] = {.env_name = "OWNMAP_REPORT", .kind = OM_OPTION_PATH,
                          .description = "write the run report (JSON, schema "
                                         "ownmap-run-report/2: the settings, bytes copied and "
                                         "elided and time per device and per variable, the "
                                         "checks' findings, a timeline of the copies) to this "
                                         "file at exit, never half-written (%p: process id, "
                                         "%r: MPI rank)",
                          .unset_path = "(none)"},
    [OM_OPTION_CHECKS] = {.env_name = "OWNMAP_CHECKS", .kind = OM_OPTION_CHOICE,
                          .description = "mapping safety checks: off, fast (bounds of heap "
                                         "blocks of 1 KiB and more, free while mapped, "
                                         "overlaps, leaks) or full (every block's bounds, "
                                         "also stale host data)",
                          .choices = checks_choices, .default_choice = OM_CHECKS_FAST},
    [OM_OPTION_ON_ERROR] = {.env_name = "OWNMAP_ON_ERROR", .kind = OM_OPTION_CHOICE,
                            .description = "after an error: abort the program, or warn and go on",
                            .choices = on_error_choices, .default_choice = OM_ON_ERROR_ABORT},
    [OM_OPTION_ELIDE] = {.env_name = "OWNMAP_ELIDE", .kind = OM_OPTION_CHOICE,
                         .description = "transfer elision: off, safe (keep device copies, skip "
                                        "copies of unchanged data) or lazy (also copy results "
                                        "back only when the host touches them); needs "
                                        "OWNMAP_CHECKS fast or full",
                         .choices = elide_choices, .default_choice = OM_ELIDE_LAZY},
    [OM_OPTION_CACHE_MB] = {.env_name = "OWNMAP_CACHE_MB", .kind = OM_OPTION_NUMBER,
                            .description = "device memory (MiB) that elision may keep "
                                           "allocated for device copies; least recently used "
                                           "copies are evicted beyond it",
                            .default_number = 4096,
                            .max_number = SIZE_MAX >> 20 /* its bytes fit in a size_t */},
    [OM_OPTION_PIN] = {.env_name = "OWNMAP_PIN", .kind = OM_OPTION_FLAG, .default_flag = true,
                       .description = "1: page-lock the host memory of blocks elision holds "
                                      "(1 MiB and more, CUDA devices), so the copies that "
                                      "remain run at the pinned rate"},
    [OM_OPTION_SELF_TIME] = {.env_name = "OWNMAP_SELF_TIME", .kind = OM_OPTION_FLAG,
                             .description = "1: time the plugin's own code per offload call "
                                            "and print the means at exit"},
};

static bool parse_flag(const char *text, bool *flag) {
  static const char *const yes[] = {"1", "yes", "true", "on"};
  static const char *const no[] = {"0", "no", "false", "off"};
  for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
    if (strcasecmp(text, yes[i]) == 0) {
      *flag = true;
      return true;
    }
    if (strcasecmp(text, no[i]) == 0) {
      *flag = false;
      return true;
    }
  }
  return false;
}

typedef enum { NUMBER_OK, NUMBER_MALFORMED, NUMBER_OUT_OF_RANGE } number_outcome;

/* Digits only: strtoull alone would take blanks and a sign, and wrap "-1". */
static number_outcome parse_number(const char *text, unsigned long long max,
                                   unsigned long long *number) {
  if (text[0] < '0' || text[0] > '9')
    return NUMBER_MALFORMED;
  char *end;
  errno = 0;
  unsigned long long value = strtoull(text, &end, 10);
  if (*end != '\0')
    return NUMBER_MALFORMED;
  if (errno == ERANGE || value > max)
    return NUMBER_OUT_OF_RANGE;
  *number = value;
  return NUMBER_OK;
}

static bool parse_choice(const char *text, const char *const *choices, int *choice) {
  for (int i = 0; choices[i] != NULL; i++) {
    if (strcasecmp(text, choices[i]) == 0) {
      *choice = i;
      return true;
    }
  }
  return false;
}

/* "a|b|c" for messages. */
static void list_choices(const char *const *choices, char *out, size_t size) {
  size_t used = 0;
  out[0] = '\0';
  for (int i = 0; choices[i] != NULL && used < size; i++)
    used += (size_t)snprintf(out + used, size - used, "%s%s", i ? "|" : "", choices[i]);
}

void om_options_load(om_option_set *set, om_env_lookup lookup) {
  for (int id = 0; id < OM_OPTION_COUNT; id++) {
    const om_option_desc *desc = &om_option_table[id];
    om_option_value *value = &set->values[id];
    const char *text = lookup(desc->env_name);
    *value = (om_option_value){.flag = desc->default_flag,
                               .choice = desc->default_choice,
                               .number = desc->default_number};
    if (text == NULL || text[0] == '\0')
      continue; /* unset or empty: the default */
    bool accepted = true;
    if (desc->kind == OM_OPTION_PATH)
      value->path = text;
    else if (desc->kind == OM_OPTION_CHOICE)
      accepted = parse_choice(text, desc->choices, &value->choice);
    else if (desc->kind == OM_OPTION_NUMBER) {
      number_outcome outcome = parse_number(text, desc->max_number, &value->number);
      accepted = outcome == NUMBER_OK;
      value->out_of_range = outcome == NUMBER_OUT_OF_RANGE;
    } else
      accepted = parse_flag(text, &value->flag);
    if (!accepted)
      value->malformed = text;
    value->given = accepted;
  }
}

void om_options_warn_malformed(const om_option_set *set) {
  for (int id = 0; id < OM_OPTION_COUNT; id++) {
    const om_option_desc *desc = &om_option_table[id];
    const char *malformed = set->values[id].malformed;
    const char *path = set->values[id].path;
    const char *unknown = path != NULL ? om_output_unknown_placeholder(path) : NULL;
    if (unknown != NULL)
      om_warning("%s='%s': '%.2s' is not a placeholder (%%p, %%r, %%%%); kept as written",
                 desc->env_name, path, unknown);
    if (malformed == NULL)
      continue;
    if (desc->kind == OM_OPTION_CHOICE) {
      char choices[128];
      list_choices(desc->choices, choices, sizeof choices);
      om_warning("%s='%s' is not one of %s; using %s", desc->env_name, malformed, choices,
                 desc->choices[desc->default_choice]);
    } else if (set->values[id].out_of_range) {
      om_warning("%s='%s' is out of range (at most %llu); using %llu", desc->env_name,
                 malformed, desc->max_number, desc->default_number);
    } else if (desc->kind == OM_OPTION_NUMBER) {
      om_warning("%s='%s' is not a decimal number; using %llu", desc->env_name, malformed,
                 desc->default_number);
    } else {
      om_warning("%s='%s' is not a flag (0/1, yes/no, true/false, on/off); using %d",
                 desc->env_name, malformed, desc->default_flag);
    }
  }
}

void om_options_print(const om_option_set *set) {
  for (int id = 0; id < OM_OPTION_COUNT; id++) {
    const om_option_desc *desc = &om_option_table[id];
    const om_option_value *value = &set->values[id];
    if (desc->kind == OM_OPTION_FLAG)
      om_message("option %s=%d", desc->env_name, value->flag);
    else if (desc->kind == OM_OPTION_CHOICE)
      om_message("option %s=%s", desc->env_name, desc->choices[value->choice]);
    else if (desc->kind == OM_OPTION_NUMBER)
      om_message("option %s=%llu", desc->env_name, value->number);
    else
      om_message("option %s=%s", desc->env_name,
                 value->path ? value->path : desc->unset_path);
  }
}

static om_option_set process_options;
static pthread_once_t process_options_once = PTHREAD_ONCE_INIT;

static const char *lookup_environment(const char *name) { return getenv(name); }

/* The OWNMAP_LOG file, its placeholders expanded for this process. */
static char log_path[PATH_MAX];

/* Opens the OWNMAP_LOG file for process pid; false when it cannot (said,
 * unless quiet). Async-signal-safe when quiet: a fork handler calls it. */
static bool open_log(const char *pattern, pid_t pid, bool quiet) {
  char path[PATH_MAX];
  if (!om_output_expand(pattern, pid, path, sizeof path)) {
    if (!quiet)
      om_warning("OWNMAP_LOG='%s' is too long a path; writing to stderr", pattern);
    return false;
  }
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (fd < 0) {
    if (!quiet)
      om_warning("cannot open OWNMAP_LOG file '%s' (%s); writing to stderr", path,
                 strerror(errno));
    return false;
  }
  strcpy(log_path, path);
  om_message_set_log(fd, log_path);
  return true;
}

static void load_process_options(void) {
  om_options_load(&process_options, lookup_environment);
  if (process_options.values[OM_OPTION_LOG].path != NULL)
    open_log(process_options.values[OM_OPTION_LOG].path, getpid(), false);
  om_options_warn_malformed(&process_options);
}

void om_options_fork_child(pid_t parent) {
  const char *pattern = process_options.values[OM_OPTION_LOG].path;
  char parents[PATH_MAX], mine[PATH_MAX];
  if (pattern == NULL || !om_output_expand(pattern, parent, parents, sizeof parents) ||
      !om_output_expand(pattern, getpid(), mine, sizeof mine) || strcmp(mine, parents) == 0)
    return; /* the same file: appending to it is safe */
  int inherited = om_message_fd();
  if (open_log(pattern, getpid(), true) && inherited != 2)
    close(inherited);
}

const om_option_set *om_options(void) {
  pthread_once(&process_options_once, load_process_options);
  return &process_options;
}

bool om_option_flag(om_option_id id) { return om_options()->values[id].flag; }

int om_option_choice(om_option_id id) { return om_options()->values[id].choice; }

unsigned long long om_option_number(om_option_id id) { return om_options()->values[id].number; }
