/* check_report.c - naming a map site and reporting the findings of the
 * checks (check_report.h). */
#include "check_report.h"

#include "hot_path.h"
#include "message.h"
#include "options.h"
#include "srcloc.h"
#include "state.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The names findings carry in the run report, by check. */
static const char *const check_kinds[] = {
    [OM_CHECK_BOUNDS] = "bounds",
    [OM_CHECK_OVERLAP] = "overlap",
    [OM_CHECK_HEAP_RELEASE] = "free-while-mapped",
    [OM_CHECK_LEAK] = "leak",
    [OM_CHECK_STALE] = "stale",
    [OM_CHECK_PRESENT] = "present",
};

#define REPORTED_SLOTS 4096
static _Atomic uint64_t reported[REPORTED_SLOTS];

bool om_first_report(om_check_id check, const void *a, const void *b) {
  uint64_t key = ((uint64_t)(uintptr_t)a * 0x9e3779b97f4a7c15u) ^
                 ((uint64_t)(uintptr_t)b * 0xc2b2ae3d27d4eb4fu) ^ (uint64_t)check;
  key |= 1; /* 0 marks a free slot */
  for (size_t probe = 0, i = key % REPORTED_SLOTS; probe < REPORTED_SLOTS;
       probe++, i = (i + 1) % REPORTED_SLOTS) {
    uint64_t seen = 0;
    if (atomic_compare_exchange_strong(&reported[i], &seen, key))
      return true;
    if (seen == key)
      return false;
  }
  return true;
}

/* Set by an error the runtime will report too, until the call returns. */
static _Thread_local bool stop_after_call __attribute__((tls_model("initial-exec")));

static void stop_if_asked(void) {
  if (om_option_choice(OM_OPTION_ON_ERROR) == OM_ON_ERROR_ABORT) {
    om_message("stopping the program (OWNMAP_ON_ERROR=abort; set OWNMAP_ON_ERROR=warn to "
               "go on)");
    abort();
  }
}

static void record(om_check_id check, om_severity severity, const om_finding_subject *subject,
                   const char *fmt, va_list args) {
  char message[OM_MESSAGE_MAX];
  vsnprintf(message, sizeof message, fmt, args);
  om_findings_record(&om_plugin_findings, check_kinds[check], severity, subject, message);
  if (severity == OM_SEVERITY_ERROR)
    om_error("%s", message);
  else
    om_warning("%s", message);
}

void om_report_error(om_check_id check, om_stop_when when, const om_finding_subject *subject,
                     const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  record(check, OM_SEVERITY_ERROR, subject, fmt, args);
  va_end(args);
  if (when == OM_STOP_AFTER_CALL)
    stop_after_call = true;
  else
    stop_if_asked();
}

void om_report_warning(om_check_id check, const om_finding_subject *subject, const char *fmt,
                       ...) {
  va_list args;
  va_start(args, fmt);
  record(check, OM_SEVERITY_WARNING, subject, fmt, args);
  va_end(args);
}

OM_HOT void om_report_call_returned(void) {
  if (!stop_after_call)
    return;
  stop_after_call = false;
  stop_if_asked();
}

/* ---- naming a map site ---- */

void om_describe_caller(const void *return_address, char *out, size_t size) {
  Dl_info module;
  if (return_address != NULL && dladdr(return_address, &module) && module.dli_fname != NULL) {
    const char *slash = strrchr(module.dli_fname, '/');
    snprintf(out, size, "%s+%#tx", slash ? slash + 1 : module.dli_fname,
             (const char *)return_address - (const char *)module.dli_fbase);
    return;
  }
  snprintf(out, size, "%p", return_address);
}

void om_describe_place(const om_map_origin *origin, char *out, size_t size) {
  om_psource region;
  if (om_psource_parse(origin->psource, &region)) {
    om_span file = om_span_basename(region.file);
    snprintf(out, size, "%.*s:%u in %.*s", (int)file.len, file.text, region.line,
             (int)region.function.len, region.function.text);
  } else if (origin->caller != NULL) {
    snprintf(out, size, "%s", origin->caller); /* its module is gone */
  } else {
    om_describe_caller(origin->return_address, out, size);
  }
}

void om_describe_map(const om_map_origin *origin, int index, char *out, size_t size) {
  char place[192];
  om_describe_place(origin, place, sizeof place);
  om_mapname name;
  if (origin->map_name != NULL && om_mapname_parse(origin->map_name, &name)) {
    om_span file = om_span_basename(name.file);
    snprintf(out, size, "%.*s (declared at %.*s:%u) mapped at %s", (int)name.name.len,
             name.name.text, (int)file.len, file.text, name.line, place);
  } else if (index >= 0) {
    snprintf(out, size, "argument #%d mapped at %s", index, place);
  } else {
    snprintf(out, size, "a section mapped at %s", place);
  }
}

/* Only the caller names an association. */
static om_map_origin caller_only(const om_map_origin *origin) {
  return (om_map_origin){NULL, NULL, origin->return_address, origin->caller};
}

void om_describe_mapping(const om_mapping *mapping, char *out, size_t size) {
  if (mapping->infinite) {
    char place[192];
    om_map_origin caller = caller_only(&mapping->origin);
    om_describe_place(&caller, place, sizeof place);
    snprintf(out, size, "memory associated by omp_target_associate_ptr called from %s", place);
    return;
  }
  om_describe_map(&mapping->origin, -1, out, size);
}

void om_subject_of(const om_map_origin *origin, int index, om_finding_subject *out) {
  om_mapname name;
  bool named = origin->map_name != NULL && om_mapname_parse(origin->map_name, &name);
  if (named)
    snprintf(out->variable, sizeof out->variable, "%.*s", (int)name.name.len, name.name.text);
  else if (index >= 0)
    snprintf(out->variable, sizeof out->variable, "arg#%d", index);
  else
    out->variable[0] = '\0';
  om_psource region;
  om_span file;
  if (om_psource_parse(origin->psource, &region)) {
    file = om_span_basename(region.file);
    out->line = region.line;
  } else if (named) {
    file = om_span_basename(name.file);
    out->line = name.line;
  } else {
    om_describe_place(origin, out->file, sizeof out->file);
    out->line = 0;
    return;
  }
  snprintf(out->file, sizeof out->file, "%.*s", (int)file.len, file.text);
}

void om_mapping_subject(const om_mapping *mapping, om_finding_subject *out) {
  om_map_origin caller = caller_only(&mapping->origin);
  om_subject_of(mapping->infinite ? &caller : &mapping->origin, -1, out);
}
