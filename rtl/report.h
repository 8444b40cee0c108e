/* report.h - the transfer summary printed at exit. */
#ifndef OWNMAP_RTL_REPORT_H
#define OWNMAP_RTL_REPORT_H

#include "ledger.h"

/* The name of the row that adds up the sites beyond the ledger's capacity. */
#define OM_REPORT_OTHER_ROW "<other>"

/* The ledger's rows that moved data or had a copy elided, sorted by file,
 * line and name, then the overflow row when it did. *rows points to static storage, overwritten by the
 * next call: not reentrant, call at exit. */
size_t om_report_sorted_rows(om_ledger *ledger, const om_ledger_row **rows);

/* Writes the summary table of ledger through om_message: one row per site,
 * in the order of om_report_sorted_rows, then a totals line. Not
 * reentrant; call it once, at exit. */
void om_report_transfers(om_ledger *ledger);

#endif
