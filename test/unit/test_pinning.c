/* Where the plugin cuts its copies of a block locked in pieces
 * (plugin/pinning.c): a copy must lie inside one registration or wholly
 * outside the locked pages, since the CUDA driver refuses one that spans
 * two. No driver is needed: the pin is planned by hand. */
#include "check.h"
#include "pinning.h"

#include <stdint.h>

enum { MIB = 1 << 20 };

/* A pin of 40 MiB from `begin` (pieces of 16, 16 and 8 MiB), locked up to
 * `locked` bytes. */
static om_pin pin_of(uintptr_t begin, uintptr_t locked) {
  static char context;
  return (om_pin){.context = &context, .begin = begin, .end = begin + 40 * (uintptr_t)MIB,
                  .piece_bytes = om_pin_piece_bytes(40 * (size_t)MIB),
                  .locked_end = begin + locked};
}

static void splits_at_piece_ends(void) {
  uintptr_t b = 0x40000000;
  om_pin pin = pin_of(b, 40 * MIB);
  CHECK_EQ_U64(om_pin_split(&pin, b, b + 40 * MIB), b + 16 * MIB);
  CHECK_EQ_U64(om_pin_split(&pin, b + 16 * MIB, b + 40 * MIB), b + 32 * MIB);
  CHECK_EQ_U64(om_pin_split(&pin, b + 32 * MIB, b + 40 * MIB), b + 40 * MIB); /* the short last */
  CHECK_EQ_U64(om_pin_split(&pin, b + 5, b + 100), b + 100); /* inside one piece: whole */
  CHECK_EQ_U64(om_pin_split(&pin, b + 16 * MIB - 8, b + 16 * MIB + 8), b + 16 * MIB);
}

static void splits_at_the_locked_pages(void) {
  uintptr_t b = 0x40000000;
  om_pin pin = pin_of(b, 40 * MIB);
  CHECK_EQ_U64(om_pin_split(&pin, b - 4096, b + MIB), b);                 /* an edge before */
  CHECK_EQ_U64(om_pin_split(&pin, b - 4096, b - 16), b - 16);              /* wholly before */
  CHECK_EQ_U64(om_pin_split(&pin, b + 40 * MIB, b + 41 * MIB), b + 41 * MIB); /* after */
  om_pin part = pin_of(b, 16 * MIB); /* still being locked: the rest is not */
  CHECK_EQ_U64(om_pin_split(&part, b + 8 * MIB, b + 24 * MIB), b + 16 * MIB);
  CHECK_EQ_U64(om_pin_split(&part, b + 16 * MIB, b + 24 * MIB), b + 24 * MIB);
  om_pin none = {0};
  CHECK_EQ_U64(om_pin_split(&none, b, b + 40 * MIB), b + 40 * MIB);
}

static void one_piece(void) {
  uintptr_t b = 0x40000000;
  om_pin part = pin_of(b, 32 * MIB);
  CHECK(om_pin_in_one_piece(&part, b, b + 16 * MIB));
  CHECK(om_pin_in_one_piece(&part, b + 16 * MIB, b + 17 * MIB));
  CHECK(!om_pin_in_one_piece(&part, b + 15 * MIB, b + 17 * MIB)); /* spans two */
  CHECK(!om_pin_in_one_piece(&part, b + 32 * MIB, b + 33 * MIB)); /* not locked yet */
  CHECK(!om_pin_in_one_piece(&part, b - 4096, b + 4096));         /* starts outside */
  CHECK(!om_pin_in_one_piece(&part, b, b));                        /* empty */
  om_pin none = {0};
  CHECK(!om_pin_in_one_piece(&none, 0, 4096));
  CHECK(!om_pinned(&part));
  om_pin whole = pin_of(b, 40 * MIB);
  CHECK(om_pinned(&whole));
}

/* A quarter of the block in whole 2 MiB, at least 16 MiB. */
static void piece_sizes(void) {
  CHECK_EQ_U64(om_pin_piece_bytes(1 * (size_t)MIB), 16 * MIB);
  CHECK_EQ_U64(om_pin_piece_bytes(40 * (size_t)MIB), 16 * MIB);
  CHECK_EQ_U64(om_pin_piece_bytes(100 * (size_t)MIB), 26 * MIB); /* 25 rounded up */
  CHECK_EQ_U64(om_pin_piece_bytes(256 * (size_t)MIB), 64 * MIB);
  CHECK_EQ_U64(om_pin_piece_bytes(256 * (size_t)MIB + 4096), 66 * MIB);
}

int main(void) {
  piece_sizes();
  splits_at_piece_ends();
  splits_at_the_locked_pages();
  one_piece();
  return check_report("unit-pinning-copies-split-at-pieces");
}
