/* unit-run-report-document: the run report's JSON text (settings from the
 * options table, devices, sorted rows with totals, findings and how many
 * were not kept) and its atomic write: a bad path warns and leaves nothing
 * behind, a good one replaces the old file whole. */
#include "capture.h"
#include "check.h"
#include "run_report.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static om_span span(const char *text) { return (om_span){text, strlen(text)}; }

static om_ledger ledger = OM_LEDGER_INIT;
static om_findings findings;

static const char *no_environment(const char *name) {
  return strcmp(name, "OWNMAP_REPORT") == 0 ? "r\"un.json" : NULL;
}

static void record(const char *name, const char *file, unsigned line, int device,
                   om_direction direction, uint64_t bytes) {
  om_site site;
  om_site_set(&site, span(name), span(file), line);
  om_ledger_record(&ledger, &site, direction, bytes);
  om_ledger_add_to_device(&ledger, device, direction, bytes);
}

static const char *printed(const om_run_report *report) {
  static char text[1 << 17];
  FILE *out = fmemopen(text, sizeof text, "w");
  CHECK(out != NULL);
  om_run_report_print(out, report);
  fclose(out);
  return text;
}

static void check_contains(const char *text, const char *piece) {
  if (strstr(text, piece) == NULL) {
    fprintf(stderr, "report lacks\n%s\nin\n%s\n", piece, text);
    check_failures++;
  }
}

static om_run_report report_of(om_option_set *options) {
  om_options_load(options, no_environment);
  return (om_run_report){.program = "/bin/prog \"quoted\"", .options = options,
                         .ledger = &ledger, .findings = &findings};
}

static void test_document(void) {
  record("y[0:n]", "saxpy.c", 12, 0, OM_TO_DEVICE, 4000);
  record("y[0:n]", "saxpy.c", 12, 0, OM_FROM_DEVICE, 4000);
  record("x[0:n]", "saxpy.c", 9, 1, OM_TO_DEVICE, 800);
  record("arg#0", "prog+0x1234", 0, 70, OM_FROM_DEVICE, 16);
  om_finding_subject subject = {.variable = "v[0:n]", .file = "a.c", .line = 7};
  om_findings_record(&findings, "bounds", OM_SEVERITY_ERROR, &subject, "covers \"bytes\"");
  om_finding_subject unnamed = {.variable = "", .file = "prog+0x10", .line = 0};
  om_findings_record(&findings, "leak", OM_SEVERITY_WARNING, &unnamed, "leaks");
  om_option_set options;
  om_run_report report = report_of(&options);
  const char *text = printed(&report);
  check_contains(text, "{\n  \"schema\": \"ownmap-run-report/1\",\n  \"ownmap_version\": \"");
  check_contains(text, "\"program\": \"/bin/prog \\\"quoted\\\"\",\n");
  check_contains(text, "  \"settings\": {\n    \"OWNMAP_LOG\": null,\n"
                       "    \"OWNMAP_VERBOSE\": false,\n    \"OWNMAP_SUMMARY\": false,\n"
                       "    \"OWNMAP_REPORT\": \"r\\\"un.json\",\n"
                       "    \"OWNMAP_CHECKS\": \"fast\",\n"
                       "    \"OWNMAP_ON_ERROR\": \"abort\",\n"
                       "    \"OWNMAP_SELF_TIME\": false\n  },\n");
  check_contains(text,
                 "  \"devices\": [\n"
                 "    {\"device\": 0, \"to_device\": {\"bytes\": 4000, \"copies\": 1}, "
                 "\"from_device\": {\"bytes\": 4000, \"copies\": 1}},\n"
                 "    {\"device\": 1, \"to_device\": {\"bytes\": 800, \"copies\": 1}, "
                 "\"from_device\": {\"bytes\": 0, \"copies\": 0}},\n"
                 "    {\"device\": null, \"to_device\": {\"bytes\": 0, \"copies\": 0}, "
                 "\"from_device\": {\"bytes\": 16, \"copies\": 1}}\n  ],\n");
  check_contains(text,
                 "  \"transfers\": [\n"
                 "    {\"variable\": \"arg#0\", \"file\": \"prog+0x1234\", \"line\": null, "
                 "\"to_device\": {\"bytes\": 0, \"copies\": 0}, "
                 "\"from_device\": {\"bytes\": 16, \"copies\": 1}},\n"
                 "    {\"variable\": \"x[0:n]\", \"file\": \"saxpy.c\", \"line\": 9, ");
  check_contains(text, "  \"totals\": {\"to_device\": {\"bytes\": 4800, \"copies\": 2}, "
                       "\"from_device\": {\"bytes\": 4016, \"copies\": 2}},\n");
  check_contains(text,
                 "  \"findings\": [\n"
                 "    {\"kind\": \"bounds\", \"severity\": \"error\", \"variable\": \"v[0:n]\", "
                 "\"file\": \"a.c\", \"line\": 7, \"message\": \"covers \\\"bytes\\\"\"},\n"
                 "    {\"kind\": \"leak\", \"severity\": \"warning\", \"variable\": null, "
                 "\"file\": \"prog+0x10\", \"line\": null, \"message\": \"leaks\"}\n  ],\n"
                 "  \"findings_not_kept\": 0\n}\n");
}

