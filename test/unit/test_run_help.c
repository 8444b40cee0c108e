/* unit-run-help-lists-options: `ownmap-run --help` documents every OWNMAP_*
 * variable of the options table, and --version prints the library version. */
#include "check.h"
#include "options.h"
#include "ownmap.h"

#include <stdio.h>
#include <stdlib.h>

static const char *run(const char *script, const char *argument) {
  static char output[1 << 14];
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

int main(void) {
  const char *script = getenv("OWNMAP_RUN");
  if (script == NULL) {
    fprintf(stderr, "set OWNMAP_RUN to the ownmap-run to test\n");
    return 2;
  }
  const char *help = run(script, "--help");
  CHECK(strstr(help, "usage: ownmap-run") != NULL);
  for (int id = 0; id < OM_OPTION_COUNT; id++) {
    char documented[64];
    snprintf(documented, sizeof documented, "  %s=", om_option_table[id].env_name);
    if (strstr(help, documented) == NULL) {
      fprintf(stderr, "ownmap-run --help does not document %s\n", om_option_table[id].env_name);
      check_failures++;
    }
  }
  char version[64];
  snprintf(version, sizeof version, "ownmap-run (ownmap) %s\n", ownmap_version());
  CHECK_STR(run(script, "--version"), version);
  return check_report("unit-run-help-lists-options");
}
