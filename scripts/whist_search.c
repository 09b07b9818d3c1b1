/* A faster twin of scoring.engine.schedules.cyclic.search, for the larger counts of players.

   Build: cc -O2 -o /tmp/whist_search scripts/whist_search.c -lm
   Run:   /tmp/whist_search PLAYERS SEED [D1xD2...]
   Prints the initial round as Python tuples (North, East, South, West), players counted from 0 and
   coded as in scoring/engine/schedules/group.py, ready for stored.py; `cyclic.expand` and the tests
   check it in full. Same annealing as the Python search: swap two players of the initial round, keep
   the swap when it misses no more, and now and then when it misses more; restart after a while. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int dims[8], ndims = 0, order_ = 1;
static int cls_[256][256];

static unsigned long long rng_state;
static unsigned rnd(void) {
    rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 11);
}
static double unit(void) { return (rnd() & 0xffffff) / (double)0x1000000; }

static void digits(int x, int *out) {
    for (int k = ndims - 1; k >= 0; k--) { out[k] = x % dims[k]; x /= dims[k]; }
}
static int code(const int *d) {
    int x = 0;
    for (int k = 0; k < ndims; k++) x = x * dims[k] + ((d[k] % dims[k]) + dims[k]) % dims[k];
    return x;
}
static int diff(int x, int y) {
    int a[8], b[8], c[8];
    digits(x, a); digits(y, b);
    for (int k = 0; k < ndims; k++) c[k] = a[k] - b[k];
    return code(c);
}
static int neg(int x) {
    int a[8];
    digits(x, a);
    for (int k = 0; k < ndims; k++) a[k] = -a[k];
    return code(a);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: whist_search PLAYERS SEED [D1xD2...]\n"); return 2; }
    int players = atoi(argv[1]);
    unsigned long long seed = strtoull(argv[2], NULL, 10);
    int m = players % 4 == 0 ? players - 1 : players;
    if (argc > 3) {
        char *s = argv[3];
        while (*s) { dims[ndims++] = (int)strtol(s, &s, 10); if (*s == 'x') s++; }
    } else { dims[ndims++] = m; }
    for (int k = 0; k < ndims; k++) order_ *= dims[k];
    if (order_ != m) { fprintf(stderr, "group order %d, need %d\n", order_, m); return 2; }
    for (int x = 0; x < m; x++)
        for (int y = 0; y < m; y++) {
            int d = diff(x, y), n = neg(d);
            cls_[x][y] = d < n ? d : n;
        }
    int nslots = players % 4 == 0 ? players : players - 1;
    int slots[256];
    int pa[1024], pb[1024], kind[1024], npairs = 0;
    int touch[256][3], ntouch[256];
    memset(ntouch, 0, sizeof ntouch);
    for (int t = 0; t < nslots; t += 4) {
        int n = t, e = t + 1, s = t + 2, w = t + 3;
        int list[6][3] = {{n, s, 0}, {e, w, 0}, {n, e, 1}, {n, w, 1}, {s, e, 1}, {s, w, 1}};
        for (int k = 0; k < 6; k++) {
            pa[npairs] = list[k][0]; pb[npairs] = list[k][1]; kind[npairs] = list[k][2];
            touch[list[k][0]][ntouch[list[k][0]]++] = npairs;
            touch[list[k][1]][ntouch[list[k][1]]++] = npairs;
            npairs++;
        }
    }
    int target[2] = {1, 2};
    rng_state = seed * 2654435761ULL + 88172645463325252ULL;
    for (int restart = 0;; restart++) {
        for (int i = 0; i < nslots; i++) slots[i] = players % 4 == 0 ? i : i + 1;
        for (int i = nslots - 1; i > 0; i--) { int j = rnd() % (i + 1); int t = slots[i]; slots[i] = slots[j]; slots[j] = t; }
        int counts[2][256];
        memset(counts, 0, sizeof counts);
        for (int k = 0; k < npairs; k++) {
            int a = slots[pa[k]], b = slots[pb[k]];
            if (a < m && b < m) counts[kind[k]][cls_[a][b]]++;
        }
        int cost = 0;
        for (int c = 1; c < m; c++) {
            if (cls_[c][0] != c) continue;
            cost += abs(counts[0][c] - 1) + abs(counts[1][c] - 2);
        }
        double heat = 0.3;
        for (long step = 0; step < 20000000L; step++) {
            if (cost == 0) {
                printf("(");
                for (int t = 0; t < nslots; t += 4)
                    printf("(%d, %d, %d, %d)%s", slots[t], slots[t + 1], slots[t + 2], slots[t + 3], t + 4 < nslots ? ", " : "");
                printf("),  # seed %llu, restart %d\n", seed, restart);
                return 0;
            }
            int i = rnd() % nslots, j = rnd() % nslots;
            if (i / 4 == j / 4 && (i - j) % 2 == 0) continue;
            int ks[6], nk = 0;
            for (int q = 0; q < 3; q++) ks[nk++] = touch[i][q];
            for (int q = 0; q < 3; q++) {
                int k = touch[j][q], dup = 0;
                for (int r = 0; r < nk; r++) dup |= ks[r] == k;
                if (!dup) ks[nk++] = k;
            }
            int change = 0;
            for (int pass = 0; pass < 2; pass++) {
                int step_ = pass == 0 ? -1 : 1;
                if (pass == 1) { int t = slots[i]; slots[i] = slots[j]; slots[j] = t; }
                for (int r = 0; r < nk; r++) {
                    int k = ks[r], a = slots[pa[k]], b = slots[pb[k]];
                    if (a >= m || b >= m) continue;
                    int c = cls_[a][b], old = counts[kind[k]][c];
                    counts[kind[k]][c] = old + step_;
                    change += abs(old + step_ - target[kind[k]]) - abs(old - target[kind[k]]);
                }
            }
            if (change <= 0 || unit() < exp(-change / heat)) {
                cost += change;
            } else {
                for (int pass = 0; pass < 2; pass++) {
                    int step_ = pass == 0 ? -1 : 1;
                    if (pass == 1) { int t = slots[i]; slots[i] = slots[j]; slots[j] = t; }
                    for (int r = 0; r < nk; r++) {
                        int k = ks[r], a = slots[pa[k]], b = slots[pb[k]];
                        if (a >= m || b >= m) continue;
                        counts[kind[k]][cls_[a][b]] += step_;
                    }
                }
            }
        }
    }
}
