/* ownmap.h - ownership annotations for OpenMP offload, and the small runtime
 * API that code rewritten by ownmap-rewrite calls.
 *
 * Under clang each annotation expands to __attribute__((annotate(...))), which
 * ownmap-rewrite reads from the AST; under other compilers it expands to
 * nothing, so annotated code still builds and runs on the host unchanged.
 * An annotation may stand before the type, after the '*', or after the name:
 *
 *   OM_KERNEL void saxpy(int n, float a, OM_IN const float *x, float *OM_INOUT y);
 */
#ifndef OWNMAP_H
#define OWNMAP_H

#include <stddef.h>

#if defined(__clang__) && !defined(OWNMAP_NO_ANNOTATIONS)
#define OM_ANNOTATE_(what) __attribute__((annotate(what)))
#else
#define OM_ANNOTATE_(what)
#endif

/* On a function: each outermost `for` loop of its body is offloaded. */
#define OM_KERNEL OM_ANNOTATE_("ownmap.kernel")
/* Shared borrow (&T): the device only reads.               map(to:)     */
#define OM_IN OM_ANNOTATE_("ownmap.in")
/* Exclusive borrow (&mut T): the device reads and writes.  map(tofrom:) */
#define OM_INOUT OM_ANNOTATE_("ownmap.inout")
/* Exclusive, written before read (&mut MaybeUninit<T>).    map(from:)   */
#define OM_OUT OM_ANNOTATE_("ownmap.out")
/* Device-only working memory (an owned temporary).         map(alloc:)  */
#define OM_SCRATCH OM_ANNOTATE_("ownmap.scratch")
/* Element count of a pointer parameter, when subscripts do not determine it. */
#define OM_LEN(expr) OM_ANNOTATE_("ownmap.len:" #expr)

#ifdef __cplusplus
extern "C" {
#endif

/* Version of libownmap, "MAJOR.MINOR.PATCH". */
const char *ownmap_version(void);

#ifdef __cplusplus
}
#endif

#endif /* OWNMAP_H */
