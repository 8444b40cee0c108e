/* real.c - where the plugin gets the functions of other libraries (real.h).
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
 * with dlclose.
 *
 * Each library's functions are looked up together, at the first use of
 * one of them (for the runtime, an entry point's, so the runtime is loaded
 * by then); later uses (the fault handler's among them) only read the
 * table. A function not found then is looked up again at its next use, in
 * case its library came later. The malloc family is looked up on its own
 * path (om_real_heap_ready): a lookup may allocate, and the allocation
 * comes back here.
 */
#include "real.h"

#include "message.h"

#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

/* Where a function is looked up; its library's functions are looked up
 * together (HEAP apart, see om_real_heap_ready). */
enum where { NEXT, RUNTIME, HEAP, LIBC, MPI, MPI_LIBRARY, CUDA };
enum library { OFFLOAD_RUNTIME, C_LIBRARY, MPI_CALLS, LAZY, LIBRARY_COUNT };

static const enum library library_of[] = {
    [NEXT] = OFFLOAD_RUNTIME, [RUNTIME] = OFFLOAD_RUNTIME, [HEAP] = LAZY,
    [LIBC] = C_LIBRARY,       [MPI] = MPI_CALLS,          [MPI_LIBRARY] = LAZY,
    [CUDA] = LAZY};

#define OM_REAL_ENTRY(where, symbol, ...) {where, #symbol},
static const struct {
  enum where where;
  const char *name;
} functions[OM_REAL_COUNT] = {OM_REAL_FUNCTIONS(OM_REAL_ENTRY)};
#undef OM_REAL_ENTRY

void *_Atomic om_real_found[OM_REAL_COUNT] __attribute__((aligned(64)));
_Static_assert(OM_REAL_ID___tgt_target_data_update_mapper < 64 / sizeof(void *),
               "the functions target regions call share one cache line of the table");

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

/* The CUDA driver, only when the runtime loaded it (RTLD_NOLOAD): without
 * it the device is not a CUDA device. */
static void *loaded_cuda_driver(void) {
  static void *_Atomic driver;
  void *handle = atomic_load_explicit(&driver, memory_order_acquire);
  if (handle == NULL) {
    handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (handle != NULL) /* a racing thread stores the same handle */
      atomic_store_explicit(&driver, handle, memory_order_release);
  }
  return handle;
}

/* ---- lookups ---- */

/* The addresses this plugin's loaded segments span, [begin, end): found
 * once, so that telling a function of its own costs a comparison (dladdr
 * searches a library's symbols, and every function is asked about). */
static uintptr_t plugin_begin, plugin_end;
static pthread_once_t plugin_spanned = PTHREAD_ONCE_INIT;

/* dl_iterate_phdr: records the span of the object that holds `inside`. */
static int note_plugin_span(struct dl_phdr_info *info, size_t size, void *inside) {
  (void)size;
  uintptr_t begin = UINTPTR_MAX, end = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
    if (segment->p_type != PT_LOAD)
      continue;
    uintptr_t low = info->dlpi_addr + segment->p_vaddr, high = low + segment->p_memsz;
    begin = low < begin ? low : begin;
    end = high > end ? high : end;
  }
  if ((uintptr_t)inside < begin || (uintptr_t)inside >= end)
    return 0;
  plugin_begin = begin;
  plugin_end = end;
  return 1;
}

static void span_plugin(void) { dl_iterate_phdr(note_plugin_span, (void *)span_plugin); }

/* Whether `function` is defined in this plugin: a lookup must never return
 * one of the plugin's interposers, which would call themselves. */
static bool in_plugin(void *function) {
  pthread_once(&plugin_spanned, span_plugin);
  return (uintptr_t)function >= plugin_begin && (uintptr_t)function < plugin_end;
}

static void *lookup(om_real_id id) {
  const char *name = functions[id].name;
  void *function = NULL;
  switch (functions[id].where) {
  case HEAP: /* no more than this: dlsym is all the bootstrap may call */
    return dlsym(RTLD_NEXT, name);
  case MPI_LIBRARY:
    return dlsym(RTLD_DEFAULT, name);
  case CUDA: {
    void *driver = loaded_cuda_driver();
    return driver != NULL ? dlsym(driver, name) : NULL;
  }
  case RUNTIME: {
    void *handle = loaded_runtime();
    if (handle != NULL)
      function = dlsym(handle, name);
    if (function == NULL)
      function = dlsym(RTLD_NEXT, name);
    break;
  }
  case NEXT:
  case LIBC:
  case MPI: {
    /* Taken first, so that the runtime is pinned however the function is
     * found. */
    void *handle = loaded_runtime();
    function = dlsym(RTLD_NEXT, name);
    if (function == NULL && handle != NULL)
      function = dlsym(handle, name);
    break;
  }
  }
  return function != NULL && !in_plugin(function) ? function : NULL;
}

