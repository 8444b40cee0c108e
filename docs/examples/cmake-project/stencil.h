/* stencil.h - the kernels of the heat example. */
#ifndef HEAT_STENCIL_H
#define HEAT_STENCIL_H

#include <ownmap.h>

/* Set by the build (target_compile_definitions): ownmap-rewrite must see
 * the target's definitions too. */
#ifndef HEAT_STEPS
#error "the build sets HEAT_STEPS"
#endif

/* One explicit step of 1-D heat diffusion over the interior of `from`. */
void heat_step(int n, const double *from, double *to);
/* Sum of all cells. */
double heat_total(int n, const double *cells);

#endif
