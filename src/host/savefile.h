/*
 * savefile.h — saved games: versioned JSON text holding the scenario id, its
 * data hash, the seed, the options, the record (one action or dice line per
 * step with the state hash after it), the initial and final state hashes
 * (the final hash covers the dice stream: it stands for the RNG state) and a
 * BLAKE2b checksum over the canonical content.
 *
 * Writing is atomic (host/files.h: temporary file, fsync, rename): a save
 * interrupted at any moment leaves the previous file intact.  Loading
 * re-validates everything: format and version, checksum, installed scenario
 * and its data hash, then replays every step checking each state hash.  A
 * tampered or mismatched file is refused with a message saying why.
 *
 * A save is the referee's record: it holds both sides' secret choices.
 * The format is described in docs/protocol.md ("Save files").
 */
#ifndef GR_HOST_SAVEFILE_H
#define GR_HOST_SAVEFILE_H

#include <stddef.h>
#include <stdint.h>

#include "session.h"

#define GS_SAVE_FORMAT "grognard-save"
#define GS_SAVE_VERSION 1
/* The largest save gs_save_read reads (16 MiB; docs/protocol.md): a whole
 * step takes about 100 bytes: the longest random campaign game seen (1,204
 * steps) about 120 KiB. */
#define GS_SAVE_MAX_BYTES ((size_t)16 << 20)

/* A save file's content once read and its checksum verified. */
typedef struct gs_save_doc {
    char *scenario; /* scenario id                               */
    char *system;   /* rule system of the scenario               */
    char *options;  /* game options ("" for none)                */
    char *engine;   /* grognard version that wrote it            */
    uint64_t seed;
    uint64_t data_hash;    /* gr_scenario_data_hash when saved          */
    uint64_t initial_hash; /* state hash before the first step          */
    uint64_t final_hash;   /* state hash after the last step            */
    int nsteps;
    char **line;    /* [nsteps] action or "dice ..." lines       */
    uint64_t *hash; /* [nsteps] state hash after each line       */
    int nmeta;
    char *meta_key[8], *meta_val[8];
} gs_save_doc;

/* The save text of a session (malloc'ed, NUL-terminated); NULL + why. */
char *gs_save_text(const gs_session *s, char *why, size_t why_size);
/* Writes the save of a session to path atomically.  0, or -1 + why (the
 * previous file, if any, is untouched). */
int gs_save(const gs_session *s, const char *path, char *why, size_t why_size);

/*
 * Parses save text and checks format, version, checksum and shapes.  `name`
 * prefixes messages (the file name).  0, or -1 + why (doc is then empty).
 */
int gs_save_parse(const char *text, size_t len, const char *name, gs_save_doc *doc, char *why,
                  size_t why_size);
/* Reads and parses a save file (gs_save_parse). */
int gs_save_read(const char *path, gs_save_doc *doc, char *why, size_t why_size);
void gs_save_doc_free(gs_save_doc *doc);
/*
 * Starts a session for a parsed save, before its first step: loads the
 * scenario, refuses a different data hash (naming both) or system, checks
 * the initial hash and copies the metadata.  NULL + why.
 */
gs_session *gs_save_begin(const gs_save_doc *doc, const char *name, char *why, size_t why_size);
/*
 * Loads a save: gs_save_read, gs_save_begin, then every step is replayed
 * and its state hash verified, and the final hash.  NULL + why.
 */
gs_session *gs_load(const char *path, char *why, size_t why_size);
/* Same from text already in memory. */
gs_session *gs_load_text(const char *text, size_t len, const char *name, char *why,
                         size_t why_size);
/*
 * Recomputes the checksum of save text that was edited on purpose (tools,
 * tests of the replay checks).  Returns new malloc'ed text, or NULL + why.
 */
char *gs_save_reseal(const char *text, size_t len, char *why, size_t why_size);

#endif
