/* Reference: plain fail-hard alpha-beta in the Max/Min form over Cutoff's
 * documented random uniform tree (b=8, d=12, seed 1, natural order, leaf
 * value splitmix64(splitmix64(seed) XOR L) mod 1000), counting nodes the way
 * pkg/algos does (root and leaves included). It must print 88395722 nodes,
 * as pkg/algos's TestAlphaBetaDeepNodeCount does; its ns/node is the yardstick
 * for BenchmarkAlphaBetaDeep.  Build: gcc -O2 -o ab alphabeta.c && ./ab
 */
#include <stdio.h>
#include <stdint.h>
#include <time.h>
static uint64_t B = 8, D = 12, H;
static long long nodes;
static inline uint64_t sm(uint64_t x) {
  uint64_t z = x + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static int ab(int k, uint64_t i, int alpha, int beta) {
  nodes++;
  if (k == (int)D) return (int)(sm(H ^ i) % 1000);
  if ((k & 1) == 0) {
    for (uint64_t j = 0; j < B; j++) {
      int v = ab(k + 1, i * B + j, alpha, beta);
      if (v >= beta) return beta;
      if (v > alpha) alpha = v;
    }
    return alpha;
  }
  for (uint64_t j = 0; j < B; j++) {
    int v = ab(k + 1, i * B + j, alpha, beta);
    if (v <= alpha) return alpha;
    if (v < beta) beta = v;
  }
  return beta;
}
int main(void) {
  H = sm(1);
  struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
  int v = ab(0, 0, -1000000, 1000000);
  clock_gettime(CLOCK_MONOTONIC, &b);
  double ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
  printf("value %d nodes %lld %.2f ns/node\n", v, nodes, ns / nodes);
}
