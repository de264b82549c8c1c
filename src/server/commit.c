/* commit.c — the seed commitment; see commit.h. */
#include "commit.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char DOMAIN[] = "grognard-seed-v1";

void sv_secret_new(uint8_t secret[SV_SECRET_BYTES])
{
    if (sodium_init() < 0)
        abort(); /* no safe randomness: nothing here can go on */
    randombytes_buf(secret, SV_SECRET_BYTES);
}

void sv_commit_text(const uint8_t secret[SV_SECRET_BYTES], char *out)
{
    crypto_generichash_state st;
    unsigned char digest[32];
    char hex[65];
    crypto_generichash_init(&st, NULL, 0, sizeof digest);
    crypto_generichash_update(&st, (const unsigned char *)DOMAIN, sizeof DOMAIN - 1);
    crypto_generichash_update(&st, secret, SV_SECRET_BYTES);
    crypto_generichash_final(&st, digest, sizeof digest);
    sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
    snprintf(out, SV_COMMIT_TEXT, "blake2b-256:%s", hex);
}

uint64_t sv_commit_seed(const uint8_t secret[SV_SECRET_BYTES], const char *const *entropy, int n)
{
    crypto_generichash_state st;
    unsigned char digest[32];
    crypto_generichash_init(&st, NULL, 0, sizeof digest);
    crypto_generichash_update(&st, (const unsigned char *)DOMAIN, sizeof DOMAIN - 1);
    crypto_generichash_update(&st, secret, SV_SECRET_BYTES);
    for (int i = 0; i < n; i++) {
        const char *e = entropy[i] ? entropy[i] : "";
        size_t len = strlen(e);
        unsigned char prefix[4] = {(unsigned char)len, (unsigned char)(len >> 8),
                                   (unsigned char)(len >> 16), (unsigned char)(len >> 24)};
        crypto_generichash_update(&st, prefix, sizeof prefix);
        crypto_generichash_update(&st, (const unsigned char *)e, len);
    }
    crypto_generichash_final(&st, digest, sizeof digest);
    uint64_t seed = 0;
    for (int i = 7; i >= 0; i--)
        seed = seed << 8 | digest[i];
    return seed;
}

void sv_secret_hex(const uint8_t secret[SV_SECRET_BYTES], char *out)
{
    sodium_bin2hex(out, 2 * SV_SECRET_BYTES + 1, secret, SV_SECRET_BYTES);
}

int sv_secret_parse(const char *hex, uint8_t secret[SV_SECRET_BYTES])
{
    size_t got = 0;
    if (!hex || strlen(hex) != 2 * SV_SECRET_BYTES)
        return -1;
    if (sodium_hex2bin(secret, SV_SECRET_BYTES, hex, strlen(hex), NULL, &got, NULL) != 0)
        return -1;
    return got == SV_SECRET_BYTES ? 0 : -1;
}
