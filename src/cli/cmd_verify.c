/* cmd_verify.c — `grognard verify RECORD`: checks a game record downloaded
 * from `grognard serve`: the revealed secret matches the commitment
 * published at creation, the seed is the one derived from the secret and
 * the players' entropy, and every step replays to its state hash. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "host/files.h"
#include "host/savefile.h"
#include "server/commit.h"

/* Checks the "commitment" block against the record's seed; 0 or -1 + why. */
static int check_commitment(json_t *root, char *why, size_t size)
{
    json_t *c = json_object_get(root, "commitment");
    const char *hash = json_string_value(json_object_get(c, "hash"));
    const char *secret_hex = json_string_value(json_object_get(c, "secret"));
    json_t *entropy = json_object_get(c, "entropy");
    uint8_t secret[SV_SECRET_BYTES];
    char want[SV_COMMIT_TEXT];
    if (!c || !hash || !secret_hex || !json_is_array(entropy) ||
        json_array_size(entropy) > GR_MAX_PLAYERS) {
        snprintf(why, size, "no \"commitment\" block: not a record of grognard serve "
                            "(a local save is checked by grognard replay)");
        return -1;
    }
    if (sv_secret_parse(secret_hex, secret) != 0) {
        snprintf(why, size, "the revealed secret is not 64 hex digits");
        return -1;
    }
    sv_commit_text(secret, want);
    if (strcmp(want, hash) != 0) {
        snprintf(why, size, "the revealed secret does not match the commitment %s", hash);
        return -1;
    }
    const char *e[GR_MAX_PLAYERS];
    int n = (int)json_array_size(entropy);
    for (int i = 0; i < n; i++)
        if (!(e[i] = json_string_value(json_array_get(entropy, (size_t)i)))) {
            snprintf(why, size, "entropy %d is not a string", i);
            return -1;
        }
    uint64_t seed = sv_commit_seed(secret, e, n), saved = 0;
    const char *seed_text = json_string_value(json_object_get(root, "seed"));
    if (!seed_text || gr_parse_u64(seed_text, &saved) != 0 || saved != seed) {
        snprintf(why, size, "the record's seed is not the one the secret and entropy give (%llu)",
                 (unsigned long long)seed);
        return -1;
    }
    printf("commitment %s: matches the revealed secret\nseed %llu: derived from the secret and "
           "%d players' entropy\n",
           hash, (unsigned long long)seed, n);
    return 0;
}

int cmd_verify(int argc, char **argv)
{
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: grognard verify RECORD\n");
        return CLI_USAGE;
    }
    char why[1024];
    size_t len = 0;
    char *text = gr_host_slurp_max(argv[1], GS_SAVE_MAX_BYTES, &len, why, sizeof why);
    json_t *root = text ? json_loadb(text, len, 0, NULL) : NULL;
    int rc = CLI_FAIL;
    if (!text)
        fprintf(stderr, "grognard verify: %s\n", why);
    else if (!root)
        fprintf(stderr, "grognard verify: %s: not JSON\n", argv[1]);
    else if (check_commitment(root, why, sizeof why) != 0)
        fprintf(stderr, "grognard verify: %s: %s\n", argv[1], why);
    else {
        gs_session *gs = gs_load_text(text, len, argv[1], why, sizeof why);
        if (!gs)
            fprintf(stderr, "grognard verify: %s\n", why);
        else {
            printf("all %d step hashes verified\n", gs_entries(gs));
            rc = CLI_OK;
        }
        gs_free(gs);
    }
    json_decref(root);
    free(text);
    return rc;
}
