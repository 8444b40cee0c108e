/* requires.h - what the program requires of the runtime (`#pragma omp
 * requires`), read from the offload entries of the images it registers.
 *
 * Under unified_shared_memory the runtime maps nothing: device code uses
 * the host's memory, `present` holds for any of it, and its mapping table
 * stays empty. The checks built on the shadow of that table then have
 * nothing to say (checks.c asks om_requires_unified_memory). */
#ifndef OWNMAP_PLUGIN_REQUIRES_H
#define OWNMAP_PLUGIN_REQUIRES_H

#include "offload_abi.h"

#include <stdbool.h>

/* An image set is being registered (__tgt_register_lib). */
void om_requires_note(const om_bin_desc *desc);

/* Whether a registered image requires unified shared memory. */
bool om_requires_unified_memory(void);

#endif
