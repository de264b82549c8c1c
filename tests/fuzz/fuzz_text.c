/*
 * fuzz_text.c — the text every rule system parses: byte 0 picks a
 * scenario, byte 1 the dice seed; then each line is, by its first
 * character, an edit ('e', on a fresh scenario, before the game starts),
 * a setup line ('s'), a query ('q'), an action line ('a': parsed, formatted
 * and applied), an event line ('v': parsed and formatted) or a description
 * ('d'); 'Q', 'V', 'D' do the same into a short buffer.  A refused action must leave the game unchanged
 * (by hash); an accepted one a sane game (unless setup lines came first:
 * setup may build positions the rules never reach).
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define MAX_LINES 40
#define LINE_MAX 1024

typedef struct text_run {
    gr_game *g;
    int set_up; /* a setup line was accepted */
} text_run;

static void do_action(text_run *t, const char *line)
{
    gr_action a;
    gr_error err = {{0}, {0}};
    if (gr_action_parse(t->g, line, &a, &err) != GR_OK)
        return;
    char buf[LINE_MAX];
    gr_action_format(t->g, &a, buf, sizeof buf);
    uint64_t before = gr_game_hash(t->g);
    if (gr_game_apply(t->g, &a, &err) != GR_OK) {
        FZ_CHECK(gr_game_hash(t->g) == before, "refused '%s' changed the game", line);
        return;
    }
    if (!t->set_up)
        FZ_CHECK(gr_game_sanity(t->g, &err) == GR_OK, "after '%s': %s", line, err.msg);
}

static void do_line(text_run *t, const char *line)
{
    gr_error err = {{0}, {0}};
    char buf[LINE_MAX];
    /* Upper case: the same with a short buffer (truncation). */
    int upper = line[0] >= 'A' && line[0] <= 'Z';
    size_t size = upper ? 1 + strlen(line) % 64 : sizeof buf;
    switch (upper ? line[0] - 'A' + 'a' : line[0]) {
    case 's':
        if (gr_game_setup(t->g, line + 1, &err) == GR_OK)
            t->set_up = 1;
        break;
    case 'q':
        gr_game_query(t->g, line + 1, buf, size, &err);
        break;
    case 'a':
        do_action(t, line + 1);
        break;
    case 'v': {
        gr_event ev;
        if (gr_event_parse(t->g, line + 1, &ev, &err) == GR_OK)
            gr_event_format(t->g, &ev, buf, size);
        break;
    }
    case 'd':
        gr_game_describe(t->g, buf, size);
        break;
    default:
        break;
    }
}

FUZZ_TARGET(text)
{
    fz_in in = {data, size};
    int i = (int)(fz_byte(&in) % (unsigned)fz_scenario_count());
    uint64_t seed = fz_byte(&in);
    char line[LINE_MAX];
    gr_scenario *own = NULL;
    gr_error err = {{0}, {0}};
    /* Leading edit lines apply to a fresh scenario of our own. */
    while (in.n > 0 && in.p[0] == 'e' && fz_line(&in, line, sizeof line)) {
        if (!own && fz_load(i, -1, NULL, 0, &own, &err) != GR_OK)
            return 0;
        gr_scenario_edit(own, line + 1, &err);
    }
    text_run t = {NULL, own != NULL};
    if (gr_game_new(own ? own : fz_scenario(i), seed, NULL, NULL, NULL, &t.g, &err) == GR_OK) {
        for (int k = 0; k < MAX_LINES && fz_line(&in, line, sizeof line); k++)
            do_line(&t, line);
        gr_game_free(t.g);
    }
    gr_scenario_free(own);
    return 0;
}
