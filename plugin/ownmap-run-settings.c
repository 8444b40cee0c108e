/* ownmap-run-settings.c - prints the settings part of `ownmap-run --help`
 * from the option table (rtl/options.h). Run while building ownmap-run
 * (plugin/CMakeLists.txt), so that its help cannot drift from the table. */
#include "options.h"

#include <stdio.h>

int main(void) {
  om_options_write_help(stdout);
  return fflush(stdout) != 0 || ferror(stdout) ? 1 : 0;
}
