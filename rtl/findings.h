/* findings.h - the record of what the checks reported, for the run report.
 *
 * Fixed capacity in static storage: recording claims a slot with one atomic
 * increment and copies the text, so it never allocates nor takes a lock and
 * may be called from a signal handler (the stale-data check reports from
 * SIGSEGV). Findings beyond the capacity are counted, not kept.
 */
#ifndef OWNMAP_RTL_FINDINGS_H
#define OWNMAP_RTL_FINDINGS_H

#include "ledger.h"
#include "message.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#define OM_FINDINGS_CAPACITY 256

typedef enum { OM_SEVERITY_ERROR, OM_SEVERITY_WARNING } om_severity;

/* What a finding is about: the variable (empty when unknown, e.g. without
 * map names) and where it was mapped (line 0: no line, file is then a
 * module+offset or empty). */
typedef struct {
  char variable[OM_SITE_NAME_MAX];
  char file[OM_SITE_FILE_MAX];
  unsigned line;
} om_finding_subject;

typedef struct {
  const char *kind; /* static string naming the check, e.g. "bounds" */
  om_severity severity;
  om_finding_subject subject;
  char message[OM_MESSAGE_MAX];
} om_finding;

typedef struct {
  atomic_size_t claimed;           /* slots handed out, may exceed the capacity */
  atomic_bool ready[OM_FINDINGS_CAPACITY]; /* slot i fully written */
  om_finding slots[OM_FINDINGS_CAPACITY];
} om_findings;

/* Adds a finding; message is cut to fit. */
void om_findings_record(om_findings *findings, const char *kind, om_severity severity,
                        const om_finding_subject *subject, const char *message);

/* The findings recorded so far, in order, and how many were not kept. A
 * slot still being written by another thread is skipped. */
size_t om_findings_count(const om_findings *findings);
const om_finding *om_findings_at(const om_findings *findings, size_t index);
size_t om_findings_dropped(const om_findings *findings);

const char *om_severity_name(om_severity severity);

/* In a forked child (a pthread_atfork child handler): forgets the parent's
 * findings, so that the child reports its own. */
void om_findings_fork_child(om_findings *findings);

#endif
