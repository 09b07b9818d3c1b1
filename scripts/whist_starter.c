/* Search for the initial round of a cyclic whist schedule in two steps: first a starter (the
   partner pairs, whose differences meet every class once), then the tables (two partner pairs
   each, so that the opponents' differences meet every class twice), each by a depth-first search
   cut off after a number of steps and begun again with a fresh starter.

   Build: cc -O2 -o /tmp/whist_starter scripts/whist_starter.c
   Run:   /tmp/whist_starter PLAYERS SEED [STEPS] [D1xD2...]
   Prints the initial round as Python tuples (North, East, South, West) over the integers mod m
   (m = PLAYERS-1 with the fixed player coded m, or m = PLAYERS), or over the product group
   Z_D1 x Z_D2 x ... coded as in scoring/engine/schedules/group.py, ready for
   scoring/engine/schedules/stored.py (and its GROUPS), where the tests expand and check it in full. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng_state;
static unsigned rnd(void) {
    rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 11);
}

static int m, fixed_player, npairs;
static int pa[64], pb[64];          /* the partner pairs */
static int cls_[128][128];          /* the class {d, -d} of x - y, 0 for none */
static int used[128], count[128];
static long steps, limit;
static int chosen[64][2], ntables;

static int dims[8], ndims = 0;

static void digits(int x, int *out) {
    for (int k = ndims - 1; k >= 0; k--) { out[k] = x % dims[k]; x /= dims[k]; }
}
static int code(const int *d) {
    int x = 0;
    for (int k = 0; k < ndims; k++) x = x * dims[k] + ((d[k] % dims[k]) + dims[k]) % dims[k];
    return x;
}
/* The class {d, -d} of x - y in the group, named by the smaller code. */
static int group_class(int x, int y) {
    int a[8], b[8], c[8], n[8];
    digits(x, a); digits(y, b);
    for (int k = 0; k < ndims; k++) { c[k] = a[k] - b[k]; n[k] = -c[k]; }
    int d = code(c), e = code(n);
    return d < e ? d : e;
}

static int cls(int a, int b) { return (a >= m || b >= m) ? 0 : cls_[a][b]; }

/* Pair the elements 1..m-1 so that each pair's difference is a class not yet used. */
static int starter(int *free, int nfree) {
    if (nfree == 0) return 1;
    if (++steps > limit) return 0;
    int x = free[0];
    int order[128], n = 0;
    for (int k = 1; k < nfree; k++) order[n++] = k;
    for (int k = n - 1; k > 0; k--) { int j = rnd() % (k + 1); int t = order[k]; order[k] = order[j]; order[j] = t; }
    for (int r = 0; r < n; r++) {
        int k = order[r], y = free[k], c = cls_[x][y];
        if (used[c]) continue;
        used[c] = 1;
        pa[npairs] = x; pb[npairs] = y; npairs++;
        int rest[128], nr = 0;
        for (int q = 1; q < nfree; q++) if (q != k) rest[nr++] = free[q];
        if (starter(rest, nr)) return 1;
        npairs--; used[c] = 0;
    }
    return 0;
}

static int opp[4];
static int opponents(int p, int q) {
    int n = 0, a[2] = {pa[p], pb[p]}, b[2] = {pa[q], pb[q]};
    for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) { int c = cls(a[i], b[j]); if (c) opp[n++] = c; }
    return n;
}

/* Seat the partner pairs `rest` two to a table, no class met by opponents more than twice. */
static int tables(int *rest, int n) {
    if (n == 0) return 1;
    if (++steps > limit) return 0;
    int p = rest[0];
    for (int k = 1; k < n; k++) {
        int q = rest[k], nc = opponents(p, q), ok = 1, cs[4];
        memcpy(cs, opp, sizeof cs);
        for (int i = 0; i < nc; i++) if (++count[cs[i]] > 2) ok = 0;
        if (ok) {
            chosen[ntables][0] = p; chosen[ntables][1] = q; ntables++;
            int next[64], nn = 0;
            for (int i = 1; i < n; i++) if (i != k) next[nn++] = rest[i];
            if (tables(next, nn)) return 1;
            ntables--;
        }
        for (int i = 0; i < nc; i++) count[cs[i]]--;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: whist_starter PLAYERS SEED [STEPS]\n"); return 2; }
    int players = atoi(argv[1]);
    unsigned long long seed = strtoull(argv[2], NULL, 10);
    limit = argc > 3 ? atol(argv[3]) : 200000;
    fixed_player = players % 4 == 0;
    m = fixed_player ? players - 1 : players;
    if (players % 4 > 1 || m > 127) { fprintf(stderr, "need 4n or 4n+1 players, at most 128\n"); return 2; }
    if (argc > 4) {
        char *text = argv[4];
        while (*text) { dims[ndims++] = (int)strtol(text, &text, 10); if (*text == 'x') text++; }
    } else { dims[ndims++] = m; }
    int order = 1;
    for (int k = 0; k < ndims; k++) order *= dims[k];
    if (order != m) { fprintf(stderr, "group order %d, need %d\n", order, m); return 2; }
    for (int x = 0; x < m; x++)
        for (int y = 0; y < m; y++) cls_[x][y] = group_class(x, y);
    rng_state = seed * 2654435761ULL + 88172645463325252ULL;
    for (long attempt = 0;; attempt++) {
        int free[128], nfree = 0;
        for (int x = 1; x < m; x++) free[nfree++] = x;
        for (int k = nfree - 1; k > 0; k--) { int j = rnd() % (k + 1); int t = free[k]; free[k] = free[j]; free[j] = t; }
        memset(used, 0, sizeof used); npairs = 0; steps = 0;
        if (!starter(free, nfree)) continue;
        if (fixed_player) { pa[npairs] = m; pb[npairs] = 0; npairs++; }
        int rest[64];
        for (int k = 0; k < npairs; k++) rest[k] = k;
        for (int k = npairs - 1; k > 0; k--) { int j = rnd() % (k + 1); int t = rest[k]; rest[k] = rest[j]; rest[j] = t; }
        memset(count, 0, sizeof count); ntables = 0; steps = 0;
        if (!tables(rest, npairs)) continue;
        printf("(");
        for (int t = 0; t < ntables; t++) {
            int p = chosen[t][0], q = chosen[t][1];
            printf("(%d, %d, %d, %d)%s", pa[p], pa[q], pb[p], pb[q], t + 1 < ntables ? ", " : "");
        }
        printf("),  # seed %llu, attempt %ld\n", seed, attempt);
        return 0;
    }
}
