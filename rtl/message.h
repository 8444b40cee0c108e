/* message.h - ownmap's diagnostics: one `ownmap: ` prefixed line per call.
 *
 * Lines are formatted into a stack buffer and written with a single write(2)
 * so that they never allocate (they are used on fault paths and inside
 * interposed calls) and lines from different threads do not interleave.
 */
#ifndef OWNMAP_RTL_MESSAGE_H
#define OWNMAP_RTL_MESSAGE_H

#include "hot_path.h"

#include <stdatomic.h>
#include <stdbool.h>

/* Longest line written, newline included; longer text is cut short. */
#define OM_MESSAGE_MAX 1024

/* Where messages go (stderr until OWNMAP_LOG names a file). */
void om_message_set_fd(int fd);
int om_message_fd(void);
/* Messages go to fd, the OWNMAP_LOG file name (kept, not copied). When a
 * line cannot be written there, a warning that names the file and says why
 * goes to stderr, and the line and all later ones go there too. */
void om_message_set_log(int fd, const char *name);

/* Rare: a path that says something is laid out away from the hot one. */
OM_COLD void om_message(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
OM_COLD void om_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
OM_COLD void om_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* True for the first caller only, so that a condition is reported once. */
bool om_first_time(atomic_bool *said);

#endif
