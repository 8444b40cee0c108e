/* Copies into protected pages (plugin/host_pages.c): the filled bytes land,
 * the others keep their contents, the pages end read-only in place, also
 * when the range spans mappings of different protection. */
#include "check.h"
#include "host_pages.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

/* The permissions /proc/self/maps gives every page of [low, high), or "mixed". */
static const char *permissions(uintptr_t low, uintptr_t high) {
  static char seen[8];
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[512], perms[8];
  unsigned long begin, end;
  seen[0] = 0;
  while (maps != NULL && fgets(line, sizeof line, maps) != NULL) {
    if (sscanf(line, "%lx-%lx %7s", &begin, &end, perms) != 3 || end <= low || begin >= high)
      continue;
    if (seen[0] != 0 && strcmp(seen, perms) != 0) {
      fclose(maps);
      return "mixed";
    }
    snprintf(seen, sizeof seen, "%s", perms);
  }
  if (maps != NULL)
    fclose(maps);
  return seen;
}

static void fill_with_marks(void *context, void *target, uintptr_t host, size_t bytes) {
  (*(int *)context)++;
  for (size_t i = 0; i < bytes; i++)
    ((unsigned char *)target)[i] = (unsigned char)((host + i) * 7 + 1);
}

static int all_marked(uintptr_t from, uintptr_t to) {
  for (uintptr_t a = from; a < to; a++)
    if (*(unsigned char *)a != (unsigned char)(a * 7 + 1))
      return 0;
  return 1;
}

static int all_equal(uintptr_t from, uintptr_t to, unsigned char value) {
  for (uintptr_t a = from; a < to; a++)
    if (*(unsigned char *)a != value)
      return 0;
  return 1;
}

static void fill(int protections_differ) {
  uintptr_t page = om_page_size();
  unsigned char *memory = mmap(NULL, 64 * page, PROT_READ | PROT_WRITE,
                               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  memset(memory, 0x5a, 64 * page);
  uintptr_t low = (uintptr_t)memory + 8 * page, high = low + 32 * page;
  om_pages_protect(low, high - low, PROT_NONE);
  if (protections_differ)
    om_pages_protect(low + 16 * page, 16 * page, PROT_READ);
  int calls = 0;
  uintptr_t from = low + 100, to = high - 100;
  om_pages_fill_protected(low, high, from, to, fill_with_marks, &calls);
  CHECK(calls >= 1);
  CHECK_STR(permissions(low, high), "r--p");
  CHECK(all_equal(low, from, 0x5a));
  CHECK(all_marked(from, to));
  CHECK(all_equal(to, high, 0x5a));
  CHECK(all_equal((uintptr_t)memory, low, 0x5a)); /* pages around untouched */
  CHECK_STR(permissions((uintptr_t)memory, low), "rw-p");
  munmap(memory, 64 * page);
}

static void protectable(void) {
  uintptr_t page = om_page_size();
  unsigned char *memory = mmap(NULL, 4 * page, PROT_READ | PROT_WRITE,
                               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(om_pages_protectable((uintptr_t)memory + page));
  CHECK_STR(permissions((uintptr_t)memory, (uintptr_t)memory + 4 * page), "rw-p");
  munmap(memory, 4 * page);
}

int main(void) {
  fill(0);
  fill(1);
  protectable();
  return check_report("unit-host-pages-fill-protected");
}
