/* unit-messages-format: prefixes, one line per call, truncation, errno kept,
 * and om_first_time. */
#include "capture.h"
#include "check.h"
#include "message.h"

#include <errno.h>

static void test_prefixes(void) {
  capture_begin();
  om_message("plain %d", 1);
  om_warning("careful with %s", "x");
  om_error("broken");
  CHECK_STR(capture_end(), "ownmap: plain 1\n"
                           "ownmap: warning: careful with x\n"
                           "ownmap: error: broken\n");
}

static void test_long_message_is_one_cut_line(void) {
  static char long_text[3 * OM_MESSAGE_MAX];
  memset(long_text, 'a', sizeof long_text - 1);
  capture_begin();
  om_message("%s", long_text);
  const char *text = capture_end();
  CHECK_EQ_U64(strlen(text), OM_MESSAGE_MAX - 1);
  CHECK(strncmp(text, "ownmap: aaa", 11) == 0);
  CHECK(text[strlen(text) - 1] == '\n');
  CHECK(strchr(text, '\n') == text + strlen(text) - 1);
}

static void test_errno_is_preserved(void) {
  capture_begin();
  errno = ERANGE;
  om_warning("x");
  CHECK(errno == ERANGE);
  capture_end();
}

static void test_first_time(void) {
  static atomic_bool said;
  CHECK(om_first_time(&said));
  CHECK(!om_first_time(&said));
  CHECK(!om_first_time(&said));
}

int main(void) {
  test_prefixes();
  test_long_message_is_one_cut_line();
  test_errno_is_preserved();
  test_first_time();
  return check_report("unit-messages-format");
}
