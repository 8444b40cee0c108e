/* unit-accounting-decisions: which map entries the plugin counts as copies,
 * from presence before and after a call, and the site each is keyed by. */
#include "accounting.h"
#include "capture.h"
#include "check.h"
#include "offload_abi.h"

#include <stdlib.h>
#include <string.h>

enum { TO = OM_MAP_TO, FROM = OM_MAP_FROM, ALWAYS = OM_MAP_ALWAYS };
#define H2D (1u << OM_TO_DEVICE)
#define D2H (1u << OM_FROM_DEVICE)

static void test_copy_rules(void) {
  /* begin: TO copies unless already present; ALWAYS copies anyway. */
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_BEGIN, TO, false, true), H2D);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_BEGIN, TO, true, true), 0);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_BEGIN, TO | ALWAYS, true, true), H2D);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_BEGIN, TO | FROM, false, true), H2D);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_BEGIN, FROM, false, true), 0);
  /* end: FROM copies when the last reference goes; ALWAYS while present. */
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_END, FROM, true, false), D2H);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_END, FROM, true, true), 0);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_END, FROM | ALWAYS, true, true), D2H);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_END, FROM | ALWAYS, false, false), 0);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_END, TO, true, false), 0);
  /* update: whatever is asked, iff present. */
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_UPDATE, TO, true, true), H2D);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_UPDATE, FROM, true, true), D2H);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_DATA_UPDATE, FROM, false, false), 0);
  /* kernel: both ends of the implicit region. */
  CHECK_EQ_U64(om_entry_copies(OM_CALL_KERNEL, TO | FROM, false, false), H2D | D2H);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_KERNEL, TO | FROM, true, true), 0);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_KERNEL, TO | FROM | ALWAYS, true, true), H2D | D2H);
  CHECK_EQ_U64(om_entry_copies(OM_CALL_KERNEL, FROM, false, false), D2H);
}

/* A fake device: the entries whose address is in `present` are mapped. */
static const void *present[8];
static int probed_device = -2;

static int fake_is_present(const void *ptr, int device) {
  probed_device = device;
  for (size_t i = 0; i < sizeof present / sizeof present[0]; i++)
    if (present[i] == ptr)
      return 1;
  return 0;
}

static double a[100], b[50], c[10], d[4];
static int mapper_marker;

static void test_probe_skips_uncounted_entries(void) {
  void *begins[] = {a, b, c, d, NULL};
  int64_t sizes[] = {sizeof a, sizeof b, 0, sizeof d, 8};
  int64_t types[] = {TO, TO | OM_MAP_PRIVATE, TO, TO | OM_MAP_LITERAL, TO};
  om_map_entries entries = {5, begins, sizes, types, NULL, NULL};
  present[0] = a, present[1] = b, present[2] = c, present[3] = d;
  om_presence presence;
  om_probe_presence(&entries, 3, fake_is_present, &presence);
  CHECK_EQ_U64(probed_device, 3);
  CHECK_EQ_U64(presence.bits[0], 1); /* only a[] is counted, and present */
  memset(present, 0, sizeof present);
}

