/* run_report.c - the run report as JSON, written atomically at exit. */
#include "run_report.h"

#include "json.h"
#include "message.h"
#include "ownmap.h"
#include "report.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

static void print_flows(FILE *out, const om_flow flow[OM_DIRECTION_COUNT]) {
  fprintf(out,
          "\"to_device\": {\"bytes\": %" PRIu64 ", \"copies\": %" PRIu64 "}, "
          "\"from_device\": {\"bytes\": %" PRIu64 ", \"copies\": %" PRIu64 "}",
          flow[OM_TO_DEVICE].bytes, flow[OM_TO_DEVICE].transfers, flow[OM_FROM_DEVICE].bytes,
          flow[OM_FROM_DEVICE].transfers);
}

static bool flows_moved_data(const om_flow flow[OM_DIRECTION_COUNT]) {
  return flow[OM_TO_DEVICE].transfers + flow[OM_FROM_DEVICE].transfers > 0;
}

/* Devices that moved data, in ascending order; the overflow slot (devices
 * OM_LEDGER_DEVICES and above) last, with a null device number. */
static void print_devices(FILE *out, om_ledger *ledger) {
  fputs("  \"devices\": [", out);
  bool first = true;
  for (int device = 0; device <= OM_LEDGER_DEVICES; device++) {
    om_flow flow[OM_DIRECTION_COUNT];
    om_ledger_device_totals(ledger, device, flow);
    if (!flows_moved_data(flow))
      continue;
    fputs(first ? "\n    {\"device\": " : ",\n    {\"device\": ", out);
    first = false;
    if (device < OM_LEDGER_DEVICES)
      fprintf(out, "%d, ", device);
    else
      fputs("null, ", out);
    print_flows(out, flow);
    fputc('}', out);
  }
  fputs(first ? "],\n" : "\n  ],\n", out);
}

static void print_transfers(FILE *out, om_ledger *ledger) {
  const om_ledger_row *rows;
  size_t count = om_report_sorted_rows(ledger, &rows);
  om_flow total[OM_DIRECTION_COUNT] = {{0, 0}, {0, 0}};
  fputs("  \"transfers\": [", out);
  for (size_t i = 0; i < count; i++) {
    const om_site *site = &rows[i].site;
    bool other = strcmp(site->name, OM_REPORT_OTHER_ROW) == 0 && strcmp(site->file, "-") == 0;
    fputs(i ? ",\n    {\"variable\": " : "\n    {\"variable\": ", out);
    om_json_string(out, site->name);
    fputs(", \"file\": ", out);
    om_json_string(out, other ? NULL : site->file);
    if (site->line > 0)
      fprintf(out, ", \"line\": %u, ", site->line);
    else
      fputs(", \"line\": null, ", out);
    print_flows(out, rows[i].flow);
    fputc('}', out);
    for (int d = 0; d < OM_DIRECTION_COUNT; d++) {
      total[d].bytes += rows[i].flow[d].bytes;
      total[d].transfers += rows[i].flow[d].transfers;
    }
  }
  fputs(count ? "\n  ],\n  \"totals\": {" : "],\n  \"totals\": {", out);
  print_flows(out, total);
  fputs("},\n", out);
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
  fprintf(out, "  \"findings_not_kept\": %zu\n", om_findings_dropped(findings));
}

void om_run_report_print(FILE *out, const om_run_report *report) {
  fputs("{\n  \"schema\": ", out);
  om_json_string(out, OM_RUN_REPORT_SCHEMA);
  fputs(",\n  \"ownmap_version\": ", out);
  om_json_string(out, ownmap_version());
  fputs(",\n  \"program\": ", out);
  om_json_string(out, report->program);
  fputs(",\n", out);
  print_settings(out, report->options);
  print_devices(out, report->ledger);
  print_transfers(out, report->ledger);
  print_findings(out, report->findings);
  fputs("}\n", out);
}

/* Writes the report into the open temporary file fd and closes it; false
 * with errno set. */
static bool write_to(int fd, const om_run_report *report) {
  mode_t mask = umask(0);
  umask(mask);
  FILE *out = fchmod(fd, 0666 & ~mask) == 0 ? fdopen(fd, "w") : NULL;
  if (out == NULL) {
    int saved_errno = errno;
    close(fd);
    errno = saved_errno;
    return false;
  }
  om_run_report_print(out, report);
  bool written = fflush(out) == 0 && !ferror(out) && fsync(fd) == 0;
  int saved_errno = errno;
  bool closed = fclose(out) == 0;
  if (written && !closed)
    return false;
  errno = saved_errno;
  return written;
}

bool om_run_report_write(const char *path, const om_run_report *report) {
  char temporary[PATH_MAX];
  if (snprintf(temporary, sizeof temporary, "%s.tmp.XXXXXX", path) >= (int)sizeof temporary) {
    om_warning("cannot write the run report to '%s': the path is too long", path);
    return false;
  }
  int fd = mkstemp(temporary);
  if (fd < 0) {
    om_warning("cannot write the run report to '%s': %s", path, strerror(errno));
    return false;
  }
  if (!write_to(fd, report) || rename(temporary, path) != 0) {
    int saved_errno = errno;
    unlink(temporary);
    om_warning("cannot write the run report to '%s': %s", path, strerror(saved_errno));
    return false;
  }
  return true;
}

bool om_program_name(char *out, size_t size) {
  int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  ssize_t len = read(fd, out, size - 1);
  close(fd);
  if (len <= 0)
    return false;
  out[len] = '\0'; /* argv[0] ends at its own NUL, or here when cut */
  return true;
}
