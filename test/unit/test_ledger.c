/* unit-ledger-counts: per-site sums each way, concurrent recording, cut
 * keys, overflow into <other> (said once) and the fork handlers. */
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
  const om_ledger_row *row = find(count, "x[0:n]", "saxpy.c", 12);
  CHECK(row != NULL);
  if (row) {
    CHECK_EQ_U64(row->flow[OM_TO_DEVICE].bytes, 8000);
    CHECK_EQ_U64(row->flow[OM_TO_DEVICE].transfers, 2);
    CHECK_EQ_U64(row->flow[OM_FROM_DEVICE].transfers, 0);
  }
  row = find(count, "y[0:n]", "saxpy.c", 12);
  CHECK(row != NULL);
  if (row) {
    CHECK_EQ_U64(row->flow[OM_TO_DEVICE].bytes, 100);
    CHECK_EQ_U64(row->flow[OM_FROM_DEVICE].bytes, 100);
    CHECK_EQ_U64(row->flow[OM_FROM_DEVICE].transfers, 1);
  }
  row = find(count, "x[0:n]", "saxpy.c", 40);
  CHECK(row != NULL && row->flow[OM_FROM_DEVICE].bytes == 8);
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
  const om_ledger_row *shared = find(count, "shared", "threads.c", 1);
  CHECK(shared != NULL);
  if (shared) {
    CHECK_EQ_U64(shared->flow[OM_TO_DEVICE].transfers, THREADS * RECORDS_PER_THREAD);
    CHECK_EQ_U64(shared->flow[OM_TO_DEVICE].bytes, 3ull * THREADS * RECORDS_PER_THREAD);
  }
  for (int t = 0; t < THREADS; t++) {
    const om_ledger_row *own = find(count, names[t], "threads.c", 2);
    CHECK(own != NULL && own->flow[OM_FROM_DEVICE].bytes == 5ull * RECORDS_PER_THREAD);
  }
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
  test_fork_handlers();
  test_overflow_goes_to_other_once();
  return check_report("unit-ledger-counts");
}
