/* output.h - the one way the runtime writes an output file (the run report)
 * so that no output is ever lost, and the placeholders of output paths.
 *
 * A regular file (or a path that does not exist yet) is written to a
 * temporary file next to it, flushed, fsync'ed and renamed over it only when
 * everything was written: on any failure the old file is left as it was. A
 * symbolic link is followed (also a dangling one) and what it points to is
 * replaced the same way; the link stays. A FIFO, a character or block
 * device (/dev/stdout, /dev/null, a terminal) and a file of a kernel
 * pseudo-filesystem (proc, sysfs, ...) are written straight into, never
 * replaced. ownmap-rewrite (rewriter/OutputFile.cpp) and ownmap-report
 * (write_output) follow the same rules; docs/reports.md describes them.
 */
#ifndef OWNMAP_RTL_OUTPUT_H
#define OWNMAP_RTL_OUTPUT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* Room for a failure's description: a reason, a directory and the path. */
#define OM_OUTPUT_WHY_MAX (2 * PATH_MAX + 128)

/* Writes the whole output to out; errors are seen through ferror(out). */
typedef void (*om_output_print)(FILE *out, const void *context);

/* Writes what print writes to path by the rules above. On failure returns
 * false and puts into why[0, size) what failed and what became of path,
 * e.g. "No space left on device; 'run.json' was not changed". */
bool om_output_write(const char *path, om_output_print print, const void *context, char *why,
                     size_t size);

/* The rank an MPI launcher (Open MPI, MPICH and Intel MPI, PMIx, Slurm)
 * put in the environment: the first of OMPI_COMM_WORLD_RANK, PMI_RANK,
 * PMIX_RANK, SLURM_PROCID that is set to digits; NULL when none is. */
const char *om_output_launcher_rank(void);

/* Expands the placeholders of an output path: %p is pid, %r the rank that
 * the MPI launcher put in the environment (OMPI_COMM_WORLD_RANK, PMI_RANK,
 * PMIX_RANK, SLURM_PROCID, the first that is set to digits), else pid; %%
 * is one %. Any other % is kept as written. Does not allocate and calls
 * only async-signal-safe functions apart from getenv, so that a fork
 * handler may call it. False when the result does not fit in out[0, size). */
bool om_output_expand(const char *pattern, pid_t pid, char *out, size_t size);

/* The first placeholder of pattern that om_output_expand keeps as written
 * ("%x"), or NULL when there is none. */
const char *om_output_unknown_placeholder(const char *pattern);

#endif
