/* play_words.c — `info` in words: what the `units` query says of a unit
 * (side, kind, hex, strength, state) as a sentence, before the details. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

/* The kind of unit a units-query symbol stands for (docs/queries.md). */
static const char *kind_of(char sym)
{
    switch (toupper((unsigned char)sym)) {
    case 'I': return "infantry";
    case 'C': return "cavalry";
    case 'A': return "artillery";
    case 'L': return "leader";
    case 'H': return "headquarters";
    case '*': return "commander-in-chief";
    default: return "unit";
    }
}

/* A side's name as a word of a sentence: "british" → "British", a short
 * one as letters ("usa" → "USA"). */
static void side_word(const char *side, char *out, size_t size)
{
    snprintf(out, size, "%s", side);
    size_t n = strlen(out);
    for (size_t i = 0; i < n; i++)
        if (i == 0 || n <= 3)
            out[i] = (char)toupper((unsigned char)out[i]);
}

/* One units line in words: "British infantry at 1503, strength 3, good"
 * (without " at HEX" when with_hex is 0). */
static void line_in_words(const char *line, int with_hex, char *out, size_t size)
{
    char side[32] = "", sym[4] = "", hex[16] = "", str[16] = "", steps[16] = "", status[32] = "",
         sideword[32];
    board_field(line, "side", side, sizeof side);
    board_field(line, "sym", sym, sizeof sym);
    board_field(line, "hex", hex, sizeof hex);
    board_field(line, "str", str, sizeof str);
    board_field(line, "steps", steps, sizeof steps);
    board_field(line, "status", status, sizeof status);
    side_word(side, sideword, sizeof sideword);
    int reduced = sym[0] && islower((unsigned char)sym[0]);
    with_hex = with_hex && hex[0]; /* a table top has no hexes */
    size_t at = (size_t)snprintf(out, size, "%s %s%s%s%s", sideword,
                                 reduced ? "(reduced or disordered) " : "", kind_of(sym[0]),
                                 with_hex ? " at " : "", with_hex ? hex : "");
    if (str[0] && at < size)
        at += (size_t)snprintf(out + at, size - at, ", strength %s", str);
    if (steps[0] && at < size)
        at += (size_t)snprintf(out + at, size - at, ", %s step%s", steps,
                               strcmp(steps, "1") ? "s" : "");
    if (status[0] && at < size)
        snprintf(out + at, size - at, ", %s", status);
}

int play_unit_words(const char *units, const char *id, char *out, size_t size)
{
    char want[64];
    snprintf(want, sizeof want, "unit=%.40s ", id);
    out[0] = '\0';
    for (const char *l = units; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        if (strncmp(l, want, strlen(want)) == 0) {
            char line[512];
            snprintf(line, sizeof line, "%.*s", (int)strcspn(l, "\n"), l);
            line_in_words(line, 1, out, size);
            return 1;
        }
    }
    return 0;
}

int play_hex_words(const char *units, const char *label, char *out, size_t size)
{
    char want[32], id[64], words[256];
    int n = 0;
    snprintf(want, sizeof want, " hex=%.16s ", label);
    out[0] = '\0';
    for (const char *l = units; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        char line[512];
        snprintf(line, sizeof line, "%.*s ", (int)strcspn(l, "\n"), l);
        if (!strstr(line, want))
            continue;
        id[0] = '\0';
        board_field(line, "unit", id, sizeof id);
        line_in_words(line, 0, words, sizeof words);
        size_t at = strlen(out);
        if (at < size)
            snprintf(out + at, size - at, "%s%s (%s)", n++ ? ", " : "",
                     strcmp(id, "?") ? id : "unidentified", words);
    }
    return n;
}

int play_card_title(const gr_game *view, const char *line, char *out, size_t size)
{
    out[0] = '\0';
    const char *at = strstr(line, " card=");
    long card;
    char number[16], what[32];
    if (!view || !at)
        return 0;
    snprintf(number, sizeof number, "%.*s", (int)strcspn(at + 6, " "), at + 6);
    if (gr_parse_int(number, 1, 999, &card) != 0)
        return 0;
    snprintf(what, sizeof what, "card %ld", card);
    gr_error err = {{0}, {0}};
    char *answer = cli_query(view, what, &err);
    const char *title = answer ? strstr(answer, " title=") : NULL;
    if (title)
        snprintf(out, size, "%.*s", (int)strcspn(title + 7, "\n"), title + 7);
    free(answer);
    return out[0] != '\0';
}
