/*
 * gr_internal.h — what rule-system modules see of the core: the game object,
 * the rule-system operations table, action/event schemas and the helpers
 * through which rules roll dice, emit events and refuse actions.
 *
 * Programs never include this header; they use include/grognard.h only.
 */
#ifndef GR_INTERNAL_H
#define GR_INTERNAL_H

#include <stdalign.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "gr_assert.h"
#include "grognard.h"

/* ------------------------------------------------------------------ schemas */

/* How an action/event argument prints and parses. */
typedef enum gr_field_type {
    GR_F_INT = 0,   /* decimal integer                                      */
    GR_F_UNIT = 1,  /* unit index; text is the unit's id from the scenario  */
    GR_F_HEX = 2,   /* hex index on the scenario map; text is its label     */
    GR_F_PLAYER = 3,/* player index; text is the player's name              */
    GR_F_ENUM = 4,  /* index into `names`                                   */
    GR_F_FIXED = 5, /* hundredths; text "12.25" (V&F inches, degrees)       */
    GR_F_HEXSIDE = 6/* hex index * 6 + direction; text "0304/2"             */
} gr_field_type;

typedef struct gr_field {
    const char *name;
    uint8_t type;              /* gr_field_type                            */
    uint8_t optional;          /* may be omitted in text; value is `dflt`  */
    int32_t dflt;
    const char *const *names;  /* GR_F_ENUM: value names, NULL-terminated  */
} gr_field;

/* One action or event kind: its name and fields, in argument order. */
typedef struct gr_kind {
    const char *name;
    uint8_t nfields;
    gr_field field[GR_MAX_ARGS];
    /* Actions only: 1 when the action line itself is hidden information
     * (a secret commitment, or it names a hidden unit), so that logs, saves
     * and displays show it only to its own player.  Its public consequences
     * are events. */
    uint8_t secret;
    /* Events only: 1 when the event reveals hidden information (a block
     * turned face up, secret orders shown); like dice, an undo barrier. */
    uint8_t reveals;
} gr_kind;

/* "No unit / no hex" value for optional arguments. */
#define GR_NONE (-1)

/* ------------------------------------------------------------------ rules ops */

typedef struct gr_loader gr_loader; /* src/io/jv.h */
typedef struct gr_rules gr_rules;

/*
 * A loaded scenario.  `sdata` is the system's immutable data (map, tables,
 * order of battle, setup); it is shared by every game made from the scenario.
 */
struct gr_scenario {
    const gr_rules *rules;
    void *sdata;
    char id[64];
    char title[128];
    uint64_t data_hash;
    int nprov;
    char **prov;   /* provisional values, "file:line:col: path: reason" */
};

/*
 * The operations of one rule system.  Every function receives the game; the
 * system's state is gr_state(g) (zeroed before init) and its immutable data
 * is gr_sdata(g).  Functions not marked "may be NULL" are required.
 */
struct gr_rules {
    const char *system;               /* "arw"                               */
    const char *const *players;       /* NULL-terminated player names        */
    const gr_kind *actions;           /* action schema, indexed by kind      */
    int nactions;
    const gr_kind *events;            /* system events, index = kind - GR_EV_SYSTEM */
    int nevents;
    const char *const *roll_purposes; /* GR_EV_ROLL/DRAW purpose names       */
    const char *const *decisions;     /* decision-kind names                 */
    const char *const *outcomes;      /* outcome names                       */

    /* Loads system data from the scenario document (src/io/jv.h). */
    gr_status (*load)(gr_loader *ld, const void *scenario_doc, void **sdata);
    void (*free_sdata)(void *sdata);
    /* Applies a scenario editing line (tests/editors).  May be NULL. */
    gr_status (*edit)(void *sdata, const char *line, gr_error *err);
    /* Size of the game state for this scenario (constant per scenario). */
    size_t (*state_size)(const void *sdata);

    /* Sets up the initial state; may roll dice and emit events. */
    gr_status (*init)(gr_game *g, const char *options, gr_error *err);
    void (*pending)(const gr_game *g, gr_pending *out);
    int (*legal)(const gr_game *g, int player, gr_action *out, int cap);
    /* Validates, then applies.  On refusal the state must be untouched. */
    gr_status (*apply)(gr_game *g, const gr_action *a, gr_error *why);

