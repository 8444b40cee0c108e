/* report.c - render the transfer ledger as a table with stable columns. */
#include "report.h"

#include "message.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for OM_LEDGER_CAPACITY rows plus "<other>". */
static om_ledger_row report_rows[OM_LEDGER_CAPACITY + 1];

static int compare_rows(const void *pa, const void *pb) {
  const om_site *a = &((const om_ledger_row *)pa)->site;
  const om_site *b = &((const om_ledger_row *)pb)->site;
  int by_file = strcmp(a->file, b->file);
  if (by_file != 0)
    return by_file;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  return strcmp(a->name, b->name);
}

/* Rows that copied or skipped a copy. */
static bool row_moved_data(const om_ledger_row *row) {
  return row->flow[OM_TO_DEVICE].transfers + row->flow[OM_FROM_DEVICE].transfers +
             row->elided[OM_TO_DEVICE].copies + row->elided[OM_FROM_DEVICE].copies >
         0;
}

static void format_location(const om_site *site, char *out, size_t size) {
  if (site->line > 0)
    snprintf(out, size, "%s:%u", site->file, site->line);
  else
    snprintf(out, size, "%s", site->file);
}

#define LOCATION_MAX (OM_SITE_FILE_MAX + 12)

static void print_row(const char *name, int name_width, const char *location,
                      int location_width, const om_flow flow[OM_DIRECTION_COUNT]) {
  om_message("%-*s  %-*s  %14" PRIu64 " %9" PRIu64 "  %14" PRIu64 " %9" PRIu64, name_width,
             name, location_width, location, flow[OM_TO_DEVICE].bytes,
             flow[OM_TO_DEVICE].transfers, flow[OM_FROM_DEVICE].bytes,
             flow[OM_FROM_DEVICE].transfers);
}

size_t om_report_sorted_rows(om_ledger *ledger, const om_ledger_row **rows) {
  om_ledger_row other;
  size_t all = om_ledger_snapshot(ledger, report_rows, OM_LEDGER_CAPACITY, &other), count = 0;
  for (size_t i = 0; i < all; i++) /* a forked child's rows of its parent are zero */
    if (row_moved_data(&report_rows[i]))
      report_rows[count++] = report_rows[i];
  qsort(report_rows, count, sizeof report_rows[0], compare_rows);
  if (row_moved_data(&other)) { /* last, after the sorted rows */
    other.site = (om_site){.name = OM_REPORT_OTHER_ROW, .file = "-"};
    report_rows[count++] = other;
  }
  *rows = report_rows;
  return count;
}

void om_report_transfers(om_ledger *ledger) {
  const om_ledger_row *rows;
  size_t count = om_report_sorted_rows(ledger, &rows);
  if (count == 0) {
    om_message("transfer summary: no data moved between host and device");
    return;
  }

  int name_width = (int)strlen("variable");
  int location_width = (int)strlen("location");
  om_flow total[OM_DIRECTION_COUNT] = {{0, 0}, {0, 0}};
  char location[LOCATION_MAX];
  for (size_t i = 0; i < count; i++) {
    format_location(&rows[i].site, location, sizeof location);
    int name_len = (int)strlen(rows[i].site.name);
    int location_len = (int)strlen(location);
    name_width = name_len > name_width ? name_len : name_width;
    location_width = location_len > location_width ? location_len : location_width;
    for (int d = 0; d < OM_DIRECTION_COUNT; d++) {
      total[d].bytes += rows[i].flow[d].bytes;
      total[d].transfers += rows[i].flow[d].transfers;
    }
  }

  om_message("transfer summary (bytes and copies that really moved)");
  om_message("%-*s  %-*s  %14s %9s  %14s %9s", name_width, "variable", location_width,
             "location", "host->device B", "copies", "device->host B", "copies");
  for (size_t i = 0; i < count; i++) {
    format_location(&rows[i].site, location, sizeof location);
    print_row(rows[i].site.name, name_width, location, location_width, rows[i].flow);
  }
  print_row("total", name_width, "", location_width, total);
}
