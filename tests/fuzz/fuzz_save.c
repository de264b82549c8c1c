/*
 * fuzz_save.c — save files (src/host/savefile.c): the input is save text.
 * It is parsed (gs_save_parse), then loaded (gs_load_text: scenario, data
 * hash, replay of every step with its state hash).  A refused save is
 * fine; a crash, leak or a loaded game failing gr_game_sanity is not.
 * The text is also resealed (gs_save_reseal: a fresh checksum) and loaded
 * again, so that the fuzzer reaches the checks behind the checksum.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "host/savefile.h"

/* Loads text; a loaded game must be sane. */
static void load(const char *text, size_t size)
{
    char why[512];
    gs_save_doc doc;
    if (gs_save_parse(text, size, "fuzz", &doc, why, sizeof why) == 0)
        gs_save_doc_free(&doc);
    gs_session *s = gs_load_text(text, size, "fuzz", why, sizeof why);
    if (s) {
        gr_error err = {{0}, {0}};
        FZ_CHECK(gr_game_sanity(gs_game(s), &err) == GR_OK, "loaded save not sane: %s", err.msg);
        gs_free(s);
    }
}

FUZZ_TARGET(save)
{
    char why[512];
    load((const char *)data, size);
    char *sealed = gs_save_reseal((const char *)data, size, why, sizeof why);
    if (sealed) {
        load(sealed, strlen(sealed));
        free(sealed);
    }
    return 0;
}
