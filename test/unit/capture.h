/* capture.h - collect what ownmap writes through om_message in a test. */
#ifndef OWNMAP_TEST_CAPTURE_H
#define OWNMAP_TEST_CAPTURE_H

#include "message.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Redirects messages into a temporary file until capture_end, which returns
 * everything written (static storage, overwritten by the next capture). */
static FILE *capture_file;

static inline void capture_begin(void) {
  capture_file = tmpfile();
  if (capture_file == NULL) {
    perror("tmpfile");
    exit(2);
  }
  om_message_set_fd(fileno(capture_file));
}

static inline const char *capture_end(void) {
  static char text[1 << 16];
  om_message_set_fd(2);
  rewind(capture_file);
  size_t len = fread(text, 1, sizeof text - 1, capture_file);
  text[len] = '\0';
  fclose(capture_file);
  return text;
}

#endif
