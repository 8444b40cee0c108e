void sweep(int n, const double *u, double *unew);
void accept(int n, double *u, const double *unew);
void scale(int n, double *x, double a);
void smooth(int n, double *x, int steps);
