/* real.c - where the plugin gets the offload runtime's functions (real.h).
 *
 * A program linked to libomptarget has it in the global lookup scope,
 * after the preloaded plugin: dlsym(RTLD_NEXT) finds its functions there.
 * A program that loads an offload library with dlopen (RTLD_LOCAL, the
 * default; a plugin, a Python extension) has the runtime only in that
 * library's own scope. The library's calls still reach the plugin's entry
 * points (a preloaded object comes first in the global scope), but
 * RTLD_NEXT cannot see the runtime. So the plugin also looks in the
 * libomptarget the process has loaded: the object whose file name starts
 * with "libomptarget.so" (dl_iterate_phdr), through a handle on it (dlopen
 * RTLD_NOLOAD), whose lookups search it and then its dependencies, libomp
 * among them. The global scope first, then the runtime's, is also the order
 * in which the library binds its own calls.
 *
 * The handle keeps the runtime loaded until the process ends
 * (RTLD_NODELETE; LLVM 19's libomptarget is built so anyway): the functions
 * found stay valid, and so does the plugin's state that refers to the
 * runtime's (held blocks, the shadow), when the program unloads the library
 * with dlclose. The whole table is looked up at its first use, which an
 * entry point makes, so the runtime is loaded by then; later uses (the fault
 * handler's among them) only read it. A function not found then is looked
 * up again at its next use, in case the runtime came later.
 */
#include "real.h"

#include "message.h"

#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum where { NEXT, RUNTIME };

#define OM_REAL_ENTRY(where, symbol, type, params) {where, #symbol},
static const struct {
  enum where where;
  const char *name;
} functions[OM_REAL_COUNT] = {OM_REAL_FUNCTIONS(OM_REAL_ENTRY)};
#undef OM_REAL_ENTRY

/* What each lookup found; NULL until found (a race looks a function up
 * twice and finds the same). */
static void *_Atomic found[OM_REAL_COUNT];

/* ---- the libomptarget the process has loaded ---- */

static const char runtime_prefix[] = "libomptarget.so";

static pthread_mutex_t runtime_lock = PTHREAD_MUTEX_INITIALIZER;
static void *_Atomic runtime;         /* handle, once found */
static char runtime_path[PATH_MAX];   /* its file, for messages */

static int note_runtime_object(struct dl_phdr_info *info, size_t size, void *path) {
  (void)size;
  const char *slash = strrchr(info->dlpi_name, '/');
  const char *file = slash != NULL ? slash + 1 : info->dlpi_name;
  if (strncmp(file, runtime_prefix, sizeof runtime_prefix - 1) != 0 ||
      strlen(info->dlpi_name) >= PATH_MAX)
    return 0;
  strcpy(path, info->dlpi_name);
  return 1;
}

/* A handle on the loaded libomptarget, or NULL while none is loaded. The
 * handle is never closed: it pins the runtime. */
static void *loaded_runtime(void) {
  void *handle = atomic_load_explicit(&runtime, memory_order_acquire);
  if (handle != NULL)
    return handle;
  pthread_mutex_lock(&runtime_lock);
  handle = atomic_load_explicit(&runtime, memory_order_relaxed);
  char path[PATH_MAX];
  /* The name is copied out: dlopen is not called while the loader's list
   * is being walked. */
  if (handle == NULL && dl_iterate_phdr(note_runtime_object, path) != 0) {
    handle = dlopen(path, RTLD_NOLOAD | RTLD_LAZY | RTLD_NODELETE);
    if (handle != NULL) {
      strcpy(runtime_path, path);
      atomic_store_explicit(&runtime, handle, memory_order_release);
    }
  }
  pthread_mutex_unlock(&runtime_lock);
  return handle;
}

/* ---- lookups ---- */

/* Whether `function` is defined in this plugin: a lookup must never return
 * one of the plugin's interposers, which would call themselves. */
static bool in_plugin(void *function) {
  Dl_info plugin, found_in;
  return dladdr((void *)loaded_runtime, &plugin) != 0 && dladdr(function, &found_in) != 0 &&
         found_in.dli_fbase == plugin.dli_fbase;
}

static void *lookup(const char *name, enum where where) {
  /* Taken first, so that the runtime is pinned however the function is
   * found. */
  void *handle = loaded_runtime();
  void *function = NULL;
  if (where == RUNTIME && handle != NULL)
    function = dlsym(handle, name);
  if (function == NULL)
    function = dlsym(RTLD_NEXT, name);
  if (function == NULL && where == NEXT && handle != NULL)
    function = dlsym(handle, name);
  return function != NULL && !in_plugin(function) ? function : NULL;
}

static _Noreturn void missing(const char *name) {
  if (loaded_runtime() != NULL) /* runtime_path is set before the handle */
    om_error("cannot find the real %s: it is neither after the plugin in the global scope "
             "(dlsym RTLD_NEXT) nor in the loaded runtime %s or its dependencies",
             name, runtime_path);
  else
    om_error("cannot find the real %s: it is not after the plugin in the global scope "
             "(dlsym RTLD_NEXT), and no %s* is loaded (an offload call needs the runtime)",
             name, runtime_prefix);
  abort();
}

static void look_up_all(void) {
  for (int id = 0; id < OM_REAL_COUNT; id++)
    atomic_store_explicit(&found[id], lookup(functions[id].name, functions[id].where),
                          memory_order_relaxed);
}

static pthread_once_t table_looked_up = PTHREAD_ONCE_INIT;

void *om_real_function(om_real_id id) {
  void *function = atomic_load_explicit(&found[id], memory_order_relaxed);
  if (function != NULL)
    return function;
  pthread_once(&table_looked_up, look_up_all);
  function = atomic_load_explicit(&found[id], memory_order_relaxed);
  if (function == NULL) { /* not there at the first use: loaded since? */
    function = lookup(functions[id].name, functions[id].where);
    if (function == NULL)
      missing(functions[id].name);
    atomic_store_explicit(&found[id], function, memory_order_relaxed);
  }
  return function;
}

void *om_require_real(void *function, const char *name) {
  if (function == NULL)
    function = lookup(name, NEXT);
  if (function == NULL)
    missing(name);
  return function;
}

void *om_next_function(void *_Atomic *slot, const char *name) {
  void *function = atomic_load_explicit(slot, memory_order_relaxed);
  if (function == NULL) {
    function = om_require_real(dlsym(RTLD_NEXT, name), name);
    atomic_store_explicit(slot, function, memory_order_relaxed);
  }
  return function;
}
