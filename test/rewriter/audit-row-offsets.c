// --audit: accesses whose union is no one section, `p[r * c]` and
// `p[r * c + k]` for k in [1, c) (their last elements compare only when
// the inner loop runs), are each compared with the map on their own: a
// map that covers every access is fine (no warning that the map cannot be
// compared), one that misses elements is an error.
// RUN: not %ownmap-rewrite --audit %s --report=%t.json --report-format=json -- 2> %t.err
// RUN: FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: < %t.err
// RUN: python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); got=[(x["level"], x["rule"], x["variable"], x["location"]["line"]) for x in r["findings"]]; assert got==[("error","ownmap.audit.section-too-small","in",25)], got; a=r["audit"]; assert (a["clean"], a["with_findings"])==(1, 1), a' %t.json

// Row maxima: the first element of each row, then the others.
void row_max(int rows, int cols, const float *in, float *out) {
#pragma omp target teams distribute parallel for map(to: in[0:rows * cols]) map(from: out[0:rows])
  for (int r = 0; r < rows; ++r) {
    float m = in[r * cols];
    for (int c = 1; c < cols; ++c)
      if (in[r * cols + c] > m)
        m = in[r * cols + c];
    out[r] = m;
  }
}

// Row sums with a map one element short: the last row's last element is
// out of bounds.
void row_sum_short(int rows, int cols, const float *in, float *out) {
#pragma omp target teams distribute parallel for map(to: in[0:rows * cols - 1]) map(from: out[0:rows])
  for (int r = 0; r < rows; ++r) {
    out[r] = in[r * cols];
    for (int c = 1; c < cols; ++c)
      out[r] += in[r * cols + c];
  }
}
// CHECK: audit-row-offsets.c:[[#@LINE-7]]:58: error: 'in[0:rows * cols - 1]' maps elements [0, cols * rows - 1) but the loop reaches [1, cols * rows) (section from subscripts in[r * cols + c] over r in [0, rows), c in [1, cols)): accesses outside the section are out of bounds on the device{{$}}
