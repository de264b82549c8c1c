/* util.c — helpers shared by the grognard subcommands. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "host/files.h"

int cli_parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-')
        return -1;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

int cli_opt(int argc, char **argv, int *i, const char *name, const char **value)
{
    if (strcmp(argv[*i], name) != 0 || *i + 1 >= argc)
        return 0;
    *value = argv[++*i];
    return 1;
}

gr_scenario *cli_load_scenario(const char *id)
{
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    const char *root = gr_host_data_dir();
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
