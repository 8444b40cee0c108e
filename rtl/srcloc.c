/* srcloc.c - parse ";A;B;LINE;COLUMN;;" location strings.
 *
 * Both formats end in LINE;COLUMN, and only the first field (an expression
 * or a path) could ever contain ';', so the string is split from the right
 * and the first field takes whatever is left.
 */
#include "srcloc.h"

#include <string.h>

typedef struct {
  om_span first;
  om_span second;
  unsigned line;
  unsigned column;
} location_fields;

static bool parse_unsigned(om_span digits, unsigned *out) {
  unsigned value = 0;
  if (digits.len == 0 || digits.len > 9)
    return false;
  for (size_t i = 0; i < digits.len; i++) {
    if (digits.text[i] < '0' || digits.text[i] > '9')
      return false;
    value = value * 10 + (unsigned)(digits.text[i] - '0');
  }
  *out = value;
  return true;
}

/* Splits off the last field of [begin, *end): the text after the last ';'. */
static bool take_last_field(const char *begin, const char **end, om_span *field) {
  const char *p = *end;
  while (p > begin && p[-1] != ';')
    p--;
  if (p == begin)
    return false; /* no separator left */
  *field = (om_span){p, (size_t)(*end - p)};
  *end = p - 1;
  return true;
}

static bool split_location(const char *text, location_fields *out) {
  if (text == NULL || text[0] != ';')
    return false;
  size_t len = strlen(text);
  if (len < 3 || strcmp(text + len - 2, ";;") != 0)
    return false;
  const char *begin = text + 1;
  const char *end = text + len - 2;
  om_span column, line;
  if (!take_last_field(begin, &end, &column) || !take_last_field(begin, &end, &line) ||
      !take_last_field(begin, &end, &out->second))
    return false;
  out->first = (om_span){begin, (size_t)(end - begin)};
  return out->first.len > 0 && out->second.len > 0 && parse_unsigned(line, &out->line) &&
         parse_unsigned(column, &out->column);
}

bool om_mapname_parse(const char *text, om_mapname *out) {
  location_fields fields;
  if (!split_location(text, &fields))
    return false;
  *out = (om_mapname){fields.first, fields.second, fields.line, fields.column};
  return true;
}

bool om_psource_parse(const char *text, om_psource *out) {
  location_fields fields;
  if (!split_location(text, &fields) || fields.line == 0)
    return false;
  *out = (om_psource){fields.first, fields.second, fields.line, fields.column};
  return true;
}

om_span om_span_basename(om_span path) {
  size_t start = path.len;
  while (start > 0 && path.text[start - 1] != '/')
    start--;
  return (om_span){path.text + start, path.len - start};
}