static void test_account_kernel_call(void) {
  void *begins[] = {a, b, c, d};
  int64_t sizes[] = {sizeof a, sizeof b, sizeof c, sizeof d};
  int64_t types[] = {TO, TO | FROM, FROM, TO};
  void *names[] = {";a[0:100];/src/k.c;5;8;;", ";b[0:50];/src/k.c;6;8;;", NULL,
                   ";d;/src/k.c;7;8;;"};
  void *mappers[] = {NULL, NULL, NULL, &mapper_marker};
  om_map_entries entries = {4, begins, sizes, types, names, mappers};
  om_call_origin origin = {";/src/k.c;main;40;1;;", NULL};
  om_presence none = {{0}};
  om_ledger ledger = OM_LEDGER_INIT;
  capture_begin(); /* verbose: the mapper entry is said to pass uncounted, once */
  om_account_call(&ledger, OM_CALL_KERNEL, 2, &entries, &none, &none, NULL, &origin, 1000, 500);
  om_ledger other_ledger = OM_LEDGER_INIT;
  om_account_call(&other_ledger, OM_CALL_KERNEL, 2, &entries, &none, &none, NULL, &origin, 1000,
                  500);
  CHECK_STR(capture_end(),
            "ownmap: passing through uncounted: map entries with a user-defined mapper\n");

  om_ledger_row rows[8], other;
  size_t count = om_ledger_snapshot(&ledger, rows, 8, &other);
  CHECK_EQ_U64(count, 3); /* d has a mapper: not counted */
  uint64_t to_bytes = 0, from_bytes = 0;
  for (size_t i = 0; i < count; i++) {
    to_bytes += rows[i].flow[OM_TO_DEVICE].bytes;
    from_bytes += rows[i].flow[OM_FROM_DEVICE].bytes;
    if (strcmp(rows[i].site.name, "a[0:100]") == 0) {
      CHECK_STR(rows[i].site.file, "k.c");
      CHECK_EQ_U64(rows[i].site.line, 5);
    } else if (strcmp(rows[i].site.name, "arg#2") == 0) {
      CHECK_STR(rows[i].site.file, "k.c"); /* no map name: the region's site */
      CHECK_EQ_U64(rows[i].site.line, 40);
    } else {
      CHECK_STR(rows[i].site.name, "b[0:50]");
    }
  }
  CHECK_EQ_U64(to_bytes, sizeof a + sizeof b);
  CHECK_EQ_U64(from_bytes, sizeof b + sizeof c);
  /* The same copies, added up for the call's device only. */
  om_flow device_flow[OM_DIRECTION_COUNT], idle_flow[OM_DIRECTION_COUNT];
  om_ledger_device_totals(&ledger, 2, device_flow);
  om_ledger_device_totals(&ledger, 0, idle_flow);
  CHECK_EQ_U64(device_flow[OM_TO_DEVICE].bytes, sizeof a + sizeof b);
  CHECK_EQ_U64(device_flow[OM_TO_DEVICE].transfers, 2);
  CHECK_EQ_U64(device_flow[OM_FROM_DEVICE].bytes, sizeof b + sizeof c);
  CHECK_EQ_U64(device_flow[OM_FROM_DEVICE].transfers, 2);
  CHECK_EQ_U64(idle_flow[OM_TO_DEVICE].transfers + idle_flow[OM_FROM_DEVICE].transfers, 0);
  /* A kernel's copies are not timed: on the timeline with duration 0, at
   * the call's start (to the device) or its end (back). */
  uint64_t not_kept;
  CHECK_EQ_U64(om_timeline_kept(&ledger, &not_kept), 4);
  for (int e = 0; e < 4; e++) {
    const om_timeline_event *event = &ledger.timeline[e];
    CHECK(event->duration_ns == 0 && !event->elided && event->device == 2);
    CHECK_EQ_U64(event->t_ns, event->direction == OM_TO_DEVICE ? 1000 : 1500);
  }
  om_tally tally;
  om_ledger_device_tally(&ledger, 2, &tally);
  CHECK_EQ_U64(tally.time_ns[OM_TO_DEVICE] + tally.time_ns[OM_FROM_DEVICE], 0);

  /* The rows are cached per ledger: the other ledger got its own copies, and
   * a second call lands in the same rows of the first. */
  count = om_ledger_snapshot(&other_ledger, rows, 8, &other);
  CHECK_EQ_U64(count, 3);
  om_account_call(&ledger, OM_CALL_KERNEL, 2, &entries, &none, &none, NULL, &origin, 1000, 500);
  count = om_ledger_snapshot(&ledger, rows, 8, &other);
  CHECK_EQ_U64(count, 3);
  for (size_t i = 0; i < count; i++)
    if (strcmp(rows[i].site.name, "a[0:100]") == 0)
      CHECK(rows[i].flow[OM_TO_DEVICE].bytes == 2 * sizeof a &&
            rows[i].flow[OM_TO_DEVICE].transfers == 2);
}

/* A data call's duration is shared by its copies in proportion to bytes,
 * one after the other from the call's start. */
static void test_data_call_time_split_by_bytes(void) {
  void *begins[] = {a, b, c};
  int64_t sizes[] = {800, 400, 80};
  int64_t types[] = {TO, TO, TO};
  void *names[] = {";a[0:100];k.c;5;8;;", ";b[0:50];k.c;6;8;;", ";c[0:10];k.c;7;8;;"};
  om_map_entries entries = {3, begins, sizes, types, names, NULL};
  om_call_origin origin = {NULL, NULL};
  om_presence before = {{0}};
  om_presence_set(&before, 2, true); /* c is present: not copied */
  static om_ledger ledger = OM_LEDGER_INIT;
  om_ledger_set_epoch(&ledger, 10000);
  om_account_call(&ledger, OM_CALL_DATA_BEGIN, 1, &entries, &before, &before, NULL, &origin, 10500,
                  1200);
  uint64_t not_kept;
  CHECK_EQ_U64(om_timeline_kept(&ledger, &not_kept), 2);
  CHECK_EQ_U64(not_kept, 0);
  const om_timeline_event *first = &ledger.timeline[0], *second = &ledger.timeline[1];
  CHECK_STR(first->row->site.name, "a[0:100]");
  CHECK_EQ_U64(first->t_ns, 500);
  CHECK_EQ_U64(first->duration_ns, 800);
  CHECK_STR(second->row->site.name, "b[0:50]");
  CHECK_EQ_U64(second->t_ns, 1300);
  CHECK_EQ_U64(second->duration_ns, 400);
  CHECK_EQ_U64(first->row->time_ns[OM_TO_DEVICE], 800);
  CHECK_EQ_U64(first->row->time_ns[OM_FROM_DEVICE], 0);
  om_tally tally;
  om_ledger_device_tally(&ledger, 1, &tally);
  CHECK_EQ_U64(tally.time_ns[OM_TO_DEVICE], 1200);
  CHECK_EQ_U64(tally.flow[OM_TO_DEVICE].bytes, 1200);
  /* The engine's entry point finds the same row. */
  CHECK(om_entry_row(&ledger, &entries, 1, &origin) == second->row);
}

