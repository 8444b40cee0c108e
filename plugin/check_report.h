/* check_report.h - how the checks (checks.c) report: once per site, with
 * the variable and where it was mapped, into the run report's findings; an
 * error then stops the program under OWNMAP_ON_ERROR=abort, at once or,
 * for what the runtime rejects itself, after the runtime had its say.
 */
#ifndef OWNMAP_PLUGIN_CHECK_REPORT_H
#define OWNMAP_PLUGIN_CHECK_REPORT_H

#include "findings.h"
#include "hot_path.h"
#include "shadow.h"

#include <stdbool.h>

typedef enum {
  OM_CHECK_BOUNDS = 1,
  OM_CHECK_OVERLAP,
  OM_CHECK_HEAP_RELEASE,
  OM_CHECK_LEAK,
  OM_CHECK_STALE,
  OM_CHECK_PRESENT,
} om_check_id;

/* True the first time (check, a, b) is seen. a and b identify the site:
 * pointers to the program's static location strings, or code addresses.
 * When the table is full, sites are reported again rather than dropped. */
bool om_first_report(om_check_id check, const void *a, const void *b);

/* When an error stops the program (OWNMAP_ON_ERROR=abort). */
typedef enum {
  OM_STOP_NOW,        /* before the call goes on: nothing else would report it */
  OM_STOP_AFTER_CALL, /* the runtime rejects the call itself: its own messages,
                         which tools look for, come first (om_report_call_returned) */
} om_stop_when;

/* Prints an error or a warning and keeps it for the run report. */
OM_COLD __attribute__((format(printf, 4, 5))) void
om_report_error(om_check_id check, om_stop_when when, const om_finding_subject *subject,
                const char *fmt, ...);
OM_COLD __attribute__((format(printf, 3, 4))) void
om_report_warning(om_check_id check, const om_finding_subject *subject, const char *fmt, ...);

/* The offload call this thread forwarded returned: stops the program if an
 * error of OM_STOP_AFTER_CALL was reported for it (OWNMAP_ON_ERROR=abort). */
void om_report_call_returned(void);

/* ---- naming a map site ---- */

enum { OM_DESCRIPTION_MAX = 384 };

/* The code at return_address as "MODULE+OFFSET" (else the address). */
void om_describe_caller(const void *return_address, char *out, size_t size);

/* "where" of a call: "FILE:LINE in FUNCTION", else the caller's module+offset. */
void om_describe_place(const om_map_origin *origin, char *out, size_t size);

/* "x[0:n] (declared at FILE:LINE) mapped at FILE:LINE in FUNCTION", or
 * "argument #I mapped at ..." without map names. index < 0: no index known. */
void om_describe_map(const om_map_origin *origin, int index, char *out, size_t size);

void om_describe_mapping(const om_mapping *mapping, char *out, size_t size);

/* The variable and where it was mapped, for the run report: the
 * construct's file and line, else where the variable was declared, else the
 * caller's module+offset. index < 0: no index known. */
void om_subject_of(const om_map_origin *origin, int index, om_finding_subject *out);

void om_mapping_subject(const om_mapping *mapping, om_finding_subject *out);

#endif
