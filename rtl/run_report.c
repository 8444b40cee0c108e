/* run_report.c - the run report as JSON, written atomically at exit. */
#include "run_report.h"

#include "json.h"
#include "message.h"
#include "output.h"
#include "ownmap.h"
#include "report.h"
#include "system.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void print_setting(FILE *out, const om_option_desc *desc, const om_option_value *value) {
  switch (desc->kind) {
  case OM_OPTION_FLAG:
    fputs(value->flag ? "true" : "false", out);
    break;
  case OM_OPTION_CHOICE:
    om_json_string(out, desc->choices[value->choice]);
    break;
  case OM_OPTION_PATH:
    om_json_string(out, value->path);
    break;
  case OM_OPTION_NUMBER:
    fprintf(out, "%llu", value->number);
    break;
  }
}

static void print_settings(FILE *out, const om_option_set *options) {
  fputs("  \"settings\": {", out);
  for (int id = 0; id < OM_OPTION_COUNT; id++) {
    fputs(id ? ",\n    " : "\n    ", out);
    om_json_string(out, om_option_table[id].env_name);
    fputs(": ", out);
    print_setting(out, &om_option_table[id], &options->values[id]);
  }
  fputs("\n  },\n", out);
}

static void print_flow(FILE *out, const char *key, const om_flow *flow, uint64_t time_ns) {
  fprintf(out,
          "\"%s\": {\"bytes\": %" PRIu64 ", \"copies\": %" PRIu64 ", \"time_ns\": %" PRIu64 "}",
          key, flow->bytes, flow->transfers, time_ns);
}

static void print_elided(FILE *out, const char *key, const om_elided *elided) {
  fprintf(out, "\"%s\": {\"bytes\": %" PRIu64 ", \"copies\": %" PRIu64 ", \"reasons\": {",
          key, elided->bytes, elided->copies);
  for (int r = 0; r < OM_ELISION_REASON_COUNT; r++)
    fprintf(out, "%s\"%s\": %" PRIu64, r ? ", " : "",
            om_elision_reason_name((om_elision_reason)r), elided->reason_bytes[r]);
  fputs("}}", out);
}

/* The four members every row, device and the totals have. */
static void print_tally(FILE *out, const om_tally *tally) {
  print_flow(out, "to_device", &tally->flow[OM_TO_DEVICE], tally->time_ns[OM_TO_DEVICE]);
  fputs(", ", out);
  print_flow(out, "from_device", &tally->flow[OM_FROM_DEVICE], tally->time_ns[OM_FROM_DEVICE]);
  fputs(", ", out);
  print_elided(out, "elided_to_device", &tally->elided[OM_TO_DEVICE]);
  fputs(", ", out);
  print_elided(out, "elided_from_device", &tally->elided[OM_FROM_DEVICE]);
}

static om_tally row_tally(const om_ledger_row *row) {
  om_tally tally;
  memcpy(tally.flow, row->flow, sizeof tally.flow);
  memcpy(tally.elided, row->elided, sizeof tally.elided);
  memcpy(tally.time_ns, row->time_ns, sizeof tally.time_ns);
  return tally;
}

static void add_tally(om_tally *sum, const om_tally *tally) {
  for (int d = 0; d < OM_DIRECTION_COUNT; d++) {
    sum->flow[d].bytes += tally->flow[d].bytes;
    sum->flow[d].transfers += tally->flow[d].transfers;
    sum->elided[d].bytes += tally->elided[d].bytes;
    sum->elided[d].copies += tally->elided[d].copies;
    for (int r = 0; r < OM_ELISION_REASON_COUNT; r++)
      sum->elided[d].reason_bytes[r] += tally->elided[d].reason_bytes[r];
    sum->time_ns[d] += tally->time_ns[d];
  }
}

static bool tally_counted(const om_tally *tally) {
  uint64_t copies = 0;
  for (int d = 0; d < OM_DIRECTION_COUNT; d++)
    copies += tally->flow[d].transfers + tally->elided[d].copies;
  return copies > 0;
}

/* Devices that moved data or skipped a copy, in ascending order; the
 * overflow slot (devices OM_LEDGER_DEVICES and above) last, with a null
 * device number. */
static void print_devices(FILE *out, om_ledger *ledger) {
  fputs("  \"devices\": [", out);
  bool first = true;
  for (int device = 0; device <= OM_LEDGER_DEVICES; device++) {
    om_tally tally;
    om_ledger_device_tally(ledger, device, &tally);
    if (!tally_counted(&tally))
      continue;
    fputs(first ? "\n    {\"device\": " : ",\n    {\"device\": ", out);
    first = false;
    if (device < OM_LEDGER_DEVICES)
      fprintf(out, "%d, ", device);
    else
      fputs("null, ", out);
    print_tally(out, &tally);
    fputc('}', out);
  }
  fputs(first ? "],\n" : "\n  ],\n", out);
}

static bool is_other_row(const om_site *site) {
  return strcmp(site->name, OM_REPORT_OTHER_ROW) == 0 && strcmp(site->file, "-") == 0;
}

/* "variable", "file" and "line" of a site; the overflow row has no file or
 * line. */
static void print_site(FILE *out, const om_site *site, bool other) {
  fputs("\"variable\": ", out);
  om_json_string(out, other ? OM_REPORT_OTHER_ROW : site->name);
  fputs(", \"file\": ", out);
  om_json_string(out, other ? NULL : site->file);
  if (!other && site->line > 0)
    fprintf(out, ", \"line\": %u", site->line);
  else
    fputs(", \"line\": null", out);
}

