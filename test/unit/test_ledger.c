/* unit-ledger-counts: per-site sums each way, concurrent recording, cut
 * keys, overflow into <other> (said once) and the fork handlers; elisions
 * per reason, time, and the timeline under concurrent recording. */
#include "capture.h"
#include "check.h"
#include "ledger.h"

#include <pthread.h>
#include <sys/wait.h>

static om_ledger ledger = OM_LEDGER_INIT;
static om_ledger_row rows[OM_LEDGER_CAPACITY];

static om_span span(const char *text) { return (om_span){text, strlen(text)}; }

static om_site site_of(const char *name, const char *file, unsigned line) {
  om_site site;
  om_site_set(&site, span(name), span(file), line);
  return site;
}

static const om_ledger_row *find(size_t count, const char *name, const char *file,
                                 unsigned line) {
  for (size_t i = 0; i < count; i++)
    if (strcmp(rows[i].site.name, name) == 0 && strcmp(rows[i].site.file, file) == 0 &&
        rows[i].site.line == line)
      return &rows[i];
  return NULL;
}

/* The row of the site (name, file, line) among the first `count` exists
 * and moved these bytes and copies to the device and from it. */
static void check_row(size_t count, const char *name, const char *file, unsigned line,
                      uint64_t to_bytes, uint64_t to_transfers, uint64_t from_bytes,
                      uint64_t from_transfers) {
  const om_ledger_row *row = find(count, name, file, line);
  CHECK(row != NULL);
  if (row == NULL)
    return;
  CHECK_EQ_U64(row->flow[OM_TO_DEVICE].bytes, to_bytes);
  CHECK_EQ_U64(row->flow[OM_TO_DEVICE].transfers, to_transfers);
  CHECK_EQ_U64(row->flow[OM_FROM_DEVICE].bytes, from_bytes);
  CHECK_EQ_U64(row->flow[OM_FROM_DEVICE].transfers, from_transfers);
}

static void test_sums_per_site(void) {
  om_site x = site_of("x[0:n]", "saxpy.c", 12);
  om_site y = site_of("y[0:n]", "saxpy.c", 12);
  om_site x_elsewhere = site_of("x[0:n]", "saxpy.c", 40);
  om_ledger_record(&ledger, &x, OM_TO_DEVICE, 4000);
  om_ledger_record(&ledger, &x, OM_TO_DEVICE, 4000);
  om_ledger_record(&ledger, &y, OM_TO_DEVICE, 100);
  om_ledger_record(&ledger, &y, OM_FROM_DEVICE, 100);
  om_ledger_record(&ledger, &x_elsewhere, OM_FROM_DEVICE, 8);

  om_ledger_row other;
  size_t count = om_ledger_snapshot(&ledger, rows, OM_LEDGER_CAPACITY, &other);
  CHECK_EQ_U64(count, 3);
  check_row(count, "x[0:n]", "saxpy.c", 12, 8000, 2, 0, 0);
  check_row(count, "y[0:n]", "saxpy.c", 12, 100, 1, 100, 1);
  check_row(count, "x[0:n]", "saxpy.c", 40, 0, 0, 8, 1);
  CHECK_EQ_U64(other.flow[OM_TO_DEVICE].transfers + other.flow[OM_FROM_DEVICE].transfers, 0);
}

#define THREADS 4
#define RECORDS_PER_THREAD 20000

static void *record_many(void *arg) {
  om_site shared = site_of("shared", "threads.c", 1);
  om_site own = site_of((const char *)arg, "threads.c", 2);
  for (int i = 0; i < RECORDS_PER_THREAD; i++) {
    om_ledger_record(&ledger, &shared, OM_TO_DEVICE, 3);
    om_ledger_record(&ledger, &own, OM_FROM_DEVICE, 5);
  }
  return NULL;
}

static void test_concurrent_records_add_up(void) {
  pthread_t threads[THREADS];
  static const char *names[THREADS] = {"t0", "t1", "t2", "t3"};
  for (int t = 0; t < THREADS; t++)
    pthread_create(&threads[t], NULL, record_many, (void *)names[t]);
  for (int t = 0; t < THREADS; t++)
    pthread_join(threads[t], NULL);
  om_ledger_row other;
  size_t count = om_ledger_snapshot(&ledger, rows, OM_LEDGER_CAPACITY, &other);
  check_row(count, "shared", "threads.c", 1, 3ull * THREADS * RECORDS_PER_THREAD,
            THREADS * RECORDS_PER_THREAD, 0, 0);
  for (int t = 0; t < THREADS; t++)
    check_row(count, names[t], "threads.c", 2, 0, 0, 5ull * RECORDS_PER_THREAD,
              RECORDS_PER_THREAD);
}

