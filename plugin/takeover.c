/* takeover.c - the take-over policy of transfer elision (takeover.h). */
#include "takeover.h"

#include "offload_abi.h"

bool om_takeover_entry_eligible(const om_takeover_entry *entry) {
  const int64_t refused = OM_MAP_ALWAYS | OM_MAP_DELETE | OM_MAP_PTR_AND_OBJ | OM_MAP_PRIVATE |
                          OM_MAP_LITERAL | OM_MAP_OMPX_HOLD | OM_MAP_MEMBER_OF |
                          OM_MAP_RETURN_PARAM | OM_MAP_PRESENT;
  return !entry->nowait && !entry->has_mapper && entry->begin != NULL &&
         entry->size >= (int64_t)OM_TAKEOVER_MIN_BYTES && (entry->type & refused) == 0 &&
         (entry->type & (OM_MAP_TO | OM_MAP_FROM)) != 0;
}

bool om_takeover_block_eligible(const om_takeover_entry *entry, const om_takeover_block *block,
                                uintptr_t page) {
  uintptr_t begin = (uintptr_t)entry->begin, end = begin + (uintptr_t)entry->size;
  uintptr_t block_end = block->start + block->size;
  uintptr_t first_page = (block->start + page - 1) & ~(page - 1);
  return block->start <= begin && end <= block_end && first_page + page <= block_end &&
         !block->unsteady && !block->others_map && !block->program_maps;
}
