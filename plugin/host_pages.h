/* host_pages.h - the page mechanics of transfer elision (residency.h):
 * protection changes that must not fail silently, and copies into
 * protected pages that no other host thread can see half done.
 *
 * Every function stops the program (ownmap: error:, abort) rather than
 * carry on when the kernel refuses a change the engine depends on: host
 * accesses would then go unseen and results would be wrong. */
#ifndef OWNMAP_PLUGIN_HOST_PAGES_H
#define OWNMAP_PLUGIN_HOST_PAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

uintptr_t om_page_size(void);

/* mprotect, or stop the program. */
void om_pages_protect(uintptr_t low, size_t bytes, int protection);

/* Whether the host pages from low on can be protected one by one: not so
 * on hugetlbfs (glibc.malloc.hugetlb=2), where protecting part of a huge
 * page fails. Leaves the page read-write. */
bool om_pages_protectable(uintptr_t low);

/* Writes bytes for host addresses [host, host + bytes) into target. */
typedef void (*om_pages_fill)(void *context, void *target, uintptr_t host, size_t bytes);

/* Fills [from, to) ∩ [low, high) of the protected pages [low, high) and
 * leaves them read-only. The pages are moved aside (MREMAP_DONTUNMAP: the
 * range stays mapped and protected, so a host access meanwhile faults),
 * filled there, made read-only and put back in one mremap, so another
 * thread sees each page either protected or complete. Bytes outside [from,
 * to) keep their contents. A range the kernel will not move at once goes
 * in halves, down to single pages. */
void om_pages_fill_protected(uintptr_t low, uintptr_t high, uintptr_t from, uintptr_t to,
                             om_pages_fill fill, void *context);

#endif
