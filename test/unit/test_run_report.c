/* unit-run-report-document: the run report's JSON text (settings from the
 * options table, devices, sorted rows with totals, bytes elided per reason,
 * time, findings and how many were not kept, the timeline) and its atomic
 * write: a bad path warns and leaves nothing
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

static om_ledger_row *row_of(const char *name, const char *file, unsigned line) {
  om_site site;
  om_site_set(&site, span(name), span(file), line);
  return om_ledger_row_of(&ledger, &site);
}

static void record(const char *name, const char *file, unsigned line, int device,
                   om_direction direction, uint64_t bytes) {
  om_ledger_count_copy(&ledger, row_of(name, file, line), device, direction, bytes);
}

#define NO_ELISION(direction)                                                           \
  "\"elided_" direction "\": {\"bytes\": 0, \"copies\": 0, \"reasons\": "               \
  "{\"unchanged\": 0, \"restored-on-device\": 0, \"not-needed\": 0}}"
#define NO_ELISIONS NO_ELISION("to_device") ", " NO_ELISION("from_device")

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
  return (om_run_report){.program = "/bin/prog \"quoted\"", .pid = 4242, .rank = 3,
                         .options = options, .ledger = &ledger, .findings = &findings};
}

static void test_document(void) {
  record("y[0:n]", "saxpy.c", 12, 0, OM_TO_DEVICE, 4000);
  record("y[0:n]", "saxpy.c", 12, 0, OM_FROM_DEVICE, 4000);
  om_ledger_add_time(row_of("y[0:n]", "saxpy.c", 12), OM_FROM_DEVICE, 777);
  record("x[0:n]", "saxpy.c", 9, 1, OM_TO_DEVICE, 800);
  record("arg#0", "prog+0x1234", 0, 70, OM_FROM_DEVICE, 16);
  /* Two skipped copies of x, for two reasons, on device 1. */
  om_ledger_row *x = row_of("x[0:n]", "saxpy.c", 9);
  om_ledger_set_epoch(&ledger, 1000);
  om_ledger_add_elided(x, OM_TO_DEVICE, 800, OM_ELIDED_UNCHANGED);
  om_ledger_add_elided_to_device(&ledger, 1, OM_TO_DEVICE, 800);
  om_timeline_record(&ledger, x, 1, OM_TO_DEVICE, 800, true, OM_ELIDED_UNCHANGED, 1500, 0);
  om_ledger_add_elided(x, OM_TO_DEVICE, 800, OM_ELIDED_NOT_NEEDED);
  om_ledger_add_elided_to_device(&ledger, 1, OM_TO_DEVICE, 800);
  om_timeline_record(&ledger, x, 1, OM_TO_DEVICE, 800, true, OM_ELIDED_NOT_NEEDED, 2500, 0);
  om_timeline_record(&ledger, x, 1, OM_TO_DEVICE, 800, false, OM_ELIDED_NOT_NEEDED, 3000,
                     40);
  om_finding_subject subject = {.variable = "v[0:n]", .file = "a.c", .line = 7};
  om_findings_record(&findings, "bounds", OM_SEVERITY_ERROR, &subject, "covers \"bytes\"");
  om_finding_subject unnamed = {.variable = "", .file = "prog+0x10", .line = 0};
  om_findings_record(&findings, "leak", OM_SEVERITY_WARNING, &unnamed, "leaks");
  om_option_set options;
  om_run_report report = report_of(&options);
  const char *text = printed(&report);
  check_contains(text, "{\n  \"schema\": \"ownmap-run-report/2\",\n  \"ownmap_version\": \"");
  check_contains(text, "\"program\": \"/bin/prog \\\"quoted\\\"\",\n"
                       "  \"pid\": 4242,\n  \"rank\": 3,\n");
  check_contains(text, "  \"settings\": {\n    \"OWNMAP_LOG\": null,\n"
                       "    \"OWNMAP_VERBOSE\": false,\n    \"OWNMAP_SUMMARY\": false,\n"
                       "    \"OWNMAP_REPORT\": \"r\\\"un.json\",\n"
                       "    \"OWNMAP_CHECKS\": \"fast\",\n"
                       "    \"OWNMAP_ON_ERROR\": \"abort\",\n"
                       "    \"OWNMAP_ELIDE\": \"lazy\",\n    \"OWNMAP_CACHE_MB\": 4096,\n    \"OWNMAP_PIN\": true,\n"
                       "    \"OWNMAP_SELF_TIME\": false\n  },\n");
  check_contains(text,
                 "  \"devices\": [\n"
                 "    {\"device\": 0, \"to_device\": {\"bytes\": 4000, \"copies\": 1, "
                 "\"time_ns\": 0}, "
                 "\"from_device\": {\"bytes\": 4000, \"copies\": 1, \"time_ns\": 0}, "
                 "" NO_ELISIONS "},\n"
                 "    {\"device\": 1, \"to_device\": {\"bytes\": 800, \"copies\": 1, "
                 "\"time_ns\": 40}, "
                 "\"from_device\": {\"bytes\": 0, \"copies\": 0, \"time_ns\": 0}, "
                 "\"elided_to_device\": {\"bytes\": 1600, \"copies\": 2, \"reasons\": "
                 "{\"unchanged\": 800, \"restored-on-device\": 0, \"not-needed\": 800}}, "
                 NO_ELISION("from_device") "},\n"
                 "    {\"device\": null, \"to_device\": {\"bytes\": 0, \"copies\": 0, "
                 "\"time_ns\": 0}, "
                 "\"from_device\": {\"bytes\": 16, \"copies\": 1, \"time_ns\": 0}, " NO_ELISIONS
                 "}\n  ],\n");
  check_contains(text,
                 "  \"transfers\": [\n"
                 "    {\"variable\": \"arg#0\", \"file\": \"prog+0x1234\", \"line\": null, "
                 "\"to_device\": {\"bytes\": 0, \"copies\": 0, \"time_ns\": 0}, "
                 "\"from_device\": {\"bytes\": 16, \"copies\": 1, \"time_ns\": 0}, "
                 "" NO_ELISIONS "},\n"
                 "    {\"variable\": \"x[0:n]\", \"file\": \"saxpy.c\", \"line\": 9, "
                 "\"to_device\": {\"bytes\": 800, \"copies\": 1, \"time_ns\": 0}, "
                 "\"from_device\": {\"bytes\": 0, \"copies\": 0, \"time_ns\": 0}, "
                 "\"elided_to_device\": {\"bytes\": 1600, \"copies\": 2, \"reasons\": "
                 "{\"unchanged\": 800, \"restored-on-device\": 0, \"not-needed\": 800}}, "
                 NO_ELISION("from_device") "},\n"
                 "    {\"variable\": \"y[0:n]\", \"file\": \"saxpy.c\", \"line\": 12, "
                 "\"to_device\": {\"bytes\": 4000, \"copies\": 1, \"time_ns\": 0}, "
                 "\"from_device\": {\"bytes\": 4000, \"copies\": 1, \"time_ns\": 777}, ");
  check_contains(text,
                 "  \"totals\": {\"to_device\": {\"bytes\": 4800, \"copies\": 2, \"time_ns\": 0}, "
                 "\"from_device\": {\"bytes\": 4016, \"copies\": 2, \"time_ns\": 777}, "
                 "\"elided_to_device\": {\"bytes\": 1600, \"copies\": 2, \"reasons\": "
                 "{\"unchanged\": 800, \"restored-on-device\": 0, \"not-needed\": 800}}, "
                 NO_ELISION("from_device") "},\n");
  check_contains(text,
                 "  \"findings\": [\n"
                 "    {\"kind\": \"bounds\", \"severity\": \"error\", \"variable\": \"v[0:n]\", "
                 "\"file\": \"a.c\", \"line\": 7, \"message\": \"covers \\\"bytes\\\"\"},\n"
                 "    {\"kind\": \"leak\", \"severity\": \"warning\", \"variable\": null, "
                 "\"file\": \"prog+0x10\", \"line\": null, \"message\": \"leaks\"}\n  ],\n"
                 "  \"findings_not_kept\": 0,\n");
  check_contains(text,
                 "  \"timeline\": [\n"
                 "    {\"t_ns\": 500, \"duration_ns\": 0, \"device\": 1, \"variable\": \"x[0:n]\", "
                 "\"file\": \"saxpy.c\", \"line\": 9, \"direction\": \"to_device\", "
                 "\"bytes\": 800, "
                 "\"elided\": true, \"reason\": \"unchanged\"},\n"
                 "    {\"t_ns\": 1500, \"duration_ns\": 0, \"device\": 1, "
                 "\"variable\": \"x[0:n]\", "
                 "\"file\": \"saxpy.c\", \"line\": 9, \"direction\": \"to_device\", "
                 "\"bytes\": 800, "
                 "\"elided\": true, \"reason\": \"not-needed\"},\n"
                 "    {\"t_ns\": 2000, \"duration_ns\": 40, \"device\": 1, "
                 "\"variable\": \"x[0:n]\", "
                 "\"file\": \"saxpy.c\", \"line\": 9, \"direction\": \"to_device\", "
                 "\"bytes\": 800, "
                 "\"elided\": false, \"reason\": null}\n"
                 "  ],\n  \"timeline_not_kept\": 0\n}\n");
}

