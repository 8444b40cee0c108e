// The kernel of the map-bounds tests: the sum of v[first, first + count),
// which it maps as that section, wherever the section lies. The tests'
// expected messages name v's line (4) and the map's (6).
static double total(const double *v, int first, int count) {
  double sum = 0;
#pragma omp target teams distribute parallel for reduction(+: sum) map(to: v[first:count])
  for (int i = first; i < first + count; i++)
    sum += v[i];
  return sum;
}
