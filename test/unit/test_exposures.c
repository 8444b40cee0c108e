/* The buffers exposed to MPI transports (plugin/exposures.c): which ranges
 * meet an exposure, for writing or at all, how an operation's exposures
 * change key and end together, and that a full table refuses. */
#include "check.h"
#include "exposures.h"

static om_exposures table;

int main(void) {
  CHECK(!om_exposures_any(&table));
  CHECK(om_exposures_add(&table, 100, 200, 1, false)); /* a send buffer */
  CHECK(om_exposures_add(&table, 300, 400, 1, true));  /* the same call's receive buffer */
  CHECK(om_exposures_any(&table));
  /* Half-open: [200, 300) meets neither. */
  CHECK(!om_exposures_meet(&table, 200, 300, false));
  CHECK(om_exposures_meet(&table, 199, 200, false));
  CHECK(!om_exposures_meet(&table, 150, 160, true)); /* read only */
  CHECK(om_exposures_meet(&table, 399, 500, true));

  /* The call returned a request: both move to its handle. */
  om_exposures_rekey(&table, 1, 77);
  CHECK(om_exposures_add(&table, 1000, 2000, 5, true));
  om_exposures_remove(&table, 1); /* the old key owns nothing now */
  CHECK(om_exposures_meet(&table, 100, 101, false));
  om_exposures_remove(&table, 77);
  CHECK(!om_exposures_meet(&table, 0, 999, false));
  CHECK(om_exposures_meet(&table, 1500, 1501, true)); /* another operation's, kept */
  om_exposures_remove(&table, 5);
  CHECK(!om_exposures_any(&table));

  /* Full: the next add is refused, and removing one makes room. */
  for (uintptr_t i = 0; i < OM_EXPOSURE_SLOTS; i++)
    CHECK(om_exposures_add(&table, i * 10, i * 10 + 5, i + 1, false));
  CHECK(!om_exposures_add(&table, 1, 2, 9999, true));
  CHECK(!om_exposures_meet(&table, 1, 2, true));
  om_exposures_remove(&table, 3); /* [20, 25) */
  CHECK(!om_exposures_meet(&table, 20, 25, false));
  CHECK(om_exposures_meet(&table, 10230, 10231, false)); /* the last slot, moved */
  CHECK(om_exposures_add(&table, 1, 2, 9999, true));
  return check_failures != 0;
}