    /* Masks what `viewer` may not see (state already copied).  May be NULL
     * for systems without hidden information. */
    void (*mask)(gr_game *g, int viewer);
    /* Samples hidden values of a masked state.  May be NULL (as above). */
    void (*determinize)(gr_game *g, gr_rng *rng);

    gr_status (*sanity)(const gr_game *g, gr_error *err);
    int (*describe)(const gr_game *g, char *buf, size_t size);
    gr_status (*query)(const gr_game *g, const char *what, char *buf, size_t size,
                       gr_error *err);
    gr_status (*setup)(gr_game *g, const char *line, gr_error *err);

    /* Names for the text codec. */
    const char *(*unit_name)(const void *sdata, int unit);
    int (*unit_find)(const void *sdata, const char *name);     /* -1 if none */
    /* Hex label of map index `hex` into buf; returns length.  May be NULL
     * (no hex map). */
    int (*hex_label)(const void *sdata, int hex, char *buf, size_t size);
    int (*hex_find)(const void *sdata, const char *label);     /* -1 if none */

    /* Heuristic value of the position for `player` in [-1000, 1000]
     * (positive = good for him), for search agents that cut playouts short;
     * flags: GR_EVAL_* (include/grognard.h), a flag the system has no use
     * for is ignored.  Must be pure, allocation-free and cheap.  May be NULL. */
    int32_t (*evaluate)(const gr_game *g, int player, unsigned flags);

    /* Blunders counted for agent reports: their names (NULL-terminated, at
     * most GR_MAX_BLUNDER_KINDS) and the classifier of an event just
     * emitted (gr_game_blunder's contract).  Pure.  Both may be NULL. */
    const char *const *blunder_names;
    int (*blunder)(const gr_game *g, const gr_event *e, int *player);
    /* gr_game_score's contract (the margin for player 0 in hundredths of a
     * point, the game turn).  Pure.  May be NULL (no score). */
    void (*score)(const gr_game *g, int32_t *margin, int32_t *turn);

    /* Draws one legal action of `player` at random with rng for
     * gr_game_sample, without changing g, e.g. stage by stage for a
     * decision with many options (every action it returns must be one
     * `legal` lists).  Returns 1 with *out set; 0 to leave this decision to
     * the default uniform draw over `legal` (then rng must be untouched);
     * -1 when the player has no legal action.  May be NULL. */
    int (*sample)(const gr_game *g, int player, gr_rng *rng, gr_action *out);

    /* Bytes of rules scratch each game of this scenario gets (gr_scratch):
     * 0 or at least GR_SCRATCH_HEAD.  May be NULL (no scratch). */
    size_t (*scratch_size)(const void *sdata);

    /* The faces [*lo, *hi] a die of this scenario can show: every gr_roll
     * of the system stays within them.  gr_game_push_dice refuses a face
     * outside.  May be NULL (faces then checked only when rolled). */
    void (*die_faces)(const void *sdata, int *lo, int *hi);

    /* In a masked state of `viewer`, takes back the secret choices other
     * players have committed, and the mask hides, in the simultaneous
     * decision now pending: they are to choose again, with the viewer if he
     * has not chosen (gr_game_determinize_open's contract).  Called before
     * determinize.  May be NULL (nothing to take back). */
    void (*reopen)(gr_game *g, int viewer);

    /* Hints for tree-search agents (gr_scenario_search_hints); zero when
     * the system gives none. */
    gr_search_hints search_hints;
};

/* ------------------------------------------------------------------ game */

#define GR_DICE_QUEUE 64

struct gr_game {
    const gr_scenario *sc;
    const gr_rules *rules;
    gr_event_fn sink;          /* not copied by clone                      */
    void *sink_ctx;
    size_t size;               /* bytes of header and state: what copy, clone
                                  and the hash cover (the scratch follows)  */
    int8_t viewer;             /* -1 full game, else the viewing player    */
    uint8_t masked;            /* 1: a view not yet determinized           */
    uint8_t dice_bad;          /* a queued face did not fit its die        */
    uint8_t dice_head;
    uint8_t dice_count;
    uint8_t pad_[3];
    uint32_t step;             /* accepted actions                         */
    uint32_t scratch;          /* bytes of rules scratch after the state   */
    gr_rng rng;
    int8_t dice[GR_DICE_QUEUE];
    alignas(16) unsigned char state[];
};