static void print_transfers(FILE *out, om_ledger *ledger) {
  const om_ledger_row *rows;
  size_t count = om_report_sorted_rows(ledger, &rows);
  om_tally total;
  memset(&total, 0, sizeof total);
  fputs("  \"transfers\": [", out);
  for (size_t i = 0; i < count; i++) {
    fputs(i ? ",\n    {" : "\n    {", out);
    print_site(out, &rows[i].site, is_other_row(&rows[i].site));
    fputs(", ", out);
    om_tally tally = row_tally(&rows[i]);
    print_tally(out, &tally);
    fputc('}', out);
    add_tally(&total, &tally);
  }
  fputs(count ? "\n  ],\n  \"totals\": {" : "],\n  \"totals\": {", out);
  print_tally(out, &total);
  fputs("},\n", out);
}

static void print_event(FILE *out, om_ledger *ledger, const om_timeline_event *event) {
  fprintf(out, "{\"t_ns\": %" PRIu64 ", \"duration_ns\": %" PRIu64 ", \"device\": %d, ",
          event->t_ns, event->duration_ns, (int)event->device);
  print_site(out, &event->row->site, event->row == &ledger->other);
  fprintf(out, ", \"direction\": \"%s\", \"bytes\": %" PRIu64 ", \"elided\": %s, \"reason\": ",
          event->direction == OM_TO_DEVICE ? "to_device" : "from_device", event->bytes,
          event->elided ? "true" : "false");
  om_json_string(out, event->elided ? om_elision_reason_name((om_elision_reason)event->reason)
                                    : NULL);
  fputc('}', out);
}

static void print_timeline(FILE *out, om_ledger *ledger) {
  uint64_t not_kept;
  size_t kept = om_timeline_kept(ledger, &not_kept), printed = 0;
  fputs("  \"timeline\": [", out);
  for (size_t i = 0; i < kept; i++) {
    const om_timeline_event *event = &ledger->timeline[i];
    if (!atomic_load_explicit(&event->ready, memory_order_acquire))
      continue; /* still being written by another thread */
    fputs(printed++ ? ",\n    " : "\n    ", out);
    print_event(out, ledger, event);
  }
  fputs(printed ? "\n  ],\n" : "],\n", out);
  fprintf(out, "  \"timeline_not_kept\": %" PRIu64 "\n", not_kept);
}

static void print_finding(FILE *out, const om_finding *finding) {
  const om_finding_subject *subject = &finding->subject;
  fputs("{\"kind\": ", out);
  om_json_string(out, finding->kind);
  fputs(", \"severity\": ", out);
  om_json_string(out, om_severity_name(finding->severity));
  fputs(", \"variable\": ", out);
  om_json_string(out, subject->variable[0] ? subject->variable : NULL);
  fputs(", \"file\": ", out);
  om_json_string(out, subject->file[0] ? subject->file : NULL);
  if (subject->line > 0)
    fprintf(out, ", \"line\": %u", subject->line);
  else
    fputs(", \"line\": null", out);
  fputs(", \"message\": ", out);
  om_json_string(out, finding->message);
  fputc('}', out);
}

static void print_findings(FILE *out, const om_findings *findings) {
  fputs("  \"findings\": [", out);
  size_t count = om_findings_count(findings), printed = 0;
  for (size_t i = 0; i < count; i++) {
    const om_finding *finding = om_findings_at(findings, i);
    if (finding == NULL)
      continue; /* still being written by another thread */
    fputs(printed++ ? ",\n    " : "\n    ", out);
    print_finding(out, finding);
  }
  fputs(printed ? "\n  ],\n" : "],\n", out);
  fprintf(out, "  \"findings_not_kept\": %zu,\n", om_findings_dropped(findings));
}

void om_run_report_print(FILE *out, const om_run_report *report) {
  fputs("{\n  \"schema\": ", out);
  om_json_string(out, OM_RUN_REPORT_SCHEMA);
  fputs(",\n  \"ownmap_version\": ", out);
  om_json_string(out, ownmap_version());
  fputs(",\n  \"program\": ", out);
  om_json_string(out, report->program);
  fprintf(out, ",\n  \"pid\": %ld,\n  \"rank\": ", report->pid);
  if (report->rank >= 0)
    fprintf(out, "%ld,\n", report->rank);
  else
    fputs("null,\n", out);
  print_settings(out, report->options);
  print_devices(out, report->ledger);
  print_transfers(out, report->ledger);
  print_findings(out, report->findings);
  print_timeline(out, report->ledger);
  fputs("}\n", out);
}

static void print_report(FILE *out, const void *report) { om_run_report_print(out, report); }

bool om_run_report_write(const char *path, const om_run_report *report) {
  char why[OM_OUTPUT_WHY_MAX];
  if (om_output_write(path, print_report, report, why, sizeof why))
    return true;
  om_warning("cannot write the run report to '%s': %s", path, why);
  return false;
}

long om_run_report_rank(void) {
  const char *digits = om_output_launcher_rank();
  if (digits == NULL)
    return -1;
  errno = 0;
  unsigned long long rank = strtoull(digits, NULL, 10); /* leading zeros are no JSON */
  return errno == 0 && rank <= LONG_MAX ? (long)rank : -1;
}

bool om_program_name(char *out, size_t size) {
  int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  ssize_t len = om_system_read(fd, out, size - 1);
  close(fd);
  if (len <= 0)
    return false;
  out[len] = '\0'; /* argv[0] ends at its own NUL, or here when cut */
  return true;
}
