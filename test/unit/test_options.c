/* unit-options-parsing: the OWNMAP_* table, defaults, malformed values,
 * verbose printing and the process-wide options with OWNMAP_LOG. */
#include "capture.h"
#include "check.h"
#include "options.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const *fake_environment;

static const char *fake_lookup(const char *name) {
  for (const char *const *pair = fake_environment; pair[0] != NULL; pair += 2)
    if (strcmp(pair[0], name) == 0)
      return pair[1];
  return NULL;
}

static om_option_set load(const char *const *environment) {
  om_option_set set;
  fake_environment = environment;
  om_options_load(&set, fake_lookup);
  return set;
}

/* What om_options_warn_malformed says of `set`. */
static const char *malformed_warnings(const om_option_set *set) {
  capture_begin();
  om_options_warn_malformed(set);
  return capture_end();
}

static void test_defaults(void) {
  static const char *const none[] = {NULL};
  om_option_set set = load(none);
  CHECK(!set.values[OM_OPTION_VERBOSE].flag);
  CHECK(!set.values[OM_OPTION_SUMMARY].flag);
  CHECK(set.values[OM_OPTION_LOG].path == NULL);
  CHECK(set.values[OM_OPTION_REPORT].path == NULL);
  CHECK(set.values[OM_OPTION_CHECKS].choice == OM_CHECKS_FAST);
  CHECK(set.values[OM_OPTION_ON_ERROR].choice == OM_ON_ERROR_ABORT);
  for (int id = 0; id < OM_OPTION_COUNT; id++)
    CHECK(set.values[id].malformed == NULL);
}

static void test_accepted_values(void) {
  static const char *const env[] = {"OWNMAP_VERBOSE", "1", "OWNMAP_SUMMARY", "Yes",
                                    "OWNMAP_LOG", "/tmp/some.log", "OWNMAP_REPORT",
                                    "run.json", NULL};
  om_option_set set = load(env);
  CHECK(set.values[OM_OPTION_VERBOSE].flag);
  CHECK(set.values[OM_OPTION_SUMMARY].flag);
  CHECK_STR(set.values[OM_OPTION_LOG].path, "/tmp/some.log");
  CHECK_STR(set.values[OM_OPTION_REPORT].path, "run.json");

  static const char *const off[] = {"OWNMAP_VERBOSE", "off", "OWNMAP_SUMMARY", "0", NULL};
  set = load(off);
  CHECK(!set.values[OM_OPTION_VERBOSE].flag);
  CHECK(!set.values[OM_OPTION_SUMMARY].flag);
  CHECK(set.values[OM_OPTION_VERBOSE].malformed == NULL);

  static const char *const choices[] = {"OWNMAP_CHECKS", "FULL", "OWNMAP_ON_ERROR", "warn", NULL};
  set = load(choices);
  CHECK(set.values[OM_OPTION_CHECKS].choice == OM_CHECKS_FULL);
  CHECK(set.values[OM_OPTION_ON_ERROR].choice == OM_ON_ERROR_WARN);
  static const char *const checks_off[] = {"OWNMAP_CHECKS", "off", NULL};
  set = load(checks_off);
  CHECK(set.values[OM_OPTION_CHECKS].choice == OM_CHECKS_OFF);
}

static void test_malformed_choice_warns_and_defaults(void) {
  static const char *const env[] = {"OWNMAP_CHECKS", "all", "OWNMAP_ON_ERROR", "1", NULL};
  om_option_set set = load(env);
  CHECK(set.values[OM_OPTION_CHECKS].choice == OM_CHECKS_FAST);
  CHECK(set.values[OM_OPTION_ON_ERROR].choice == OM_ON_ERROR_ABORT);
  CHECK_STR(malformed_warnings(&set),
            "ownmap: warning: OWNMAP_CHECKS='all' is not one of off|fast|full; using fast\n"
            "ownmap: warning: OWNMAP_ON_ERROR='1' is not one of abort|warn; using abort\n");
}

