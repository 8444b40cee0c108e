/* report.h - the transfer summary printed at exit. */
#ifndef OWNMAP_RTL_REPORT_H
#define OWNMAP_RTL_REPORT_H

#include "ledger.h"

/* Writes the summary table of ledger through om_message: one row per site,
 * sorted by file, line and name, then a totals line. Not reentrant (it
 * sorts in static storage); call it once, at exit. */
void om_report_transfers(om_ledger *ledger);

#endif
