/* unload.c - copies of the origins that point into a library being unloaded. */
#include "unload.h"

#include "check_report.h"
#include "checks.h"
#include "stale.h"

#include <link.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>

/* ---- the loaded segments of one object ---- */

enum { SEGMENTS_MAX = 16 };

typedef struct {
  uintptr_t inside; /* an address in the object */
  bool found;
  bool program;     /* the executable: never unloaded */
  size_t count;
  uintptr_t begin[SEGMENTS_MAX], end[SEGMENTS_MAX];
} loaded_object;

static int find_object(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  loaded_object *object = data;
  object->count = 0;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum && object->count < SEGMENTS_MAX; i++) {
    const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
    if (segment->p_type != PT_LOAD)
      continue;
    uintptr_t begin = info->dlpi_addr + segment->p_vaddr;
    object->begin[object->count] = begin;
    object->end[object->count++] = begin + segment->p_memsz;
    object->found |= object->inside >= begin && object->inside < begin + segment->p_memsz;
  }
  object->program = info->dlpi_name == NULL || info->dlpi_name[0] == '\0';
  return object->found;
}

static bool in_object(const loaded_object *object, const void *address) {
  for (size_t i = 0; i < object->count; i++)
    if ((uintptr_t)address >= object->begin[i] && (uintptr_t)address < object->end[i])
      return true;
  return false;
}

/* ---- the copies: interned, in pages of their own, never freed ---- */

typedef struct chunk {
  struct chunk *next;
  size_t used, size;
  char text[];
} chunk;

enum { CHUNK_BYTES = 64 << 10 };

static pthread_mutex_t copies_lock = PTHREAD_MUTEX_INITIALIZER;
static chunk *chunks;

/* Copies of the same text are one copy, so that findings keyed by the
 * strings' addresses stay once per site (check_report.h). */
static const char *existing_copy(const char *text) {
  for (const chunk *c = chunks; c != NULL; c = c->next)
    for (size_t at = 0; at < c->used; at += strlen(c->text + at) + 1)
      if (strcmp(c->text + at, text) == 0)
        return c->text + at;
  return NULL;
}

/* A copy of text the plugin owns; NULL when out of memory (the report then
 * lacks the name, rather than read an unloaded library). */
static const char *keep(const char *text) {
  pthread_mutex_lock(&copies_lock);
  const char *copy = existing_copy(text);
  size_t length = strlen(text) + 1;
  if (copy == NULL && (chunks == NULL || chunks->size - chunks->used < length)) {
    size_t bytes = sizeof(chunk) + length > CHUNK_BYTES ? sizeof(chunk) + length : CHUNK_BYTES;
    chunk *fresh = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (fresh != MAP_FAILED) {
      *fresh = (chunk){chunks, 0, bytes - sizeof(chunk)};
      chunks = fresh;
    }
  }
  if (copy == NULL && chunks != NULL && chunks->size - chunks->used >= length) {
    copy = memcpy(chunks->text + chunks->used, text, length);
    chunks->used += length;
  }
  pthread_mutex_unlock(&copies_lock);
  return copy;
}

static void keep_origin(om_map_origin *origin, void *context) {
  const loaded_object *object = context;
  if (origin->map_name != NULL && in_object(object, origin->map_name))
    origin->map_name = keep(origin->map_name);
  if (origin->psource != NULL && in_object(object, origin->psource))
    origin->psource = keep(origin->psource);
  if (origin->caller == NULL && in_object(object, origin->return_address)) {
    char caller[192];
    om_describe_caller(origin->return_address, caller, sizeof caller);
    origin->caller = keep(caller);
  }
}

void om_unload_keep_origins(const void *descriptor) {
  if (!om_checks_enabled())
    return;
  loaded_object object = {.inside = (uintptr_t)descriptor};
  if (!dl_iterate_phdr(find_object, &object) || object.program)
    return;
  om_shadow_rewrite_origins(&om_plugin_shadow, keep_origin, &object);
  if (om_stale_enabled())
    om_stale_rewrite_origins(keep_origin, &object);
}

void om_unload_fork_prepare(void) { pthread_mutex_lock(&copies_lock); }
void om_unload_fork_parent(void) { pthread_mutex_unlock(&copies_lock); }
void om_unload_fork_child(void) { pthread_mutex_init(&copies_lock, NULL); }
