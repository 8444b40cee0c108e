/* unit-run-help-lists-options: every OWNMAP_* variable of the options
 * table is in `ownmap-run --help` with its values, description and
 * default, exactly as the table gives them (the help is made from the
 * table), and has a row in docs/plugin.md's settings table with the same
 * default; --version prints the library version. */
#include "check.h"
#include "options.h"
#include "ownmap.h"

#include <stdio.h>
#include <stdlib.h>

static const char *run(const char *script, const char *argument) {
  static char output[1 << 15];
  char command[4096];
  snprintf(command, sizeof command, "'%s' %s", script, argument);
  FILE *pipe = popen(command, "r");
  if (pipe == NULL)
    return "";
  size_t len = fread(output, 1, sizeof output - 1, pipe);
  output[len] = '\0';
  CHECK(pclose(pipe) == 0);
  return output;
}

static const char *read_file(const char *path) {
  static char text[1 << 18];
  FILE *file = fopen(path, "r");
  if (file == NULL) {
    fprintf(stderr, "cannot read %s\n", path);
    check_failures++;
    return "";
  }
  size_t len = fread(text, 1, sizeof text - 1, file);
  text[len] = '\0';
  fclose(file);
  return text;
}

/* The settings table's row of `name` in docs/plugin.md: "| `NAME` | values
 * | default | meaning |". Checks that there is one and that its default,
 * without backquotes, is `expected`. */
static void check_documented(const char *doc, const char *name, const char *expected) {
  char row[128];
  snprintf(row, sizeof row, "| `%s` | ", name);
  const char *at = strstr(doc, row);
  if (at == NULL) {
    fprintf(stderr, "docs/plugin.md has no settings row for %s\n", name);
    check_failures++;
    return;
  }
  const char *values_end = strstr(at + strlen(row), " | ");
  const char *fallback = values_end != NULL ? values_end + 3 : NULL;
  const char *fallback_end = fallback != NULL ? strstr(fallback, " | ") : NULL;
  if (fallback_end == NULL) {
    fprintf(stderr, "docs/plugin.md's row for %s has no default column\n", name);
    check_failures++;
    return;
  }
  if (*fallback == '`' && fallback_end[-1] == '`') {
    fallback++;
    fallback_end--;
  }
  if ((size_t)(fallback_end - fallback) != strlen(expected) ||
      strncmp(fallback, expected, strlen(expected)) != 0) {
    fprintf(stderr, "docs/plugin.md gives %s the default '%.*s'; the table has '%s'\n", name,
            (int)(fallback_end - fallback), fallback, expected);
    check_failures++;
  }
}

int main(void) {
  const char *script = getenv("OWNMAP_RUN"), *doc_path = getenv("OWNMAP_PLUGIN_DOC");
  if (script == NULL || doc_path == NULL) {
    fprintf(stderr, "set OWNMAP_RUN to the ownmap-run to test, OWNMAP_PLUGIN_DOC to "
                    "docs/plugin.md\n");
    return 2;
  }
  const char *help = run(script, "--help");
  CHECK(strstr(help, "usage: ownmap-run") != NULL);
  char expected[1 << 13];
  FILE *described = fmemopen(expected, sizeof expected, "w");
  om_options_write_help(described);
  fclose(described);
  if (strstr(help, expected) == NULL) {
    fprintf(stderr, "ownmap-run --help does not list the settings as the table does:\n%s",
            expected);
    check_failures++;
  }
  const char *doc = read_file(doc_path);
  for (int id = 0; id < OM_OPTION_COUNT; id++) {
    char entry[64], fallback[64];
    snprintf(entry, sizeof entry, "  %s=", om_option_table[id].env_name);
    if (strstr(help, entry) == NULL) {
      fprintf(stderr, "ownmap-run --help does not document %s\n", om_option_table[id].env_name);
      check_failures++;
    }
    om_option_default(id, fallback, sizeof fallback);
    check_documented(doc, om_option_table[id].env_name, fallback);
  }
  char version[64];
  snprintf(version, sizeof version, "ownmap-run (ownmap) %s\n", ownmap_version());
  CHECK_STR(run(script, "--version"), version);
  return check_report("unit-run-help-lists-options");
}
