/* offload_abi.h - the parts of libomptarget's LLVM 19 entry-point ABI that
 * the plugin reads: ident_t, KernelArgs version 3, the map-type bits and
 * the host entries of a registered image set.
 */
#ifndef OWNMAP_PLUGIN_OFFLOAD_ABI_H
#define OWNMAP_PLUGIN_OFFLOAD_ABI_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  int32_t reserved_1;
  int32_t flags;
  int32_t reserved_2;
  int32_t reserved_3;
  const char *psource; /* ";FILE;FUNCTION;LINE;COLUMN;;" */
} om_ident;

/* __tgt_offload_entry: one host entry of a registered image set. */
typedef struct {
  void *address;
  const char *name;
  size_t size;
  int32_t flags;
  int32_t data;
} om_offload_entry;

/* __tgt_bin_desc: what __tgt_register_lib and __tgt_unregister_lib get. */
typedef struct om_bin_desc {
  int32_t image_count;
  void *images;
  const om_offload_entry *entries_begin, *entries_end;
} om_bin_desc;

#define OM_KERNEL_ARGS_VERSION 3

typedef struct {
  uint32_t version;
  uint32_t num_args;
  void **arg_base_ptrs;
  void **arg_ptrs;
  int64_t *arg_sizes;
  int64_t *arg_types;
  void **arg_names;
  void **arg_mappers;
  uint64_t tripcount;
  uint64_t flags; /* OM_KERNEL_FLAG_* */
  uint32_t num_teams[3];
  uint32_t thread_limit[3];
  uint32_t dyn_cgroup_mem;
} om_kernel_args;

#define OM_KERNEL_FLAG_NOWAIT UINT64_C(1)

/* The bits of a map entry's type (libomptarget's tgt_map_type). */
enum {
  OM_MAP_TO = 0x1,
  OM_MAP_FROM = 0x2,
  OM_MAP_ALWAYS = 0x4,
  OM_MAP_DELETE = 0x8,
  OM_MAP_PTR_AND_OBJ = 0x10,
  OM_MAP_TARGET_PARAM = 0x20, /* the entry is a kernel argument */
  OM_MAP_RETURN_PARAM = 0x40, /* use_device_ptr/addr: the device address comes back */
  OM_MAP_PRIVATE = 0x80,
  OM_MAP_LITERAL = 0x100,
  OM_MAP_IMPLICIT = 0x200,
  OM_MAP_CLOSE = 0x400,
  OM_MAP_PRESENT = 0x1000,
  OM_MAP_OMPX_HOLD = 0x2000,
};

/* A non-contiguous target update's descriptor. */
#define OM_MAP_NON_CONTIG INT64_C(0x100000000000)

/* The top 16 bits name the parent entry of a struct member. */
#define OM_MAP_MEMBER_OF INT64_C(0xffff000000000000)

/* DeviceId meaning "the default device". */
#define OM_DEVICE_DEFAULT (-1)

#endif
