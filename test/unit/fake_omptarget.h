/* fake_omptarget.h - what the fake libomptarget records about the last call
 * it received (see fake_omptarget.c). */
#ifndef OWNMAP_TEST_FAKE_OMPTARGET_H
#define OWNMAP_TEST_FAKE_OMPTARGET_H

#include <stdint.h>

typedef struct {
  const char *what; /* "kernel", "begin", "end", "update" */
  void *loc;
  int64_t device_id;
  int32_t count;
  void **begins;
  void *kernel_args;
  void *host_ptr;
  int32_t num_teams;
  int32_t thread_limit;
} fake_call;

extern fake_call fake_last_call;

int __tgt_target_kernel(void *loc, int64_t device_id, int32_t num_teams, int32_t thread_limit,
                        void *host_ptr, void *args);
void __tgt_target_data_begin_nowait_mapper(void *loc, int64_t device_id, int32_t count,
                                           void **bases, void **begins, int64_t *sizes,
                                           int64_t *types, void **names, void **mappers,
                                           int32_t dep_count, void *deps,
                                           int32_t noalias_count, void *noalias_deps);
void __tgt_target_data_end_mapper(void *loc, int64_t device_id, int32_t count, void **bases,
                                  void **begins, int64_t *sizes, int64_t *types, void **names,
                                  void **mappers);

#endif
