#!/usr/bin/env python3
"""rewrite-scale-gen.py KERNELS: print a C translation unit with KERNELS
annotated OM_KERNEL functions (each with four offloaded loops of different
shapes: a saxpy, a three-point stencil, a sum reduction and a linearised 2-D
nest) and as many plain host functions, about 100 lines per kernel, for
test/bench/rewrite-scale."""
import sys

KERNEL = """
/* Kernel {k}: four loops the rewriter must analyse. */
OM_KERNEL double kernel_{k}(int n, int m, float a, OM_IN const float *x,
                            OM_INOUT float *y, OM_OUT float *z,
                            OM_IN const float *grid, OM_OUT float *next) {{
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i] + {k}.0f;
  for (int i = 1; i < n - 1; ++i)
    z[i] = (x[i - 1] + x[i] + x[i + 1]) * 0.25f;
  double sum = 0.0;
  for (int i = 0; i < n; ++i)
    sum += y[i];
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      next[i * n + j] = grid[i * n + j] * 2.0f + {k}.0f;
  return sum;
}}
"""

HOST = """
/* Host helper {k}: ordinary code the rewriter parses and leaves alone. */
static int host_helper_{k}(int v, int w) {{
  int acc = v ^ {k};
{body}  return acc;
}}
"""


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: rewrite-scale-gen.py KERNELS")
    kernels = int(sys.argv[1])
    out = ["#include <ownmap.h>", ""]
    for k in range(kernels):
        body = "".join(
            "  acc = (acc * {m} + w) % 1000003;\n  if (acc & {b}) acc += v; else acc -= w;\n".format(
                m=3 + (k + s) % 7, b=1 << (s % 8))
            for s in range(38))
        out.append(KERNEL.format(k=k))
        out.append(HOST.format(k=k, body=body))
    sys.stdout.write("\n".join(out))


main()
