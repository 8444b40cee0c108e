/* run_report.h - the JSON run report written at exit (OWNMAP_REPORT).
 *
 * Schema "ownmap-run-report/2", documented field by field in
 * docs/reports.md: the program, the settings, per device totals, one row
 * per variable and source location (the ledger's) with bytes copied and
 * elided and time, the findings of the checks, and the timeline.
 */
#ifndef OWNMAP_RTL_RUN_REPORT_H
#define OWNMAP_RTL_RUN_REPORT_H

#include "findings.h"
#include "ledger.h"
#include "options.h"

#include <stdbool.h>
#include <stdio.h>

#define OM_RUN_REPORT_SCHEMA "ownmap-run-report/2"

typedef struct {
  const char *program; /* argv[0]; NULL when unknown */
  long pid;
  long rank; /* the MPI launcher's rank (om_run_report_rank), -1 when none */
  const om_option_set *options;
  om_ledger *ledger;
  const om_findings *findings;
} om_run_report;

/* Writes the report document to out. Not reentrant (it sorts the ledger's
 * rows in static storage). */
void om_run_report_print(FILE *out, const om_run_report *report);

/* Writes the report to a temporary file next to path and renames it over
 * path, so path holds either a complete report or what it held before. On
 * failure warns (naming path and why) and returns false. */
bool om_run_report_write(const char *path, const om_run_report *report);

/* The rank the MPI launcher put in the environment
 * (om_output_launcher_rank) as a number; -1 when there is none or it is
 * too large. */
long om_run_report_rank(void);

/* The process's argv[0] (from /proc/self/cmdline), cut to fit in
 * out[0, size); false when it cannot be read. */
bool om_program_name(char *out, size_t size);

#endif