static void test_malformed_values_warn_and_default(void) {
  static const char *const env[] = {"OWNMAP_VERBOSE", "junk", "OWNMAP_SUMMARY", "2", NULL};
  om_option_set set = load(env);
  CHECK(!set.values[OM_OPTION_VERBOSE].flag);
  CHECK(!set.values[OM_OPTION_SUMMARY].flag);
  CHECK_STR(set.values[OM_OPTION_VERBOSE].malformed, "junk");
  CHECK_STR(set.values[OM_OPTION_SUMMARY].malformed, "2");
  CHECK_STR(malformed_warnings(&set),
            "ownmap: warning: OWNMAP_VERBOSE='junk' is not a flag (0/1, yes/no, true/false, "
            "on/off); using 0\n"
            "ownmap: warning: OWNMAP_SUMMARY='2' is not a flag (0/1, yes/no, true/false, "
            "on/off); using 0\n");
}

static void test_empty_value_is_default(void) {
  static const char *const env[] = {"OWNMAP_VERBOSE", "", "OWNMAP_LOG", "", NULL};
  om_option_set set = load(env);
  CHECK(!set.values[OM_OPTION_VERBOSE].flag);
  CHECK(set.values[OM_OPTION_VERBOSE].malformed == NULL);
  CHECK(set.values[OM_OPTION_LOG].path == NULL);
}

static void test_print_lists_every_option(void) {
  static const char *const env[] = {"OWNMAP_SUMMARY", "1", NULL};
  om_option_set set = load(env);
  capture_begin();
  om_options_print(&set);
  CHECK_STR(capture_end(), "ownmap: option OWNMAP_LOG=(stderr)\n"
                           "ownmap: option OWNMAP_VERBOSE=0\n"
                           "ownmap: option OWNMAP_SUMMARY=1\n"
                           "ownmap: option OWNMAP_REPORT=(none)\n"
                           "ownmap: option OWNMAP_CHECKS=fast\n"
                           "ownmap: option OWNMAP_ON_ERROR=abort\n"
                           "ownmap: option OWNMAP_ELIDE=lazy\n"
                           "ownmap: option OWNMAP_CACHE_MB=4096\n"
                           "ownmap: option OWNMAP_PIN=1\n"
                           "ownmap: option OWNMAP_SELF_TIME=0\n");
}

static void test_numbers_parse_and_malformed_numbers_default(void) {
  static const char *const good[] = {"OWNMAP_CACHE_MB", "128", NULL};
  om_option_set set = load(good);
  CHECK(set.values[OM_OPTION_CACHE_MB].number == 128);
  static const char *const bad[] = {"OWNMAP_CACHE_MB", "-5", "OWNMAP_ELIDE", "eager", NULL};
  set = load(bad);
  CHECK(set.values[OM_OPTION_CACHE_MB].number == 4096);
  CHECK(set.values[OM_OPTION_ELIDE].choice == OM_ELIDE_LAZY);
  CHECK_STR(malformed_warnings(&set),
            "ownmap: warning: OWNMAP_ELIDE='eager' is not one of off|safe|lazy; using lazy\n"
            "ownmap: warning: OWNMAP_CACHE_MB='-5' is not a decimal number; using 4096\n");
}

/* A number is accepted only if its use cannot overflow: OWNMAP_CACHE_MB
 * becomes bytes (<< 20) in a size_t, so 2^44 MiB and more are rejected like
 * malformed text, and so is anything strtoull would wrap or read past a
 * sign or blank. */
