/* version.c - ownmap_version(), the library's one public function so far. */
#include "ownmap.h"

__attribute__((visibility("default"))) const char *ownmap_version(void) {
  return OWNMAP_VERSION_STRING;
}
