/* unit-ledger-counts-per-thread: a ledger that counts copies per thread
 * (OM_LEDGER_PER_THREAD_INIT) reports every copy once: from threads that
 * still run, that have exited (their blocks reused, not multiplied), while
 * readers read (the counts they see only grow), in the timeline's events
 * not kept, and in a forked child (from zero). A row of another ledger and
 * a ledger that does not count per thread take the shared atomic counts. */
#include "check.h"
#include "ledger.h"
#include "ledger_threads.h"

#include <pthread.h>
#include <stdatomic.h>
#include <sys/wait.h>
#include <unistd.h>

static om_span span(const char *text) { return (om_span){text, strlen(text)}; }

static om_ledger_row *row_named(om_ledger *ledger, const char *name) {
  om_site site;
  om_site_set(&site, span(name), span("threads.c"), 1);
  return om_ledger_row_of(ledger, &site);
}

/* The copies and bytes each way a ledger reports for a name: its row in a
 * snapshot. */
static om_ledger_row snapshot_rows[OM_LEDGER_CAPACITY];
static om_ledger_row reported(om_ledger *ledger, const char *name) {
  om_ledger_row other, none = {0};
  size_t count = om_ledger_snapshot(ledger, snapshot_rows, OM_LEDGER_CAPACITY, &other);
  for (size_t i = 0; i < count; i++)
    if (strcmp(snapshot_rows[i].site.name, name) == 0)
      return snapshot_rows[i];
  return none;
}

static uint64_t device_copies(om_ledger *ledger, int device, om_direction direction) {
  om_flow flow[OM_DIRECTION_COUNT];
  om_ledger_device_totals(ledger, device, flow);
  return flow[direction].transfers;
}

#define THREADS 6
#define COPIES 20000

static om_ledger counted = OM_LEDGER_PER_THREAD_INIT;
static atomic_bool writers_done;

static void *count_copies(void *arg) {
  om_ledger_row *row = arg;
  for (int i = 0; i < COPIES; i++) {
    om_ledger_count_copy(&counted, row, i % 2, OM_TO_DEVICE, 3);
    om_ledger_count_copy(&counted, row, 70, OM_FROM_DEVICE, 5);
  }
  return NULL;
}

/* Reads while the writers count: what it sees never shrinks nor exceeds
 * the end's. */
static void *read_while_counting(void *arg) {
  (void)arg;
  uint64_t seen = 0, reads = 0;
  bool ordered = true;
  while (!atomic_load(&writers_done) || reads < 2) {
    om_ledger_row row = reported(&counted, "shared");
    uint64_t now = row.flow[OM_TO_DEVICE].transfers;
    ordered = ordered && now >= seen && now <= (uint64_t)THREADS * COPIES;
    seen = now;
    reads++;
  }
  return (void *)(uintptr_t)ordered;
}

static void test_threads_add_up_while_read(void) {
  om_ledger_row *shared = row_named(&counted, "shared");
  pthread_t writers[THREADS], reader;
  pthread_create(&reader, NULL, read_while_counting, NULL);
  for (int t = 0; t < THREADS; t++)
    pthread_create(&writers[t], NULL, count_copies, shared);
  for (int t = 0; t < THREADS; t++)
    pthread_join(writers[t], NULL);
  atomic_store(&writers_done, true);
  void *ordered;
  pthread_join(reader, &ordered);
  CHECK(ordered == (void *)1);

  om_ledger_row row = reported(&counted, "shared");
  CHECK_EQ_U64(row.flow[OM_TO_DEVICE].transfers, (uint64_t)THREADS * COPIES);
  CHECK_EQ_U64(row.flow[OM_TO_DEVICE].bytes, 3ull * THREADS * COPIES);
  CHECK_EQ_U64(row.flow[OM_FROM_DEVICE].transfers, (uint64_t)THREADS * COPIES);
  CHECK_EQ_U64(row.flow[OM_FROM_DEVICE].bytes, 5ull * THREADS * COPIES);
  CHECK_EQ_U64(device_copies(&counted, 0, OM_TO_DEVICE), THREADS * COPIES / 2);
  CHECK_EQ_U64(device_copies(&counted, 1, OM_TO_DEVICE), THREADS * COPIES / 2);
  /* Device 70 is counted with all from OM_LEDGER_DEVICES up. */
  CHECK_EQ_U64(device_copies(&counted, OM_LEDGER_DEVICES, OM_FROM_DEVICE), THREADS * COPIES);
  CHECK(om_thread_counts_made(&counted) <= THREADS);
}