/* Elided copies add up per reason on the row; the device's reasons and
 * time come from the timeline's events (kept or not). */
static void test_elisions_and_time(void) {
  static om_ledger own = OM_LEDGER_INIT;
  om_site site = site_of("e[0:n]", "elide.c", 3);
  om_ledger_row *row = om_ledger_row_of(&own, &site);
  om_ledger_add_elided(row, OM_FROM_DEVICE, 64, OM_ELIDED_NOT_NEEDED);
  om_ledger_add_elided(row, OM_FROM_DEVICE, 32, OM_ELIDED_UNCHANGED);
  om_ledger_add_elided(row, OM_TO_DEVICE, 16, OM_ELIDED_RESTORED_ON_DEVICE);
  om_ledger_add_time(row, OM_TO_DEVICE, 7);
  om_ledger_add_time(row, OM_TO_DEVICE, 5);
  CHECK_EQ_U64(row->elided[OM_FROM_DEVICE].bytes, 96);
  CHECK_EQ_U64(row->elided[OM_FROM_DEVICE].copies, 2);
  CHECK_EQ_U64(row->elided[OM_FROM_DEVICE].reason_bytes[OM_ELIDED_NOT_NEEDED], 64);
  CHECK_EQ_U64(row->elided[OM_FROM_DEVICE].reason_bytes[OM_ELIDED_UNCHANGED], 32);
  CHECK_EQ_U64(row->elided[OM_TO_DEVICE].reason_bytes[OM_ELIDED_RESTORED_ON_DEVICE], 16);
  CHECK_EQ_U64(row->time_ns[OM_TO_DEVICE], 12);
  CHECK_EQ_U64(row->time_ns[OM_FROM_DEVICE], 0);

  om_ledger_add_elided_to_device(&own, 70, OM_FROM_DEVICE, 64);
  om_timeline_record(&own, row, 70, OM_FROM_DEVICE, 64, true, OM_ELIDED_NOT_NEEDED, 0, 0);
  om_timeline_record(&own, row, 70, OM_TO_DEVICE, 8, false, OM_ELIDED_NOT_NEEDED, 0, 9);
  om_tally tally;
  om_ledger_device_tally(&own, OM_LEDGER_DEVICES, &tally); /* devices 64 and above */
  CHECK_EQ_U64(tally.elided[OM_FROM_DEVICE].copies, 1);
  CHECK_EQ_U64(tally.elided[OM_FROM_DEVICE].reason_bytes[OM_ELIDED_NOT_NEEDED], 64);
  CHECK_EQ_U64(tally.elided[OM_TO_DEVICE].reason_bytes[OM_ELIDED_NOT_NEEDED], 0);
  CHECK_EQ_U64(tally.time_ns[OM_TO_DEVICE], 9);
  CHECK_STR(om_elision_reason_name(OM_ELIDED_RESTORED_ON_DEVICE), "restored-on-device");
  uint64_t earlier = om_now_ns();
  uint64_t later = om_now_ns();
  CHECK(earlier > 0 && earlier <= later);
}

#define EVENTS_PER_THREAD 3000

static om_ledger timeline_ledger = OM_LEDGER_INIT;

static void *record_events(void *arg) {
  const om_ledger_row *row = arg;
  for (int i = 0; i < EVENTS_PER_THREAD; i++)
    om_timeline_record(&timeline_ledger, row, 1, OM_TO_DEVICE, 4, false, OM_ELIDED_UNCHANGED,
                       om_now_ns(), 1);
  return NULL;
}

/* Threads racing on the timeline: every kept event is whole and ready, the
 * rest are counted, and the device's time counts them all. */