/* Entries the engine served (the runtime never saw them) are not counted,
 * and take no share of the call's time. */
static void test_skipped_entries_not_counted(void) {
  void *begins[] = {a, b};
  int64_t sizes[] = {800, 400};
  int64_t types[] = {TO, TO};
  void *names[] = {";a[0:100];k.c;5;8;;", ";b[0:50];k.c;6;8;;"};
  om_map_entries entries = {2, begins, sizes, types, names, NULL};
  om_call_origin origin = {NULL, NULL};
  om_presence absent = {{0}}, skipped = {{0}};
  om_presence_set(&skipped, 0, true);
  static om_ledger ledger = OM_LEDGER_INIT;
  om_ledger_set_epoch(&ledger, 0);
  om_account_call(&ledger, OM_CALL_DATA_BEGIN, 1, &entries, &absent, &absent, &skipped, &origin,
                  100, 600);
  uint64_t not_kept;
  CHECK_EQ_U64(om_timeline_kept(&ledger, &not_kept), 1);
  CHECK_STR(ledger.timeline[0].row->site.name, "b[0:50]");
  CHECK_EQ_U64(ledger.timeline[0].duration_ns, 600);
  om_tally tally;
  om_ledger_device_tally(&ledger, 1, &tally);
  CHECK_EQ_U64(tally.flow[OM_TO_DEVICE].bytes, 400);
}

static void test_site_from_return_address(void) {
  void *begins[] = {a};
  int64_t sizes[] = {sizeof a};
  int64_t types[] = {TO};
  om_map_entries entries = {1, begins, sizes, types, NULL, NULL};
  om_call_origin origin = {";unknown;unknown;0;0;;", (const void *)test_site_from_return_address};
  om_site site;
  om_entry_site(&entries, 0, &origin, &site);
  CHECK_STR(site.name, "arg#0");
  CHECK(strncmp(site.file, "unit-accounting-decisions+0x", 28) == 0);
  CHECK_EQ_U64(site.line, 0);
}

/* Rows without map names are keyed by the region's location and the
 * argument index (cached, so the second lookup parses nothing); a library
 * unloaded makes the cache forget, since another library's strings may
 * come back at the same addresses. */
static void test_rows_of_unnamed_entries(void) {
  void *begins[] = {a, b};
  int64_t sizes[] = {800, 400};
  int64_t types[] = {TO, TO};
  om_map_entries entries = {2, begins, sizes, types, NULL, NULL};
  static char location[] = ";k.c;kernel;12;3;;";
  om_call_origin origin = {location, NULL};
  static om_ledger ledger = OM_LEDGER_INIT;
  om_ledger_row *first = om_entry_row(&ledger, &entries, 0, &origin);
  om_ledger_row *second = om_entry_row(&ledger, &entries, 1, &origin);
  CHECK(first != second);
  CHECK_STR(first->site.name, "arg#0");
  CHECK_STR(second->site.name, "arg#1");
  CHECK_EQ_U64(first->site.line, 12);
  CHECK(om_entry_row(&ledger, &entries, 0, &origin) == first);
  static char other_location[] = ";k.c;kernel;40;3;;";
  om_call_origin other = {other_location, NULL};
  CHECK_EQ_U64(om_entry_row(&ledger, &entries, 0, &other)->site.line, 40);
  /* Another library at the same addresses: its names and locations. */
  static char name[] = ";a[0:100];k.c;5;8;;";
  void *names[] = {name, NULL};
  om_map_entries named = {2, begins, sizes, types, names, NULL};
  om_ledger_row *old_name = om_entry_row(&ledger, &named, 0, &origin);
  CHECK_STR(old_name->site.name, "a[0:100]");
  om_entry_rows_forget();
  memcpy(location, ";k.c;kernel;77;3;;", sizeof location);
  memcpy(name, ";z[0:100];k.c;5;8;;", sizeof name);
  CHECK_EQ_U64(om_entry_row(&ledger, &entries, 0, &origin)->site.line, 77);
  CHECK_STR(om_entry_row(&ledger, &named, 0, &origin)->site.name, "z[0:100]");
}

int main(void) {
  setenv("OWNMAP_VERBOSE", "1", 1);
  test_copy_rules();
  test_probe_skips_uncounted_entries();
  test_account_kernel_call();
  test_data_call_time_split_by_bytes();
  test_skipped_entries_not_counted();
  test_site_from_return_address();
  test_rows_of_unnamed_entries();
  return check_report("unit-accounting-decisions");
}
