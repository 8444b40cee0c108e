/* srcloc.h - parse the source-location strings clang puts in offload calls.
 *
 * With debug info (-gline-tables-only or more) clang passes, per map entry,
 * a map name ";NAME;FILE;LINE;COLUMN;;" (NAME is the mapped expression, e.g.
 * "x[0:n]", and FILE:LINE:COLUMN where the variable is declared), and per
 * region an ident_t whose psource is ";FILE;FUNCTION;LINE;COLUMN;;".
 * Without debug info psource is ";unknown;unknown;0;0;;".
 */
#ifndef OWNMAP_RTL_SRCLOC_H
#define OWNMAP_RTL_SRCLOC_H

#include <stdbool.h>
#include <stddef.h>

/* A piece of a longer string, not NUL-terminated. */
typedef struct {
  const char *text;
  size_t len;
} om_span;

typedef struct {
  om_span name; /* the mapped expression */
  om_span file;
  unsigned line;
  unsigned column;
} om_mapname;

typedef struct {
  om_span file;
  om_span function;
  unsigned line;
  unsigned column;
} om_psource;

/* False when text is not in the format above. */
bool om_mapname_parse(const char *text, om_mapname *out);
/* Also false for the "unknown" location clang emits without debug info. */
bool om_psource_parse(const char *text, om_psource *out);

/* The last path component of a file span. */
om_span om_span_basename(om_span path);

#endif