static void test_concurrent_timeline(void) {
  pthread_t threads[THREADS];
  om_ledger_row *thread_rows[THREADS];
  static const char *names[THREADS] = {"t0", "t1", "t2", "t3"};
  om_ledger_set_epoch(&timeline_ledger, om_now_ns());
  CHECK(om_timeline_has_room(&timeline_ledger));
  for (int t = 0; t < THREADS; t++) {
    om_site site = site_of(names[t], "timeline.c", 1);
    thread_rows[t] = om_ledger_row_of(&timeline_ledger, &site);
    pthread_create(&threads[t], NULL, record_events, thread_rows[t]);
  }
  for (int t = 0; t < THREADS; t++)
    pthread_join(threads[t], NULL);
  uint64_t not_kept;
  size_t kept = om_timeline_kept(&timeline_ledger, &not_kept);
  CHECK_EQ_U64(kept, OM_TIMELINE_CAPACITY);
  CHECK_EQ_U64(kept + not_kept, THREADS * EVENTS_PER_THREAD);
  CHECK(!om_timeline_has_room(&timeline_ledger)); /* and the events past it were counted */
  size_t whole = 0;
  for (size_t i = 0; i < kept; i++) {
    const om_timeline_event *event = &timeline_ledger.timeline[i];
    bool known_row = false;
    for (int t = 0; t < THREADS; t++)
      known_row |= event->row == thread_rows[t];
    whole += atomic_load(&event->ready) && known_row && event->bytes == 4 &&
             event->duration_ns == 1 && event->device == 1;
  }
  CHECK_EQ_U64(whole, kept);
  om_tally tally;
  om_ledger_device_tally(&timeline_ledger, 1, &tally);
  CHECK_EQ_U64(tally.time_ns[OM_TO_DEVICE], THREADS * EVENTS_PER_THREAD);
}

static void test_long_keys_are_cut(void) {
  char long_name[2 * OM_SITE_NAME_MAX];
  memset(long_name, 'n', sizeof long_name - 1);
  long_name[sizeof long_name - 1] = '\0';
  om_site site = site_of(long_name, "f.c", 1);
  CHECK_EQ_U64(strlen(site.name), OM_SITE_NAME_MAX - 1);
  /* Two names equal in their first OM_SITE_NAME_MAX-1 bytes share a row. */
  long_name[sizeof long_name - 2] = 'm';
  om_site same = site_of(long_name, "f.c", 1);
  CHECK_STR(site.name, same.name);
}

/* Runs last: fills the table, then every new site goes to <other>. */
static void test_overflow_goes_to_other_once(void) {
  om_ledger_row other;
  size_t used = om_ledger_snapshot(&ledger, rows, OM_LEDGER_CAPACITY, &other);
  char name[32];
  capture_begin();
  for (size_t i = used; i < OM_LEDGER_CAPACITY + 10; i++) {
    snprintf(name, sizeof name, "v%zu", i);
    om_site site = site_of(name, "many.c", 7);
    om_ledger_record(&ledger, &site, OM_TO_DEVICE, 10);
  }
  CHECK_STR(capture_end(), "ownmap: warning: more than 512 variables moved data; the rest "
                           "are counted as <other>\n");
  size_t count = om_ledger_snapshot(&ledger, rows, OM_LEDGER_CAPACITY, &other);
  CHECK_EQ_U64(count, OM_LEDGER_CAPACITY);
  CHECK_EQ_U64(other.flow[OM_TO_DEVICE].transfers, 10);
  CHECK_EQ_U64(other.flow[OM_TO_DEVICE].bytes, 100);
  /* A site already in the table still gets its own row. */
  om_site shared = site_of("shared", "threads.c", 1);
  om_ledger_record(&ledger, &shared, OM_FROM_DEVICE, 1);
  om_ledger_snapshot(&ledger, rows, OM_LEDGER_CAPACITY, &other);
  CHECK_EQ_U64(other.flow[OM_FROM_DEVICE].transfers, 0);
}

/* A fork while the lock is held (as pthread_atfork's prepare does) leaves the
 * child a usable ledger. */
static void test_fork_handlers(void) {
  om_ledger_fork_prepare(&ledger);
  pid_t child = fork();
  if (child == 0) {
    om_ledger_fork_child(&ledger);
    om_site site = site_of("child", "fork.c", 1);
    om_ledger_record(&ledger, &site, OM_TO_DEVICE, 1);
    _exit(0);
  }
  om_ledger_fork_parent(&ledger);
  int status = 0;
  CHECK(child > 0 && waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  om_site site = site_of("parent", "fork.c", 1);
  om_ledger_record(&ledger, &site, OM_TO_DEVICE, 1); /* the lock is free again */
}

int main(void) {
  test_sums_per_site();
  test_concurrent_records_add_up();
  test_long_keys_are_cut();
  test_elisions_and_time();
  test_concurrent_timeline();
  test_fork_handlers();
  test_overflow_goes_to_other_once();
  return check_report("unit-ledger-counts");
}
