/* options_help.c - the OWNMAP_* settings described for people, from the
 * descriptor table (options.h): ownmap-run --help prints this text. */
#include "options.h"

#include <stdio.h>
#include <string.h>

void om_option_syntax(om_option_id id, char *out, size_t size) {
  const om_option_desc *desc = &om_option_table[id];
  size_t used = 0;
  out[0] = '\0';
  switch (desc->kind) {
  case OM_OPTION_FLAG:
    snprintf(out, size, "0|1");
    break;
  case OM_OPTION_PATH:
    snprintf(out, size, "FILE");
    break;
  case OM_OPTION_NUMBER:
    snprintf(out, size, "N");
    break;
  case OM_OPTION_CHOICE:
    for (int i = 0; desc->choices[i] != NULL && used < size; i++)
      used += (size_t)snprintf(out + used, size - used, "%s%s", i ? "|" : "", desc->choices[i]);
    break;
  }
}

void om_option_default(om_option_id id, char *out, size_t size) {
  const om_option_desc *desc = &om_option_table[id];
  switch (desc->kind) {
  case OM_OPTION_FLAG:
    snprintf(out, size, "%d", desc->default_flag);
    break;
  case OM_OPTION_PATH: /* "(stderr)": what printing the settings says */
    snprintf(out, size, "%.*s", (int)strlen(desc->unset_path) - 2, desc->unset_path + 1);
    break;
  case OM_OPTION_NUMBER:
    snprintf(out, size, "%llu", desc->default_number);
    break;
  case OM_OPTION_CHOICE:
    snprintf(out, size, "%s", desc->choices[desc->default_choice]);
    break;
  }
}

enum { HELP_INDENT = 24, HELP_WIDTH = 79 };

/* Writes text's words from column `column` on, wrapped at HELP_WIDTH with
 * continuation lines indented by HELP_INDENT. */
static void write_wrapped(FILE *out, const char *text, int column) {
  while (*text != '\0') {
    size_t word = strcspn(text, " ");
    if (column > HELP_INDENT && column + 1 + (int)word > HELP_WIDTH) {
      fprintf(out, "\n%*s", HELP_INDENT, "");
      column = HELP_INDENT;
    } else if (column > HELP_INDENT) {
      fputc(' ', out);
      column++;
    }
    fprintf(out, "%.*s", (int)word, text);
    column += (int)word;
    text += word;
    text += strspn(text, " ");
  }
  fputc('\n', out);
}

void om_options_write_help(FILE *out) {
  for (int id = 0; id < OM_OPTION_COUNT; id++) {
    char syntax[64], fallback[64], text[512];
    om_option_syntax(id, syntax, sizeof syntax);
    om_option_default(id, fallback, sizeof fallback);
    int column = fprintf(out, "  %s=%s", om_option_table[id].env_name, syntax);
    if (column >= HELP_INDENT - 1) { /* the description starts on a line of its own */
      fprintf(out, "\n%*s", HELP_INDENT, "");
    } else {
      fprintf(out, "%*s", HELP_INDENT - column, "");
    }
    snprintf(text, sizeof text, "%s (default %s)", om_option_table[id].description, fallback);
    write_wrapped(out, text, HELP_INDENT);
  }
}
