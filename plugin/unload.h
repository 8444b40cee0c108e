/* unload.h - what the reports need of a library that is being unloaded.
 *
 * Mappings and stale guards name where they were made by pointers into the
 * program's static strings (map names, psource) and code (the caller). A
 * library unloaded with dlclose takes its own with it, and the leak check
 * at exit, or a later stale access, would read unmapped memory. So when a
 * library's device images are unregistered (its dlclose, or the exit),
 * the origins that point into it get copies the plugin owns, and the
 * caller is named by module and offset while it still can be.
 */
#ifndef OWNMAP_PLUGIN_UNLOAD_H
#define OWNMAP_PLUGIN_UNLOAD_H

/* The loaded object that holds `descriptor` (the __tgt_bin_desc being
 * unregistered) is about to go. Nothing for the program itself. */
void om_unload_keep_origins(const void *descriptor);

/* pthread_atfork handlers: the copies' lock comes after the shadow's. */
void om_unload_fork_prepare(void);
void om_unload_fork_parent(void);
void om_unload_fork_child(void);

#endif
