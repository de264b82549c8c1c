/* testutil.c — see testutil.h. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/files.h"

const char *tu_root(void)
{
    const char *r = getenv("GR_TEST_ROOT");
    return r && *r ? r : ".";
}

void tu_path(char *buf, size_t size, const char *rel)
{
    snprintf(buf, size, "%s/%s", tu_root(), rel);
}

gr_status tu_load_from(const char *data_root, const char *id, gr_scenario **out,
                       gr_error *err)
{
    return gr_scenario_load(id, gr_host_read, (void *)data_root, out, err);
}

gr_scenario *tu_load(const char *id)
{
    char root[1024];
    tu_path(root, sizeof root, "data");
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    if (tu_load_from(root, id, &sc, &err) != GR_OK)
        fprintf(stderr, "tu_load(%s): %s\n", id, err.msg);
    return sc;
}

void tu_log_sink(void *ctx, const gr_game *g, const gr_event *e)
{
    tu_log *log = ctx;
    char line[512];
    int n = gr_event_format(g, e, line, sizeof line);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof line)
        n = sizeof line - 1;
    if (log->len + (size_t)n + 2 > log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 4096;
        while (cap < log->len + (size_t)n + 2)
            cap *= 2;
        char *t = realloc(log->text, cap);
        if (!t)
            return;
        log->text = t;
        log->cap = cap;
    }
    memcpy(log->text + log->len, line, (size_t)n);
    log->len += (size_t)n;
    log->text[log->len++] = '\n';
    log->text[log->len] = '\0';
    log->count++;
}

void tu_log_free(tu_log *log)
{
    free(log->text);
    memset(log, 0, sizeof *log);
}

int tu_log_has(const tu_log *log, const char *needle)
{
    return log->text && strstr(log->text, needle) != NULL;
}

gr_status tu_apply(gr_game *g, const char *line, gr_error *err)
{
    gr_action a;
    gr_status st = gr_action_parse(g, line, &a, err);
    return st != GR_OK ? st : gr_game_apply(g, &a, err);
}