/* The timeline keeps its first events, counts the rest, and still adds
 * every event's time to its device. */
static void test_timeline_beyond_capacity_is_counted(void) {
  static om_ledger full = OM_LEDGER_INIT;
  om_site site;
  om_site_set(&site, span("z"), span("z.c"), 3);
  om_ledger_row *row = om_ledger_row_of(&full, &site);
  for (int i = 0; i < OM_TIMELINE_CAPACITY + 5; i++)
    om_timeline_record(&full, row, 0, OM_FROM_DEVICE, 8, false, OM_ELIDED_UNCHANGED, i, 2);
  uint64_t not_kept;
  CHECK_EQ_U64(om_timeline_kept(&full, &not_kept), OM_TIMELINE_CAPACITY);
  CHECK_EQ_U64(not_kept, 5);
  om_tally tally;
  om_ledger_device_tally(&full, 0, &tally);
  CHECK_EQ_U64(tally.time_ns[OM_FROM_DEVICE], 2 * (OM_TIMELINE_CAPACITY + 5));
  CHECK_EQ_U64(full.timeline[OM_TIMELINE_CAPACITY - 1].t_ns, OM_TIMELINE_CAPACITY - 1);
}

static void test_empty_report(void) {
  static om_ledger empty = OM_LEDGER_INIT;
  static om_findings none;
  om_option_set options;
  om_run_report report = report_of(&options);
  report.ledger = &empty;
  report.findings = &none;
  report.program = NULL;
  report.rank = -1; /* no MPI launcher */
  const char *text = printed(&report);
  check_contains(text, "\"program\": null,\n  \"pid\": 4242,\n  \"rank\": null,\n");
  check_contains(text, "  \"devices\": [],\n  \"transfers\": [],\n");
  check_contains(text, "  \"findings\": [],\n  \"findings_not_kept\": 0,\n"
                       "  \"timeline\": [],\n  \"timeline_not_kept\": 0\n}\n");
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
  char want[1024];
  snprintf(want, sizeof want,
           "ownmap: warning: cannot write the run report to '%s': '%s/missing': No such file "
           "or directory; '%s' was not created\n",
           bad, dir, bad);
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

/* The rank as the report writes it: from the first launcher variable set
 * to digits, leading zeros dropped (JSON has none), -1 when there is none
 * or it does not fit. */
static void test_launcher_rank(void) {
  const char *names[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    unsetenv(names[i]);
  CHECK_EQ_U64(om_run_report_rank(), (uint64_t)-1);
  setenv("PMI_RANK", "5", 1);
  CHECK_EQ_U64(om_run_report_rank(), 5);
  setenv("OMPI_COMM_WORLD_RANK", "007", 1);
  CHECK_EQ_U64(om_run_report_rank(), 7);
  setenv("OMPI_COMM_WORLD_RANK", "99999999999999999999999", 1);
  CHECK_EQ_U64(om_run_report_rank(), (uint64_t)-1);
  setenv("OMPI_COMM_WORLD_RANK", "x1", 1); /* not digits: the next one counts */
  CHECK_EQ_U64(om_run_report_rank(), 5);
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    unsetenv(names[i]);
}

int main(void) {
  test_document();
  test_launcher_rank();
  test_empty_report();
  test_timeline_beyond_capacity_is_counted();
  test_findings_beyond_capacity_are_counted();
  test_atomic_write();
  test_program_name();
  return check_report("unit-run-report-document");
}
