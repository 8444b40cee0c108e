/* options.h - the OWNMAP_* environment variables: one descriptor table,
 * parsed once (pthread_once) and printed when OWNMAP_VERBOSE=1.
 */
#ifndef OWNMAP_RTL_OPTIONS_H
#define OWNMAP_RTL_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

typedef enum {
  OM_OPTION_LOG,     /* first, so that later warnings can go to the log */
  OM_OPTION_VERBOSE,
  OM_OPTION_SUMMARY,
  OM_OPTION_REPORT,
  OM_OPTION_CHECKS,
  OM_OPTION_ON_ERROR,
  OM_OPTION_ELIDE,
  OM_OPTION_CACHE_MB,
  OM_OPTION_PIN,
  OM_OPTION_SELF_TIME,
  OM_OPTION_COUNT
} om_option_id;

typedef enum { OM_OPTION_FLAG, OM_OPTION_PATH, OM_OPTION_CHOICE, OM_OPTION_NUMBER } om_option_kind;

/* The choices of OWNMAP_CHECKS and OWNMAP_ON_ERROR, in table order. */
typedef enum { OM_CHECKS_OFF, OM_CHECKS_FAST, OM_CHECKS_FULL } om_checks_level;
typedef enum { OM_ON_ERROR_ABORT, OM_ON_ERROR_WARN } om_on_error;
typedef enum { OM_ELIDE_OFF, OM_ELIDE_SAFE, OM_ELIDE_LAZY } om_elide_policy;

typedef struct {
  const char *env_name;     /* e.g. "OWNMAP_VERBOSE" */
  om_option_kind kind;
  bool default_flag;        /* OM_OPTION_FLAG only */
  const char *description;
  const char *const *choices; /* OM_OPTION_CHOICE: NULL-terminated names */
  int default_choice;       /* OM_OPTION_CHOICE: index into choices */
  const char *unset_path;   /* OM_OPTION_PATH: what printing says when unset */
  unsigned long long default_number; /* OM_OPTION_NUMBER */
  unsigned long long max_number;     /* OM_OPTION_NUMBER: the largest its use can hold */
} om_option_desc;

typedef struct {
  bool flag;                /* OM_OPTION_FLAG */
  const char *path;         /* OM_OPTION_PATH; NULL when unset */
  int choice;               /* OM_OPTION_CHOICE: index into choices */
  unsigned long long number; /* OM_OPTION_NUMBER: a decimal integer >= 0 */
  const char *malformed;    /* the rejected text, NULL when accepted */
  bool out_of_range;        /* rejected: a number above max_number */
  bool given;               /* set to a valid value by the environment */
} om_option_value;

typedef struct {
  om_option_value values[OM_OPTION_COUNT];
} om_option_set;

typedef const char *(*om_env_lookup)(const char *name);

extern const om_option_desc om_option_table[OM_OPTION_COUNT];

/* Fills *set from lookup (getenv in the runtime); malformed values keep the
 * default and are remembered for om_options_warn_malformed. */
void om_options_load(om_option_set *set, om_env_lookup lookup);
void om_options_warn_malformed(const om_option_set *set);
void om_options_print(const om_option_set *set);

/* For people (options_help.c): an option's values ("0|1", "off|fast|full",
 * "N", "FILE") and its default as docs/plugin.md's settings table gives it
 * ("0", "fast", "4096", "stderr"); and every option, one entry each with
 * its description, as ownmap-run --help lists them. */
void om_option_syntax(om_option_id id, char *out, size_t size);
void om_option_default(om_option_id id, char *out, size_t size);
void om_options_write_help(FILE *out);

/* The process's options, read from the environment on first use; opens
 * OWNMAP_LOG and warns about malformed values then. */
const om_option_set *om_options(void);
/* In a child forked from process parent: when the OWNMAP_LOG path names
 * another file for the child (it has %p), the child's messages go there
 * from now on. For a pthread_atfork child handler (async-signal-safe). */
void om_options_fork_child(pid_t parent);
bool om_option_flag(om_option_id id);
int om_option_choice(om_option_id id);
unsigned long long om_option_number(om_option_id id);

#endif
