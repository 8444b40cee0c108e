// The checksum the e2e programs print of their results: each element
// weighed by its place (1 + i % period), so that a wrong or misplaced
// element shows.
static double weighted_checksum(const double *v, int n, int period) {
  double checksum = 0;
  for (int i = 0; i < n; i++)
    checksum += v[i] * (1 + i % period);
  return checksum;
}
