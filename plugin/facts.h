/* facts.h - ownership facts that rewritten code states about its next
 * kernel (ownmap.h's ownmap_kernel_reads_only, which calls the exported
 * ownmap_plugin_fact_reads_only when the plugin is loaded).
 *
 * ownmap-rewrite rejects any write through an OM_IN parameter, so before a
 * kernel it emits it can say which sections that kernel only reads. The
 * facts are kept per thread, in a small fixed array (facts beyond it are
 * dropped, which only costs elision), and hold for the next kernel the
 * thread launches: the kernel hook clears them when that call returns,
 * whatever it did, and the rewritten code clears them again after the
 * construct (ownmap_kernel_facts_done), in case the kernel never reached
 * the runtime. Nothing checks a fact: a false one makes transfer elision
 * keep device writes that the program expects to be discarded.
 */
#ifndef OWNMAP_PLUGIN_FACTS_H
#define OWNMAP_PLUGIN_FACTS_H

#include <stdbool.h>
#include <stdint.h>

#define OM_FACTS_MAX 16

/* Valid while this thread's kernel call is observed: true when one fact
 * says that the kernel only reads all of [begin, end). */
bool om_facts_reads_only(uintptr_t begin, uintptr_t end);

/* This thread's facts no longer hold (its kernel call returned). */
void om_facts_clear(void);

#endif
