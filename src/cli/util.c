/* util.c — helpers shared by the grognard subcommands. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "host/files.h"

int cli_opt(int argc, char **argv, int *i, const char *name, const char **value)
{
    if (strcmp(argv[*i], name) != 0 || *i + 1 >= argc)
        return 0;
    *value = argv[++*i];
    return 1;
}

int cli_scenario_exists(const char *id)
{
    char path[4096];
    if (!id || !*id || strchr(id, '/') || strstr(id, ".."))
        return 0;
    snprintf(path, sizeof path, "%s/scenarios/%s.json", gr_host_data_dir(), id);
    return access(path, F_OK) == 0;
}

void cli_say_no_scenario(const char *id)
{
    fprintf(stderr, "grognard: no scenario '%s' in %s (installed:", id, gr_host_data_dir());
    char *names[512];
    int n = gr_host_list_scenarios(names, 512);
    for (int i = 0; i < n; i++) {
        fprintf(stderr, " %s", names[i]);
        free(names[i]);
    }
    fprintf(stderr, "%s)\n", n <= 0 ? " none" : "");
}

gr_scenario *cli_load_scenario(const char *id)
{
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    const char *root = gr_host_data_dir();
    if (!cli_scenario_exists(id)) {
        cli_say_no_scenario(id);
        return NULL;
    }
    if (gr_scenario_load(id, gr_host_read, (void *)root, &sc, &err) != GR_OK) {
        fprintf(stderr, "grognard: %s\n", err.msg);
        return NULL;
    }
    return sc;
}

void cli_print_event(void *ctx, const gr_game *g, const gr_event *e)
{
    char line[512];
    gr_event_format(g, e, line, sizeof line);
    fprintf((FILE *)ctx, "  %s\n", line);
}

/* ---------------------------------------------------------------- buffers */

static int buf_reserve(cli_buf *b, size_t more)
{
    if (b->failed)
        return -1;
    if (b->len + more + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + more + 1)
        cap *= 2;
    char *bigger = realloc(b->text, cap);
    if (!bigger) {
        b->failed = 1;
        return -1;
    }
    b->text = bigger;
    b->cap = cap;
    return 0;
}

void cli_buf_append(cli_buf *b, const char *s, size_t n)
{
    if (buf_reserve(b, n) != 0)
        return;
    memcpy(b->text + b->len, s, n);
    b->len += n;
    b->text[b->len] = '\0';
}

void cli_buf_printf(cli_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || buf_reserve(b, (size_t)n) != 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->text + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

const char *cli_buf_str(const cli_buf *b)
{
    return b->text ? b->text : "";
}

void cli_buf_clear(cli_buf *b)
{
    b->len = 0;
    b->failed = 0;
    if (b->text)
        b->text[0] = '\0';
}

void cli_buf_free(cli_buf *b)
{
    free(b->text);
    memset(b, 0, sizeof *b);
}

void cli_sanitize(const char *s, size_t n, char *buf, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < size; i++) {
        unsigned char c = (unsigned char)s[i];
        buf[k++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    if (size)
        buf[k] = '\0';
}

char *cli_query(const gr_game *g, const char *what, gr_error *err)
{
    for (size_t size = 1 << 14; size <= (16u << 20); size *= 4) {
        char *buf = malloc(size);
        if (!buf)
            break;
        if (gr_game_query(g, what, buf, size, err) != GR_OK) {
            free(buf);
            return NULL;
        }
        if (strlen(buf) + 1 < size)
            return buf;
        free(buf); /* it may have been cut: ask again with more room */
    }
    if (err) {
        err->rule[0] = '\0';
        snprintf(err->msg, sizeof err->msg, "out of memory for the answer to '%.40s'", what);
    }
    return NULL;
}

int cli_words(char *line, char **w, int max)
{
    int n = 0;
    for (char *save = NULL, *p = strtok_r(line, " \t\r\n", &save); p && n < max;
         p = strtok_r(NULL, " \t\r\n", &save))
        w[n++] = p;
    return n;
}

char *cli_describe(const gr_game *g)
{
    size_t size = 1 << 14;
    for (int tries = 0; tries < 4; tries++) {
        char *buf = malloc(size);
        if (!buf)
            return NULL;
        int need = gr_game_describe(g, buf, size);
        if (need >= 0 && (size_t)need < size)
            return buf;
        free(buf);
        size = (size_t)need + 1;
    }
    return NULL;
}

/* Non-zero for the keys of an odds answer that are parameters, not counts. */
static int is_parameter(const char *key, size_t len)
{
    static const char *const params[] = {"den", "outcomes", "rolls", "modifier", "drm", "below"};
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++)
        if (strlen(params[i]) == len && !strncmp(key, params[i], len))
            return 1;
    return 0;
}

/* Appends "KEY P%" (one decimal unless whole) for count of den to out. */
static void say_share(char *out, size_t size, const char *key, size_t len, long count, long den)
{
    long tenths = (count * 1000 + den / 2) / den;
    size_t at = strlen(out);
    if (tenths % 10)
        snprintf(out + at, size - at, "%s%.*s %ld.%ld%%", at ? ", " : "", (int)len, key,
                 tenths / 10, tenths % 10);
    else
        snprintf(out + at, size - at, "%s%.*s %ld%%", at ? ", " : "", (int)len, key, tenths / 10);
}

int cli_chances(const char *answer, char *out, size_t size)
{
    long den = 0, sum = 0, count;
    char word[128];
    out[0] = '\0';
    for (int pass = 0; pass < 2; pass++) {
        for (const char *s = answer; *s;) {
            size_t n = strcspn(s, " \n");
            snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), s);
            char *eq = strchr(word, '=');
            size_t klen = eq ? (size_t)(eq - word) : 0;
            if (eq && gr_parse_int(eq + 1, 0, 1000000000L, &count) == 0) {
                if (klen == 3 && !strncmp(word, "den", 3))
                    den = count;
                else if (!is_parameter(word, klen) && pass == 0)
                    sum += count;
                else if (!is_parameter(word, klen) && size > 0)
                    say_share(out, size, word, klen, count, den);
            }
            s += n;
            s += *s != '\0';
        }
        if (den <= 0 || sum != den) {
            out[0] = '\0';
            return 0;
        }
    }
    return 1;
}

void cli_wilson(uint64_t k, uint64_t n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959963984540054;
    double p = (double)k / (double)n, nn = (double)n;
    double denom = 1 + z * z / nn;
    double centre = (p + z * z / (2 * nn)) / denom;
    double half = z / denom * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn));
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}