static void test_numbers_out_of_range_default(void) {
  char largest[32];
  snprintf(largest, sizeof largest, "%zu", SIZE_MAX >> 20);
  const char *const fits[] = {"OWNMAP_CACHE_MB", largest, NULL};
  om_option_set set = load(fits);
  CHECK(set.values[OM_OPTION_CACHE_MB].number == SIZE_MAX >> 20);
  CHECK(set.values[OM_OPTION_CACHE_MB].malformed == NULL);
  CHECK((size_t)set.values[OM_OPTION_CACHE_MB].number << 20 >> 20 ==
        set.values[OM_OPTION_CACHE_MB].number);

  static const char *const wraps[] = {"OWNMAP_CACHE_MB", "17592186044416", NULL};
  set = load(wraps);
  CHECK(set.values[OM_OPTION_CACHE_MB].number == 4096);
  CHECK(!set.values[OM_OPTION_CACHE_MB].given);
  char expected[256];
  snprintf(expected, sizeof expected,
           "ownmap: warning: OWNMAP_CACHE_MB='17592186044416' is out of range (at most %zu); "
           "using 4096\n",
           SIZE_MAX >> 20);
  CHECK_STR(malformed_warnings(&set), expected);

  static const char *const beyond_64_bits[] = {"OWNMAP_CACHE_MB", "18446744073709551616", NULL};
  set = load(beyond_64_bits);
  CHECK(set.values[OM_OPTION_CACHE_MB].number == 4096);
  snprintf(expected, sizeof expected,
           "ownmap: warning: OWNMAP_CACHE_MB='18446744073709551616' is out of range (at most "
           "%zu); using 4096\n",
           SIZE_MAX >> 20);
  CHECK_STR(malformed_warnings(&set), expected);

  static const char *const not_plain[] = {" -5", "+5", " 5", "5 ", "0x10", NULL};
  for (const char *const *text = not_plain; *text != NULL; text++) {
    const char *const env[] = {"OWNMAP_CACHE_MB", *text, NULL};
    set = load(env);
    CHECK(set.values[OM_OPTION_CACHE_MB].number == 4096);
    CHECK_STR(set.values[OM_OPTION_CACHE_MB].malformed, *text);
  }
}

/* Every numeric option says how large it may be, and its default fits. */
static void test_numbers_have_a_maximum(void) {
  for (int id = 0; id < OM_OPTION_COUNT; id++)
    if (om_option_table[id].kind == OM_OPTION_NUMBER)
      CHECK(om_option_table[id].max_number != 0 &&
            om_option_table[id].default_number <= om_option_table[id].max_number);
}

/* The process's options come from the environment once; OWNMAP_LOG is opened
 * first, so the warning about a malformed value lands in the log. */
static void test_process_options_use_log(void) {
  char log_path[] = "/tmp/ownmap-unit-options-XXXXXX";
  int fd = mkstemp(log_path);
  CHECK(fd >= 0);
  setenv("OWNMAP_LOG", log_path, 1);
  setenv("OWNMAP_VERBOSE", "maybe", 1);
  setenv("OWNMAP_SUMMARY", "true", 1);
  CHECK(!om_option_flag(OM_OPTION_VERBOSE));
  CHECK(om_option_flag(OM_OPTION_SUMMARY));
  setenv("OWNMAP_SUMMARY", "0", 1); /* read once: no effect any more */
  CHECK(om_option_flag(OM_OPTION_SUMMARY));
  char text[512] = "";
  ssize_t len = read(fd, text, sizeof text - 1);
  text[len > 0 ? len : 0] = '\0';
  CHECK_STR(text, "ownmap: warning: OWNMAP_VERBOSE='maybe' is not a flag (0/1, yes/no, "
                  "true/false, on/off); using 0\n");
  close(fd);
  unlink(log_path);
}

int main(void) {
  test_defaults();
  test_accepted_values();
  test_malformed_values_warn_and_default();
  test_malformed_choice_warns_and_defaults();
  test_empty_value_is_default();
  test_print_lists_every_option();
  test_numbers_parse_and_malformed_numbers_default();
  test_numbers_out_of_range_default();
  test_numbers_have_a_maximum();
  test_process_options_use_log();
  return check_report("unit-options-parsing");
}
