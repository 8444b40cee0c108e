// Stress: nowait target tasks with depend clauses on several buffers,
// interleaved with synchronous kernels on the same data and host reads.
// Plain `target` tasks: with `teams distribute parallel for ... nowait`
// LLVM 19's libomp itself aborts now and then on the host device (3 runs in
// 300 without ownmap here; inside `parallel` + `single`, 0 in 400 without
// and 2 in 334 with ownmap: task_team != NULL in __kmpc_omp_task_with_deps,
// no ownmap code on any thread's stack; upstream's task-team races with
// target tasks), which would make this test fail for nothing.
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 17, BUFFERS = 4, STEPS = 5 };

int main(void) {
  double *buffers[BUFFERS];
  for (int k = 0; k < BUFFERS; k++) {
    buffers[k] = malloc(N * sizeof *buffers[k]);
    for (int i = 0; i < N; i++)
      buffers[k][i] = (i + k) % 9;
  }
  for (int s = 0; s < STEPS; s++) {
    for (int k = 0; k < BUFFERS; k++) {
      double *x = buffers[k];
#pragma omp target map(tofrom: x[0:N]) nowait depend(inout: x[0])
      for (int i = 0; i < N; i++)
        x[i] = x[i] * 0.5 + k;
    }
#pragma omp taskwait
    double *y = buffers[s % BUFFERS];
#pragma omp target teams distribute parallel for map(tofrom: y[0:N])
    for (int i = 0; i < N; i++)
      y[i] += 1;
    double sum = 0;
    for (int k = 0; k < BUFFERS; k++)
      for (int i = 0; i < N; i += 7)
        sum += buffers[k][i];
    printf("step %d: %.17g\n", s, sum);
  }
  for (int k = 0; k < BUFFERS; k++)
    free(buffers[k]);
  return 0;
}