static _Noreturn void missing(om_real_id id) {
  const char *name = functions[id].name;
  if (functions[id].where == HEAP)
    om_error("cannot find the real %s after the plugin", name);
  else if (loaded_runtime() != NULL) /* runtime_path is set before the handle */
    om_error("cannot find the real %s: it is neither after the plugin in the global scope "
             "(dlsym RTLD_NEXT) nor in the loaded runtime %s or its dependencies",
             name, runtime_path);
  else
    om_error("cannot find the real %s: it is not after the plugin in the global scope "
             "(dlsym RTLD_NEXT), and no %s* is loaded (an offload call needs the runtime)",
             name, runtime_prefix);
  abort();
}

static void look_up_library(enum library library) {
  for (int id = 0; id < OM_REAL_COUNT; id++)
    if (library_of[functions[id].where] == library)
      atomic_store_explicit(&om_real_found[id], lookup(id), memory_order_relaxed);
}

static void look_up_offload_runtime(void) { look_up_library(OFFLOAD_RUNTIME); }
static void look_up_c_library(void) { look_up_library(C_LIBRARY); }
static void look_up_mpi_calls(void) { look_up_library(MPI_CALLS); }

static pthread_once_t looked_up[LIBRARY_COUNT] = {
    PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};
static void (*const look_up_all[LIBRARY_COUNT])(void) = {
    [OFFLOAD_RUNTIME] = look_up_offload_runtime,
    [C_LIBRARY] = look_up_c_library,
    [MPI_CALLS] = look_up_mpi_calls};

void *om_real_if_loaded(om_real_id id) {
  void *function = atomic_load_explicit(&om_real_found[id], memory_order_relaxed);
  if (function != NULL)
    return function;
  enum library library = library_of[functions[id].where];
  if (library != LAZY) {
    pthread_once(&looked_up[library], look_up_all[library]);
    function = atomic_load_explicit(&om_real_found[id], memory_order_relaxed);
  }
  if (function == NULL) { /* not there at the first use: loaded since? */
    function = lookup(id);
    if (function != NULL) /* a race finds the same */
      atomic_store_explicit(&om_real_found[id], function, memory_order_relaxed);
  }
  return function;
}

void *om_real_look_up(om_real_id id) {
  if (functions[id].where == HEAP) {
    /* Only the malloc wrappers' fast path gets here, and only once their
     * slow path looked the family up. */
    if (!om_real_heap_ready())
      missing(id);
    return atomic_load_explicit(&om_real_found[id], memory_order_relaxed);
  }
  void *function = om_real_if_loaded(id);
  if (function == NULL)
    missing(id);
  return function;
}

/* ---- the malloc family's bootstrap ---- */

atomic_bool om_real_heap_found;
static _Thread_local bool heap_lookup_running __attribute__((tls_model("initial-exec")));

/* The caller then uses the arena. Two threads may both look the family up,
 * and find the same. */
__attribute__((noinline)) bool om_real_look_up_heap(void) {
  if (heap_lookup_running)
    return false;
  heap_lookup_running = true;
  for (int id = 0; id < OM_REAL_COUNT; id++) {
    if (functions[id].where != HEAP)
      continue;
    void *function = lookup(id);
    if (function == NULL)
      missing(id);
    atomic_store_explicit(&om_real_found[id], function, memory_order_relaxed);
  }
  heap_lookup_running = false;
  atomic_store_explicit(&om_real_heap_found, true, memory_order_release);
  return true;
}

alignas(16) char om_bootstrap_arena[OM_BOOTSTRAP_ARENA_BYTES];
static atomic_size_t arena_used;

/* Each arena block is preceded by 16 bytes holding its size. */
void *om_bootstrap_alloc(size_t size) {
  size_t need = 16 + ((size + 15) & ~(size_t)15);
  size_t offset = atomic_fetch_add(&arena_used, need);
  if (offset + need > sizeof om_bootstrap_arena)
    return NULL;
  memcpy(om_bootstrap_arena + offset, &size, sizeof size);
  return om_bootstrap_arena + offset + 16;
}

size_t om_bootstrap_size(const void *block) {
  size_t size;
  memcpy(&size, (const char *)block - 16, sizeof size);
  return size;
}
