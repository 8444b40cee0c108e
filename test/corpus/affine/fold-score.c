// The best pairing score of a sequence's subranges, shorter ranges first
// (rows from the bottom up): each score is the best split of its range, a
// maximum over k that the team's threads reduce while the row loops run on
// the device in one thread.
#include <ownmap.h>
#include <stdio.h>

#define N 40
#define BEST(s, t) ((s) >= (t) ? (s) : (t))
#define PAIRS(a, b) ((a) + (b) == 3 ? 1 : 0)

OM_KERNEL void fold_score(int n, OM_IN const int seq[n], OM_INOUT int score[n][n]) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      score[i][j] = BEST(score[i][j], score[i][j - 1]);
      if (i < j - 1)
        score[i][j] = BEST(score[i][j], score[i + 1][j - 1] + PAIRS(seq[i], seq[j]));
      for (int k = i + 1; k < j; k++)
        score[i][j] = BEST(score[i][j], score[i][k] + score[k + 1][j]);
    }
}

int main(void) {
  static int seq[N], score[N][N];
  for (int i = 0; i < N; i++)
    seq[i] = (7 * i + 3) % 4;
  fold_score(N, seq, score);
  long check = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      check += (long)score[i][j] * (i + 2 * j + 1);
  printf("%ld %d\n", check, score[0][N - 1]);
  return 0;
}
