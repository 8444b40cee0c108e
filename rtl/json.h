/* json.h - the pieces of JSON output the run report needs. */
#ifndef OWNMAP_RTL_JSON_H
#define OWNMAP_RTL_JSON_H

#include <stdio.h>

/* Writes text as a JSON string literal: quotes, backslashes and control
 * characters escaped, valid UTF-8 kept as it is, and each byte that is not
 * part of valid UTF-8 written as U+FFFD, so the output is always valid JSON
 * whatever bytes the program's names contain. NULL is written as null. */
void om_json_string(FILE *out, const char *text);

#endif
