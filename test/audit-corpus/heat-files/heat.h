/* A 1-D heat solver over three files: the kernels (heat-kernels.c), a time
 * loop that passes the arrays on (heat-run.c), and main, whose target data
 * keeps both arrays on the device for the whole run (heat-main.c). */
void heat_step(int n, double k, const double *t, double *tnew);
void heat_copy(int n, double *t, const double *tnew);
void heat_run(int n, int steps, double k, double *t, double *tnew);
