/* json.c - JSON string literals that are valid whatever the input bytes. */
#include "json.h"

#include <stddef.h>

/* Length of the valid UTF-8 sequence at text (1 to 4), or 0 when the bytes
 * there are not one (bad lead byte, bad continuation, overlong form,
 * surrogate or beyond U+10FFFF). */
static size_t utf8_sequence_length(const unsigned char *text) {
  unsigned char lead = text[0];
  size_t len;
  unsigned min_second = 0x80, max_second = 0xbf;
  if (lead < 0x80)
    return 1;
  if (lead >= 0xc2 && lead <= 0xdf) {
    len = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    len = 3;
    if (lead == 0xe0)
      min_second = 0xa0; /* overlong */
    if (lead == 0xed)
      max_second = 0x9f; /* surrogates */
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    len = 4;
    if (lead == 0xf0)
      min_second = 0x90; /* overlong */
    if (lead == 0xf4)
      max_second = 0x8f; /* beyond U+10FFFF */
  } else {
    return 0;
  }
  if (text[1] < min_second || text[1] > max_second)
    return 0;
  for (size_t i = 2; i < len; i++)
    if ((text[i] & 0xc0) != 0x80)
      return 0;
  return len;
}

static void write_escaped_byte(FILE *out, unsigned char byte) {
  switch (byte) {
  case '"': fputs("\\\"", out); return;
  case '\\': fputs("\\\\", out); return;
  case '\b': fputs("\\b", out); return;
  case '\f': fputs("\\f", out); return;
  case '\n': fputs("\\n", out); return;
  case '\r': fputs("\\r", out); return;
  case '\t': fputs("\\t", out); return;
  default: break;
  }
  if (byte < 0x20 || byte == 0x7f)
    fprintf(out, "\\u%04x", byte);
  else
    fputc(byte, out);
}

void om_json_string(FILE *out, const char *text) {
  if (text == NULL) {
    fputs("null", out);
    return;
  }
  fputc('"', out);
  const unsigned char *at = (const unsigned char *)text;
  while (*at != '\0') {
    size_t len = utf8_sequence_length(at);
    if (len == 0) {
      fputs("\\ufffd", out);
      at++;
    } else if (len == 1) {
      write_escaped_byte(out, *at++);
    } else {
      for (size_t i = 0; i < len; i++) /* not fwrite: system.h */
        fputc(*at++, out);
    }
  }
  fputc('"', out);
}
