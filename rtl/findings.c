/* findings.c - fixed-capacity, lock-free record of reported findings. */
#include "findings.h"

#include <string.h>

static void copy_cut(char *dst, size_t size, const char *src) {
  size_t len = strnlen(src, size - 1);
  memcpy(dst, src, len);
  dst[len] = '\0';
}

void om_findings_record(om_findings *findings, const char *kind, om_severity severity,
                        const om_finding_subject *subject, const char *message) {
  size_t slot = atomic_fetch_add(&findings->claimed, 1);
  if (slot >= OM_FINDINGS_CAPACITY)
    return;
  om_finding *finding = &findings->slots[slot];
  finding->kind = kind;
  finding->severity = severity;
  finding->subject = *subject;
  copy_cut(finding->message, sizeof finding->message, message);
  atomic_store(&findings->ready[slot], true);
}

size_t om_findings_count(const om_findings *findings) {
  size_t claimed = atomic_load(&findings->claimed);
  return claimed < OM_FINDINGS_CAPACITY ? claimed : OM_FINDINGS_CAPACITY;
}

const om_finding *om_findings_at(const om_findings *findings, size_t index) {
  return atomic_load(&findings->ready[index]) ? &findings->slots[index] : NULL;
}

size_t om_findings_dropped(const om_findings *findings) {
  size_t claimed = atomic_load(&findings->claimed);
  return claimed > OM_FINDINGS_CAPACITY ? claimed - OM_FINDINGS_CAPACITY : 0;
}

const char *om_severity_name(om_severity severity) {
  return severity == OM_SEVERITY_ERROR ? "error" : "warning";
}

void om_findings_fork_child(om_findings *findings) {
  size_t kept = om_findings_count(findings);
  for (size_t i = 0; i < kept; i++)
    atomic_store(&findings->ready[i], false);
  atomic_store(&findings->claimed, 0);
}
