/* ownmap.h - ownership annotations for OpenMP offload, and the small runtime
 * API that code rewritten by ownmap-rewrite calls. All of it is in this
 * header (static inline): annotated and rewritten code links no ownmap
 * library, and runs with or without libownmap-plugin.so.
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
#include <stdio.h>
#include <stdlib.h>

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
/* On a kernel: a fact about its integer parameters that the rewriter cannot
 * prove and may then use, e.g. OM_FACT(ld >= nb) for a block of nb columns
 * in rows of ld elements. The rewritten kernel checks it on entry. */
#define OM_FACT(comparison) OM_ANNOTATE_("ownmap.fact:" #comparison)

#ifdef __cplusplus
extern "C" {
#endif

/* The version of ownmap this header belongs to, "MAJOR.MINOR.PATCH" (the
 * project's one statement of it: CMakeLists.txt reads it from here). */
#define OWNMAP_VERSION "0.1.0"

static inline const char *ownmap_version(void) { return OWNMAP_VERSION; }

/* Called by code that ownmap-rewrite wrote, before a loop or data region of
 * kernel `kernel`: fails the program when the elements [a_begin, a_end) of
 * the exclusive borrow `a_name` (annotated `a_annotation`, OM_INOUT or OM_OUT)
 * overlap the elements [b_begin, b_end) of pointer parameter `b_name`. Static
 * inline, so that rewritten code builds without linking libownmap. */
static inline void ownmap_check_exclusive(const char *kernel,
                                          const char *a_annotation,
                                          const char *a_name,
                                          const void *a_begin,
                                          const void *a_end,
                                          const char *b_name,
                                          const void *b_begin,
                                          const void *b_end) {
  /* Integer comparisons: pointers into different objects are unordered. */
  unsigned long long ab = (unsigned long long)(size_t)a_begin;
  unsigned long long ae = (unsigned long long)(size_t)a_end;
  unsigned long long bb = (unsigned long long)(size_t)b_begin;
  unsigned long long be = (unsigned long long)(size_t)b_end;
  if (ab >= ae || bb >= be || ae <= bb || be <= ab)
    return;
  fprintf(stderr,
          "ownmap: error: kernel '%s': %s '%s' [%p, %p) overlaps '%s' "
          "[%p, %p); pass distinct arrays, or access both through one "
          "OM_INOUT parameter\n",
          kernel, a_annotation, a_name, a_begin, a_end, b_name, b_begin,
          b_end);
  abort();
}

/* Called by code that ownmap-rewrite wrote, on entry to kernel `kernel`:
 * fails the program when the fact `fact` it states with OM_FACT does not
 * hold (`holds` is the fact's value). */
static inline void ownmap_check_fact(const char *kernel, const char *fact,
                                     int holds) {
  if (holds)
    return;
  fprintf(stderr,
          "ownmap: error: kernel '%s': OM_FACT(%s) does not hold; the "
          "offloaded loops were planned on it\n",
          kernel, fact);
  abort();
}

/* Called by code that ownmap-rewrite wrote, right before an offloaded loop
 * that compares the subscripts of array parameter `array` dimension by
 * dimension: fails the program when a subscript after the first would leave
 * its extent (`holds` is false), an access C leaves undefined and on which
 * the loop's iterations could share elements. */
static inline void ownmap_check_extents(const char *kernel, const char *array,
                                        int holds) {
  if (holds)
    return;
  fprintf(stderr,
          "ownmap: error: kernel '%s': a subscript of '%s' after the first "
          "would leave its extent (undefined in C); the offloaded loop was "
          "planned on each subscript staying in its dimension\n",
          kernel, array);
  abort();
}

/* Called by code that ownmap-rewrite wrote, on entry to kernel `kernel`:
 * `holds` is the conditions its offloaded loops were planned on (each
 * subscript within its dimension's extent), all over parameters the kernel
 * does not change. When they fail, the rewritten code runs the kernel as
 * written, on the host, instead (a call that leaves an extent is undefined
 * in C, but may mean to run over the rows that follow). */
static inline int ownmap_device_path(const char *kernel, int holds) {
  (void)kernel;
  return holds;
}

/* Transfer-elision facts. Called by code that ownmap-rewrite wrote, right
 * before a kernel's directive: the next kernel this thread launches only
 * reads the `bytes` bytes at `begin` (an OM_IN section it maps `to`; the
 * rewriter has rejected every write through it). Under libownmap-plugin.so
 * the device copy of such a section then needs no snapshot to throw device
 * writes away. A false fact makes results wrong: only the rewriter, which
 * proves it, should state one. After the kernel's construct,
 * ownmap_kernel_facts_done() withdraws the thread's facts, in case the
 * kernel never reached the runtime.
 *
 * Both are static inline and call the plugin through weak references,
 * bound at run time only when the plugin is loaded (a position-independent
 * executable, clang's default here, is needed for that: elsewhere the
 * references are bound to nothing when linking), so rewritten code links
 * nothing extra and runs without the plugin. They do nothing outside an
 * OpenMP clang build on ELF, or with OWNMAP_NO_FACTS defined. */
#if defined(__clang__) && defined(_OPENMP) && defined(__ELF__) && !defined(OWNMAP_NO_FACTS)
#define OWNMAP_FACTS_ 1
/* Default visibility also under `#pragma GCC visibility push(hidden)`: a
 * hidden weak reference would be bound to nothing when linking. */
void ownmap_plugin_fact_reads_only(const void *begin, size_t bytes)
    __attribute__((weak, visibility("default")));
void ownmap_plugin_facts_done(void) __attribute__((weak, visibility("default")));
#endif

static inline void ownmap_kernel_reads_only(const void *begin, size_t bytes) {
#ifdef OWNMAP_FACTS_
  if (ownmap_plugin_fact_reads_only)
    ownmap_plugin_fact_reads_only(begin, bytes);
#else
  (void)begin;
  (void)bytes;
#endif
}

static inline void ownmap_kernel_facts_done(void) {
#ifdef OWNMAP_FACTS_
  if (ownmap_plugin_facts_done)
    ownmap_plugin_facts_done();
#endif
}

#ifdef __cplusplus
}
#endif

#endif /* OWNMAP_H */
