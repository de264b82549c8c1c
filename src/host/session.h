/*
 * session.h — a game as programs hold it: the scenario, seed and options it
 * was created with, the record of everything applied since (actions and
 * queued physical dice, each with the state hash after it), the event log
 * with who may see each line, and undo.
 *
 * Undo replays the record from the start minus the undone entries (the
 * engine is deterministic), so no snapshots are kept.  It never goes back
 * past an entry that rolled a die, drew at random or revealed hidden
 * information (gr_event_reveals): those are undo barriers.
 *
 * Built on include/grognard.h only; saves are in savefile.h.
 */
#ifndef GR_HOST_SESSION_H
#define GR_HOST_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "grognard.h"

typedef struct gs_session gs_session;

/* One entry of the record. */
typedef enum gs_entry_type {
    GS_ENTRY_ACTION = 0, /* an accepted action                           */
    GS_ENTRY_DICE = 1    /* die faces queued with gr_game_push_dice      */
} gs_entry_type;

#define GS_MAX_DICE 64

typedef struct gs_entry {
    uint8_t type;     /* gs_entry_type                               */
    uint8_t barrier;  /* a roll, draw or revelation happened in it   */
    uint8_t ndice;    /* GS_ENTRY_DICE: number of faces              */
    gr_action action; /* GS_ENTRY_ACTION                             */
    int8_t dice[GS_MAX_DICE];
    uint64_t hash;       /* gr_game_hash after the entry                */
    char *line;          /* action line, or "dice F F ..."              */
    char *barrier_event; /* first revealing event line, or NULL         */
} gs_entry;

/* What a log line records. */
typedef enum gs_log_kind {
    GS_LOG_ACTION = 0, /* an action line (text is the formatted action)  */
    GS_LOG_EVENT = 1,  /* an event line                                  */
    GS_LOG_DICE = 2    /* dice queued ("dice 3 5")                        */
} gs_log_kind;

typedef struct gs_logline {
    uint32_t entry;  /* index of the entry that produced it; entries()
                        for lines of the opening (before any entry)    */
    uint8_t kind;    /* gs_log_kind                                     */
    uint8_t vis;     /* bit per player who may see it (GR_VIS_ALL: all) */
    uint8_t reveals; /* an undo barrier event                           */
    char *text;
} gs_logline;

/*
 * Creates a session on scenario `sc`, which the session owns from now on
 * (also on failure).  `options` may be NULL.  NULL with err filled on
 * failure.
 */
gs_session *gs_new(gr_scenario *sc, uint64_t seed, const char *options, gr_error *err);
/* Loads scenario `id` from the data directory (host/files.h) then gs_new. */
gs_session *gs_open(const char *id, uint64_t seed, const char *options, gr_error *err);
void gs_free(gs_session *s);

/* The game as it stands (the full game, not a view).  Borrowed. */
const gr_game *gs_game(const gs_session *s);
const gr_scenario *gs_scenario(const gs_session *s);
uint64_t gs_seed(const gs_session *s);
/* Options string the game was created with ("" for none). */
const char *gs_options(const gs_session *s);
/* Hash of the state right after creation (before any entry). */
uint64_t gs_initial_hash(const gs_session *s);

/* Applies an action and records it.  On refusal nothing changes. */
gr_status gs_apply(gs_session *s, const gr_action *a, gr_error *err);
/* Parses an action line then gs_apply; *out (may be NULL) gets the action. */
gr_status gs_apply_line(gs_session *s, const char *line, gr_action *out, gr_error *err);
/* Queues physical die faces for the next rolls and records them. */
gr_status gs_push_dice(gs_session *s, const int *faces, int n, gr_error *err);

/* Entries of the record, oldest first. */
int gs_entries(const gs_session *s);
const gs_entry *gs_entry_at(const gs_session *s, int i);

/*
 * Number of the most recent actions that may be undone now (entries after
 * the last barrier).  When `barrier` is not NULL it gets the event line of
 * that barrier (NULL when there is none).
 */
int gs_undoable(const gs_session *s, const char **barrier);
/*
 * Takes back the last `n` actions (and dice queued after the earliest of
 * them).  Refuses with GR_ERR_STATE and a message naming the barrier when
 * that would cross a die roll, a draw or a revelation; n < 1 is GR_ERR_ARG.
 */
gr_status gs_undo(gs_session *s, int n, gr_error *err);
/*
 * Applies one record line: an action line, or "dice F F ..." (as in
 * gs_entry.line).  When `expect` is not NULL the state hash after it must
 * equal *expect, else the entry is taken back and GR_ERR_DATA says so.
 * Used to load saves and to replay them.
 */
gr_status gs_apply_record(gs_session *s, const char *line, const uint64_t *expect, gr_error *err);

/* The log, oldest first.  Lines are never removed except by undo. */
int gs_log_count(const gs_session *s);
const gs_logline *gs_log_at(const gs_session *s, int i);
/* Non-zero when player p may see log line l (p < 0: the referee sees all). */
int gs_log_visible(const gs_logline *l, int p);

/* Free-form metadata saved with the game (e.g. "side", "ai"): at most 8
 * keys; keys and values are copied.  Returns 0, or -1 when full or OOM. */
int gs_meta_set(gs_session *s, const char *key, const char *value);
/* Value of a metadata key, or NULL. */
const char *gs_meta_get(const gs_session *s, const char *key);
/* i-th metadata key (NULL past the end). */
const char *gs_meta_key(const gs_session *s, int i);

/* Hex text of a 64-bit hash, 16 digits, into buf (size >= 17). */
void gs_hash_text(uint64_t h, char *buf);
/* Parses 16 hex digits; 0 on success. */
int gs_hash_parse(const char *text, uint64_t *out);

#endif
