/* check.h - minimal assertions for ownmap's C unit tests: each failed check
 * prints where and what, and the test exits non-zero at the end. */
#ifndef OWNMAP_TEST_CHECK_H
#define OWNMAP_TEST_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int check_failures;

#define CHECK(cond)                                                                     \
  do {                                                                                  \
    if (!(cond)) {                                                                      \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);          \
      check_failures++;                                                                 \
    }                                                                                   \
  } while (0)

#define CHECK_EQ_U64(actual, expected)                                                  \
  do {                                                                                  \
    uint64_t check_a = (uint64_t)(actual), check_e = (uint64_t)(expected);              \
    if (check_a != check_e) {                                                           \
      fprintf(stderr, "%s:%d: %s is %" PRIu64 ", expected %" PRIu64 "\n", __FILE__,     \
              __LINE__, #actual, check_a, check_e);                                     \
      check_failures++;                                                                 \
    }                                                                                   \
  } while (0)

#define CHECK_STR(actual, expected)                                                     \
  do {                                                                                  \
    const char *check_a = (actual), *check_e = (expected);                              \
    if (check_a == NULL || strcmp(check_a, check_e) != 0) {                             \
      fprintf(stderr, "%s:%d: %s is\n'%s'\nexpected\n'%s'\n", __FILE__, __LINE__,       \
              #actual, check_a ? check_a : "(null)", check_e);                          \
      check_failures++;                                                                 \
    }                                                                                   \
  } while (0)

/* A span equals a C string. */
#define CHECK_SPAN(span, expected)                                                      \
  do {                                                                                  \
    char check_buf[256];                                                                \
    snprintf(check_buf, sizeof check_buf, "%.*s", (int)(span).len, (span).text);        \
    CHECK_STR(check_buf, expected);                                                     \
  } while (0)

static inline int check_report(const char *test) {
  if (check_failures == 0)
    printf("%s: all checks passed\n", test);
  return check_failures == 0 ? 0 : 1;
}

#endif
