/* unit-json-string-escaping: om_json_string writes valid JSON string
 * literals whatever the bytes: quotes, backslashes and control characters
 * escaped, valid UTF-8 kept, invalid bytes replaced by U+FFFD. */
#include "check.h"
#include "json.h"

#include <stdlib.h>

static const char *escaped(const char *text) {
  static char buffer[512];
  FILE *out = fmemopen(buffer, sizeof buffer, "w");
  if (out == NULL) {
    perror("fmemopen");
    exit(2);
  }
  om_json_string(out, text);
  fclose(out);
  return buffer;
}

static void test_plain_text_is_quoted(void) {
  CHECK_STR(escaped("x[0:n]"), "\"x[0:n]\"");
  CHECK_STR(escaped(""), "\"\"");
  CHECK_STR(escaped(NULL), "null");
}

static void test_quotes_backslashes_and_controls(void) {
  CHECK_STR(escaped("say \"hi\" C:\\dir"), "\"say \\\"hi\\\" C:\\\\dir\"");
  CHECK_STR(escaped("a\nb\tc\rd\be\ff"), "\"a\\nb\\tc\\rd\\be\\ff\"");
  CHECK_STR(escaped("\x01\x1f\x7f/"), "\"\\u0001\\u001f\\u007f/\"");
}

static void test_valid_utf8_is_kept(void) {
  CHECK_STR(escaped("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
            "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
}

static void test_invalid_utf8_is_replaced(void) {
  CHECK_STR(escaped("a\xff" "b"), "\"a\\ufffdb\"");              /* never a lead byte */
  CHECK_STR(escaped("\xc3"), "\"\\ufffd\"");                     /* cut short at the end */
  CHECK_STR(escaped("\xe2\x82" "x"), "\"\\ufffd\\ufffdx\"");     /* cut short, then ASCII */
  CHECK_STR(escaped("\xc0\xaf"), "\"\\ufffd\\ufffd\"");          /* overlong '/' */
  CHECK_STR(escaped("\xe0\x80\xaf"), "\"\\ufffd\\ufffd\\ufffd\""); /* overlong, 3 bytes */
  CHECK_STR(escaped("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\""); /* a UTF-16 surrogate */
  CHECK_STR(escaped("\xf4\x90\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); /* > U+10FFFF */
}

int main(void) {
  test_plain_text_is_quoted();
  test_quotes_backslashes_and_controls();
  test_valid_utf8_is_kept();
  test_invalid_utf8_is_replaced();
  return check_report("unit-json-string-escaping");
}
