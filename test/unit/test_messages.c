/* unit-messages-format: prefixes, one line per call, truncation, errno kept,
 * om_first_time, and a log file that stops taking lines (OWNMAP_LOG on a
 * full disk): a warning naming it, then that line and the later ones on
 * stderr. */
#include "capture.h"
#include "check.h"
#include "message.h"

#include <errno.h>
#include <fcntl.h>

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

static void test_full_log_falls_back_to_stderr(void) {
  FILE *err = tmpfile();
  int saved_stderr = dup(2);
  int full = open("/dev/full", O_WRONLY);
  CHECK(err != NULL && saved_stderr >= 0 && full >= 0);
  if (err == NULL || saved_stderr < 0 || full < 0)
    return;
  dup2(fileno(err), 2);
  om_message_set_log(full, "/dev/full");
  om_message("transfer summary (lost before)");
  om_message("total 1 2");
  dup2(saved_stderr, 2);
  close(saved_stderr);
  CHECK_EQ_U64(om_message_fd(), 2);
  close(full);
  static char text[4096];
  rewind(err);
  text[fread(text, 1, sizeof text - 1, err)] = '\0';
  fclose(err);
  CHECK_STR(text, "ownmap: warning: cannot write to the OWNMAP_LOG file '/dev/full': No space "
                  "left on device; this message and the later ones go to stderr\n"
                  "ownmap: transfer summary (lost before)\n"
                  "ownmap: total 1 2\n");
}

int main(void) {
  test_prefixes();
  test_full_log_falls_back_to_stderr();
  test_long_message_is_one_cut_line();
  test_errno_is_preserved();
  test_first_time();
  return check_report("unit-messages-format");
}
