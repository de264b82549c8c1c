/*
 * commit.h — dice nobody can choose: the server's secret, its published
 * commitment, and the game seed derived from the secret and every
 * player's own entropy.
 *
 * At creation the server draws a 32-byte secret and publishes
 * commitment = "blake2b-256:" + hex(BLAKE2b-256("grognard-seed-v1" || secret)).
 * Each human seat may then add entropy (any text up to SV_ENTROPY_MAX
 * bytes).  The game's seed is the first 8 bytes (little-endian) of
 * BLAKE2b-256("grognard-seed-v1" || secret || for each seat in player
 * order: 4-byte little-endian length || entropy).  The secret is revealed
 * with the record when the game is over, and `grognard verify` recomputes
 * both.  Pure functions of their arguments (libsodium's hash only).
 */
#ifndef GR_SERVER_COMMIT_H
#define GR_SERVER_COMMIT_H

#include <stddef.h>
#include <stdint.h>

#define SV_SECRET_BYTES 32
#define SV_ENTROPY_MAX 256
#define SV_COMMIT_TEXT 80 /* "blake2b-256:" + 64 hex digits + NUL fits */

/* Draws a fresh secret from the operating system (libsodium). */
void sv_secret_new(uint8_t secret[SV_SECRET_BYTES]);
/* Writes the commitment text of `secret` into out (SV_COMMIT_TEXT bytes). */
void sv_commit_text(const uint8_t secret[SV_SECRET_BYTES], char *out);
/* The game seed from the secret and n seats' entropy texts (NULL = ""). */
uint64_t sv_commit_seed(const uint8_t secret[SV_SECRET_BYTES], const char *const *entropy, int n);
/* Hex text of the secret (2 * SV_SECRET_BYTES + 1 bytes) and back; the
 * parser returns 0, or -1 on anything but exactly 64 hex digits. */
void sv_secret_hex(const uint8_t secret[SV_SECRET_BYTES], char *out);
int sv_secret_parse(const char *hex, uint8_t secret[SV_SECRET_BYTES]);

#endif