static void test_empty_report(void) {
  static om_ledger empty = OM_LEDGER_INIT;
  static om_findings none;
  om_option_set options;
  om_run_report report = report_of(&options);
  report.ledger = &empty;
  report.findings = &none;
  report.program = NULL;
  const char *text = printed(&report);
  check_contains(text, "\"program\": null,\n");
  check_contains(text, "  \"devices\": [],\n  \"transfers\": [],\n");
  check_contains(text, "  \"findings\": [],\n  \"findings_not_kept\": 0\n}\n");
}

static void test_findings_beyond_capacity_are_counted(void) {
  static om_findings many;
  om_finding_subject subject = {.variable = "v", .file = "a.c", .line = 1};
  for (int i = 0; i < OM_FINDINGS_CAPACITY + 3; i++)
    om_findings_record(&many, "leak", OM_SEVERITY_WARNING, &subject, "leaks");
  CHECK_EQ_U64(om_findings_count(&many), OM_FINDINGS_CAPACITY);
  CHECK_EQ_U64(om_findings_dropped(&many), 3);
  char long_message[OM_MESSAGE_MAX + 100];
  memset(long_message, 'm', sizeof long_message - 1);
  long_message[sizeof long_message - 1] = '\0';
  static om_findings cut;
  om_findings_record(&cut, "leak", OM_SEVERITY_WARNING, &subject, long_message);
  CHECK_EQ_U64(strlen(om_findings_at(&cut, 0)->message), OM_MESSAGE_MAX - 1);
}

static size_t entries_in(const char *dir) {
  size_t count = 0;
  DIR *listing = opendir(dir);
  for (struct dirent *entry; listing != NULL && (entry = readdir(listing)) != NULL;)
    count += entry->d_name[0] != '.';
  if (listing != NULL)
    closedir(listing);
  return count;
}

static void test_atomic_write(void) {
  char dir[] = "/tmp/ownmap-unit-report-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  char path[256], bad[256];
  snprintf(path, sizeof path, "%s/run.json", dir);
  snprintf(bad, sizeof bad, "%s/missing/run.json", dir);
  FILE *old = fopen(path, "w");
  fputs("old", old);
  fclose(old);
  om_option_set options;
  om_run_report report = report_of(&options);
  CHECK(om_run_report_write(path, &report));
  CHECK_EQ_U64(entries_in(dir), 1); /* the temporary file was renamed */
  FILE *in = fopen(path, "r");
  char head[16] = "";
  CHECK(in != NULL && fgets(head, sizeof head, in) != NULL);
  CHECK_STR(head, "{\n");
  if (in != NULL)
    fclose(in);

  capture_begin();
  CHECK(!om_run_report_write(bad, &report));
  char want[512];
  snprintf(want, sizeof want,
           "ownmap: warning: cannot write the run report to '%s': No such file or directory\n",
           bad);
  CHECK_STR(capture_end(), want);
  CHECK_EQ_U64(entries_in(dir), 1);
  unlink(path);
  rmdir(dir);
}

static void test_program_name(void) {
  char name[256];
  CHECK(om_program_name(name, sizeof name));
  CHECK(strstr(name, "unit-run-report-document") != NULL);
  char cut[4];
  CHECK(om_program_name(cut, sizeof cut));
  CHECK_EQ_U64(strlen(cut), 3);
}

int main(void) {
  test_document();
  test_empty_report();
  test_findings_beyond_capacity_are_counted();
  test_atomic_write();
  test_program_name();
  return check_report("unit-run-report-document");
}
