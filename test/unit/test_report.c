/* unit-report-format: the exit summary's exact layout, order and totals. */
#include "capture.h"
#include "check.h"
#include "report.h"

static om_span span(const char *text) { return (om_span){text, strlen(text)}; }

static void record(om_ledger *ledger, const char *name, const char *file, unsigned line,
                   om_direction direction, uint64_t bytes) {
  om_site site;
  om_site_set(&site, span(name), span(file), line);
  om_ledger_record(ledger, &site, direction, bytes);
}

static void test_empty_ledger(void) {
  static om_ledger ledger = OM_LEDGER_INIT;
  capture_begin();
  om_report_transfers(&ledger);
  CHECK_STR(capture_end(), "ownmap: transfer summary: no data moved between host and device\n");
}

static void test_table_sorted_with_totals(void) {
  static om_ledger ledger = OM_LEDGER_INIT;
  record(&ledger, "y[0:n]", "saxpy.c", 12, OM_TO_DEVICE, 4000);
  record(&ledger, "y[0:n]", "saxpy.c", 12, OM_FROM_DEVICE, 4000);
  record(&ledger, "arg#2", "main.c", 30, OM_TO_DEVICE, 8);
  record(&ledger, "x[0:n]", "saxpy.c", 12, OM_TO_DEVICE, 4000);
  record(&ledger, "x[0:n]", "saxpy.c", 9, OM_TO_DEVICE, 1234567890123);
  record(&ledger, "arg#0", "prog+0x1234", 0, OM_FROM_DEVICE, 16);
  capture_begin();
  om_report_transfers(&ledger);
  CHECK_STR(capture_end(),
            "ownmap: transfer summary (bytes and copies that really moved)\n"
            "ownmap: variable  location     host->device B    copies  device->host B    copies\n"
            "ownmap: arg#2     main.c:30                 8         1               0         0\n"
            "ownmap: arg#0     prog+0x1234               0         0              16         1\n"
            "ownmap: x[0:n]    saxpy.c:9     1234567890123         1               0         0\n"
            "ownmap: x[0:n]    saxpy.c:12             4000         1               0         0\n"
            "ownmap: y[0:n]    saxpy.c:12             4000         1            4000         1\n"
            "ownmap: total                   1234567898131         4            4016         2\n");
}

static void test_other_row_is_last(void) {
  static om_ledger ledger = OM_LEDGER_INIT;
  char name[32];
  capture_begin(); /* the overflow warning */
  for (int i = 0; i <= OM_LEDGER_CAPACITY; i++) {
    snprintf(name, sizeof name, "v%03d", i);
    record(&ledger, name, "a.c", 1, OM_TO_DEVICE, 2);
  }
  capture_end();
  capture_begin();
  om_report_transfers(&ledger);
  const char *text = capture_end();
  const char *other = strstr(text, "ownmap: <other>");
  const char *total = strstr(text, "ownmap: total");
  CHECK(other != NULL && total != NULL && other < total);
  CHECK(other != NULL && strstr(other + 1, "ownmap: v") == NULL);
  CHECK(total != NULL && strstr(total, " 1026       513 ") != NULL);
}

int main(void) {
  test_empty_ledger();
  test_table_sorted_with_totals();
  test_other_row_is_last();
  return check_report("unit-report-format");
}