static void *count_a_few(void *arg) {
  for (int i = 0; i < 10; i++)
    om_ledger_count_copy(&counted, arg, 0, OM_FROM_DEVICE, 1);
  return NULL;
}

/* Threads that come and go one after another reuse one block; their
 * copies stay counted. */
static void test_exited_threads_blocks_reused(void) {
  size_t made = om_thread_counts_made(&counted);
  om_ledger_row *churn = row_named(&counted, "churn");
  for (int t = 0; t < 200; t++) {
    pthread_t thread;
    pthread_create(&thread, NULL, count_a_few, churn);
    pthread_join(thread, NULL);
  }
  CHECK_EQ_U64(reported(&counted, "churn").flow[OM_FROM_DEVICE].transfers, 2000);
  CHECK_EQ_U64(om_thread_counts_made(&counted), made);
}

#define EVENTS 3000

static om_ledger timeline_ledger = OM_LEDGER_PER_THREAD_INIT;

static void *record_events(void *arg) {
  for (int i = 0; i < EVENTS; i++)
    om_timeline_record(&timeline_ledger, arg, 0, OM_TO_DEVICE, 4, false, OM_ELIDED_UNCHANGED,
                       om_now_ns(), 0);
  return NULL;
}

/* Past its capacity the timeline still counts every event. */
static void test_events_not_kept_counted(void) {
  om_ledger_row *row = row_named(&timeline_ledger, "events");
  pthread_t threads[4];
  for (int t = 0; t < 4; t++)
    pthread_create(&threads[t], NULL, record_events, row);
  for (int t = 0; t < 4; t++)
    pthread_join(threads[t], NULL);
  uint64_t not_kept = 0;
  size_t kept = om_timeline_kept(&timeline_ledger, &not_kept);
  CHECK_EQ_U64(kept, OM_TIMELINE_CAPACITY);
  CHECK_EQ_U64(kept + not_kept, 4 * EVENTS);
}

/* A forked child counts its own copies from zero; the parent keeps its. */
static void test_fork_child_counts_from_zero(void) {
  om_ledger_row *row = row_named(&counted, "forked");
  om_ledger_count_copy(&counted, row, 0, OM_TO_DEVICE, 8);
  uint64_t parent_device = device_copies(&counted, 0, OM_TO_DEVICE);
  om_ledger_fork_prepare(&counted);
  pid_t child = fork();
  if (child == 0) {
    om_ledger_fork_child(&counted);
    bool zero = reported(&counted, "forked").flow[OM_TO_DEVICE].transfers == 0 &&
                device_copies(&counted, 0, OM_TO_DEVICE) == 0;
    om_ledger_count_copy(&counted, row, 0, OM_TO_DEVICE, 8);
    bool one = reported(&counted, "forked").flow[OM_TO_DEVICE].transfers == 1 &&
               device_copies(&counted, 0, OM_TO_DEVICE) == 1;
    _exit(zero && one ? 0 : 1);
  }
  om_ledger_fork_parent(&counted);
  int status = 0;
  CHECK(child > 0 && waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK_EQ_U64(reported(&counted, "forked").flow[OM_TO_DEVICE].transfers, 1);
  CHECK_EQ_U64(device_copies(&counted, 0, OM_TO_DEVICE), parent_device);
}

/* A row of another ledger is counted in that row, atomically; a ledger
 * that does not count per thread makes no blocks. */
static void test_shared_counts_where_not_per_thread(void) {
  static om_ledger plain = OM_LEDGER_INIT;
  om_ledger_row *foreign = row_named(&plain, "foreign");
  om_ledger_count_copy(&counted, foreign, 0, OM_TO_DEVICE, 16);
  CHECK_EQ_U64(foreign->flow[OM_TO_DEVICE].transfers, 1);
  CHECK_EQ_U64(foreign->flow[OM_TO_DEVICE].bytes, 16);
  om_ledger_count_copy(&plain, foreign, 2, OM_FROM_DEVICE, 4);
  CHECK_EQ_U64(foreign->flow[OM_FROM_DEVICE].transfers, 1);
  CHECK_EQ_U64(device_copies(&plain, 2, OM_FROM_DEVICE), 1);
  CHECK_EQ_U64(om_thread_counts_made(&plain), 0);
}

int main(void) {
  test_threads_add_up_while_read();
  test_exited_threads_blocks_reused();
  test_events_not_kept_counted();
  test_fork_child_counts_from_zero();
  test_shared_counts_where_not_per_thread();
  return check_report("unit-ledger-counts-per-thread");
}
