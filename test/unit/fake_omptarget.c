/* fake_omptarget.c - a stand-in for libomptarget, for testing the plugin's
 * interposition without a real offload runtime: it remembers the last
 * arguments it got, keeps a small presence table (begin maps, end unmaps),
 * and its nowait begin calls the plain begin through the global symbol, as a
 * runtime calling its own entry points would. Its kernel allocates and
 * frees a little bookkeeping on the heap, as libomptarget does. It
 * deliberately lacks __tgt_target_data_update_nowait_mapper. */
#include "fake_omptarget.h"

#include <stddef.h>
#include <stdlib.h>

fake_call fake_last_call;

enum { PRESENCE_SLOTS = 16 };
static const void *present[PRESENCE_SLOTS];

static void set_present(const void *ptr, int yes) {
  for (int i = 0; i < PRESENCE_SLOTS; i++) {
    if (yes ? present[i] == NULL : present[i] == ptr) {
      present[i] = yes ? ptr : NULL;
      return;
    }
  }
}

int omp_target_is_present(const void *ptr, int device) {
  (void)device;
  for (int i = 0; i < PRESENCE_SLOTS; i++)
    if (present[i] == ptr)
      return 1;
  return 0;
}

int omp_get_default_device(void) { return 0; }

int omp_get_num_devices(void) { return 2; }

static void *volatile bookkeeping;

int __tgt_target_kernel(void *loc, int64_t device_id, int32_t num_teams, int32_t thread_limit,
                        void *host_ptr, void *args) {
  bookkeeping = malloc(32);
  free(bookkeeping);
  bookkeeping = calloc(2, 8);
  free(bookkeeping);
  fake_last_call = (fake_call){.what = "kernel", .loc = loc, .device_id = device_id,
                               .kernel_args = args, .host_ptr = host_ptr,
                               .num_teams = num_teams, .thread_limit = thread_limit};
  return 7;
}

static void record_data(const char *what, void *loc, int64_t device_id, int32_t count,
                        void **begins) {
  fake_last_call = (fake_call){.what = what, .loc = loc, .device_id = device_id,
                               .count = count, .begins = begins};
}

void __tgt_target_data_begin_mapper(void *loc, int64_t device_id, int32_t count, void **bases,
                                    void **begins, int64_t *sizes, int64_t *types,
                                    void **names, void **mappers) {
  (void)bases, (void)sizes, (void)types, (void)names, (void)mappers;
  record_data("begin", loc, device_id, count, begins);
  for (int32_t i = 0; i < count; i++)
    set_present(begins[i], 1);
}

void __tgt_target_data_end_mapper(void *loc, int64_t device_id, int32_t count, void **bases,
                                  void **begins, int64_t *sizes, int64_t *types, void **names,
                                  void **mappers) {
  (void)bases, (void)sizes, (void)types, (void)names, (void)mappers;
  record_data("end", loc, device_id, count, begins);
  for (int32_t i = 0; i < count; i++)
    set_present(begins[i], 0);
}

void __tgt_target_data_update_mapper(void *loc, int64_t device_id, int32_t count,
                                     void **bases, void **begins, int64_t *sizes,
                                     int64_t *types, void **names, void **mappers) {
  (void)bases, (void)sizes, (void)types, (void)names, (void)mappers;
  record_data("update", loc, device_id, count, begins);
}

void __tgt_target_data_begin_nowait_mapper(void *loc, int64_t device_id, int32_t count,
                                           void **bases, void **begins, int64_t *sizes,
                                           int64_t *types, void **names, void **mappers,
                                           int32_t dep_count, void *deps,
                                           int32_t noalias_count, void *noalias_deps) {
  (void)dep_count, (void)deps, (void)noalias_count, (void)noalias_deps;
  __tgt_target_data_begin_mapper(loc, device_id, count, bases, begins, sizes, types, names,
                                 mappers);
}

void __tgt_target_data_end_nowait_mapper(void *loc, int64_t device_id, int32_t count,
                                         void **bases, void **begins, int64_t *sizes,
                                         int64_t *types, void **names, void **mappers,
                                         int32_t dep_count, void *deps, int32_t noalias_count,
                                         void *noalias_deps) {
  (void)dep_count, (void)deps, (void)noalias_count, (void)noalias_deps;
  __tgt_target_data_end_mapper(loc, device_id, count, bases, begins, sizes, types, names,
                               mappers);
}
