/* unit-mapname-parsing: map names and ident_t psource strings as clang 19
 * emits them with -gline-tables-only, and malformed ones. */
#include "check.h"
#include "srcloc.h"

static void test_mapname(void) {
  om_mapname m;
  CHECK(om_mapname_parse(";a[0:n];names.c;2;33;;", &m));
  CHECK_SPAN(m.name, "a[0:n]");
  CHECK_SPAN(m.file, "names.c");
  CHECK_EQ_U64(m.line, 2);
  CHECK_EQ_U64(m.column, 33);

  CHECK(om_mapname_parse(";s.data[i*2:len];/abs/dir/prog.c;120;7;;", &m));
  CHECK_SPAN(m.name, "s.data[i*2:len]");
  CHECK_SPAN(m.file, "/abs/dir/prog.c");
  CHECK_SPAN(om_span_basename(m.file), "prog.c");
  CHECK_EQ_U64(m.line, 120);
}

/* Only the first field may contain ';'; the split from the right keeps it. */
static void test_mapname_with_separator_in_expression(void) {
  om_mapname m;
  CHECK(om_mapname_parse(";({x;});f.c;3;4;;", &m));
  CHECK_SPAN(m.name, "({x;})");
  CHECK_SPAN(m.file, "f.c");
  CHECK_EQ_U64(m.line, 3);
}

static void test_psource(void) {
  om_psource p;
  CHECK(om_psource_parse(";names.c;main;3;1;;", &p));
  CHECK_SPAN(p.file, "names.c");
  CHECK_SPAN(p.function, "main");
  CHECK_EQ_U64(p.line, 3);
  CHECK_EQ_U64(p.column, 1);
  /* What clang emits without debug info: no location. */
  CHECK(!om_psource_parse(";unknown;unknown;0;0;;", &p));
}

static void test_malformed(void) {
  om_mapname m;
  const char *bad[] = {NULL,           "",          ";;",           "a;f.c;1;2;;",
                       ";a;f.c;1;2;",  ";a;f.c;x;2;;", ";a;f.c;1;;;", ";;f.c;1;2;;",
                       ";a;;1;2;;",    ";f.c;1;2;;", ";a;f.c;12345678901;2;;"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    if (om_mapname_parse(bad[i], &m)) {
      fprintf(stderr, "accepted malformed map name #%zu '%s'\n", i, bad[i] ? bad[i] : "NULL");
      check_failures++;
    }
  }
}

static void test_basename(void) {
  CHECK_SPAN(om_span_basename((om_span){"dir/sub/file.c", 14}), "file.c");
  CHECK_SPAN(om_span_basename((om_span){"file.c", 6}), "file.c");
  CHECK_SPAN(om_span_basename((om_span){"/file.c/rest", 7}), "file.c");
}

int main(void) {
  test_mapname();
  test_mapname_with_separator_in_expression();
  test_psource();
  test_malformed();
  test_basename();
  return check_report("unit-mapname-parsing");
}