/* The system state and data of a game. */
static inline void *gr_state(gr_game *g) { return g->state; }
static inline const void *gr_cstate(const gr_game *g) { return g->state; }
static inline const void *gr_sdata(const gr_game *g) { return g->sc->sdata; }

/*
 * Rules scratch: g->scratch bytes after the state (gr_rules.scratch_size),
 * in the same allocation, for a rule system's caches of facts derived from
 * the state (e.g. ARW's movement facts, built by `sample` and reused by the
 * `apply` that follows).  It is not part of the game's value: never copied,
 * hashed nor compared, so it may be written through a const gr_game * (a
 * cache; games are not shared between threads).  Results must never depend
 * on it: a rule system keeps in it only what it would compute again the
 * same way from the state.
 *
 * The core invalidates it by zeroing its first GR_SCRATCH_HEAD bytes
 * whenever the state changes outside the rules' own apply: gr_game_copy
 * (the destination), gr_game_view (after mask), gr_game_determinize and
 * gr_game_setup; gr_game_new and gr_game_clone give a zeroed scratch.
 * During init and apply the rule system keeps it right itself.
 */
#define GR_SCRATCH_HEAD 16
static inline void *gr_scratch(const gr_game *g)
{
    return g->scratch ? (void *)((unsigned char *)(uintptr_t)g + g->size) : NULL;
}
/* Zeroes the scratch head (see above). */
void gr_scratch_forget(gr_game *g);

/*
 * Rolls one die with faces lo..lo+sides-1 (d10: lo 0, sides 10; d6: lo 1,
 * sides 6) from the queued faces or the game stream, emits GR_EV_ROLL with
 * `purpose` (index into rules->roll_purposes) and returns the face.
 */
int gr_roll(gr_game *g, int lo, int sides, int purpose);
/* Uniform index in [0, n) for draws and shuffles; emits GR_EV_DRAW when
 * `emit` is non-zero.  Queued faces are not used for draws. */
int gr_draw(gr_game *g, int n, int purpose, int emit);
/* Emits an event to the sink (if any). */
void gr_emit(gr_game *g, const gr_event *e);
/* Convenience: emits kind with up to GR_MAX_ARGS int arguments, visible to all. */
void gr_emitv(gr_game *g, uint16_t kind, int nargs, ...);
/* True when an event sink is installed (skip building costly events if not). */
static inline int gr_has_sink(const gr_game *g) { return g->sink != NULL; }

/* Fills `e` with rule id and printf-style message; returns GR_ERR_ILLEGAL.
 * `rule` is "system:ID" or NULL. */
gr_status gr_fail(gr_error *e, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Same with an explicit status. */
gr_status gr_failst(gr_error *e, gr_status st, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Text appended into a caller's buffer with snprintf semantics: `len` counts
 * every byte asked for, even past `size`, so callers can report the length
 * needed.  The buffer stays NUL-terminated when size > 0. */
typedef struct gr_text {
    char *buf;
    size_t size;
    size_t len;
} gr_text;
/* Appends printf-style text to t. */
void gr_textf(gr_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The one word splitter of edit, setup and query lines: copies line into
 * buf and points word[0..n) at its blank-separated words.  Returns n, or
 * -1 when the line does not fit buf (size bytes with its NUL) or has more
 * than max words: a long line is refused, never silently cut. */
int gr_words(const char *line, char *buf, size_t size, char **word, int max);

/* Registry of compiled-in systems (src/rules/registry.c). */
const gr_rules *gr_rules_find(const char *system);

/* 64-bit FNV-1a over bytes, chained from `h` (start with GR_HASH_INIT). */
#define GR_HASH_INIT 0xcbf29ce484222325ull
uint64_t gr_hash_bytes(uint64_t h, const void *p, size_t n);

#endif
