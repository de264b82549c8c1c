/* suggest.c — "did you mean": the closest known word to a mistyped one. */
#include <string.h>

#include "cli.h"

#define SUGGEST_MAX_LEN 64u

static int min3(int a, int b, int c)
{
    int m = a < b ? a : b;
    return m < c ? m : c;
}

/* Edit distance of a and b (both shorter than SUGGEST_MAX_LEN): insertions,
 * deletions, substitutions and swaps of two neighbours ("fier", "fire")
 * cost 1 each (optimal string alignment). */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    enum { W = SUGGEST_MAX_LEN + 1 };
    int d[(SUGGEST_MAX_LEN + 1) * (SUGGEST_MAX_LEN + 1)];
    for (size_t i = 0; i <= la; i++)
        d[i * W] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int v = min3(d[(i - 1) * W + j] + 1, d[i * W + j - 1] + 1,
                         d[(i - 1) * W + j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                v = v < d[(i - 2) * W + j - 2] + 1 ? v : d[(i - 2) * W + j - 2] + 1;
            d[i * W + j] = v;
        }
    return d[la * W + lb];
}

const char *cli_closest(const char *word, char *const *cands, int n)
{
    size_t len = strlen(word);
    if (len == 0 || len >= SUGGEST_MAX_LEN)
        return NULL;
    int limit = len <= 4 ? 1 : 2, best = limit + 1;
    const char *pick = NULL;
    for (int i = 0; i < n; i++) {
        if (!cands[i] || strlen(cands[i]) >= SUGGEST_MAX_LEN || !strcmp(cands[i], word))
            continue;
        int d = distance(word, cands[i]);
        if (d < best)
            best = d, pick = cands[i];
    }
    return pick;
}
