/*
 * grognard.h — public API of libgrognard, a rules-enforcing engine for
 * tactical horse-and-musket wargames.
 *
 * The library is pure: it does no I/O, reads no clock, keeps no global
 * mutable state and never calls rand().  Data files reach it through a
 * caller-supplied read callback; events leave it through a caller-supplied
 * sink.  Given a scenario, a seed and a list of actions, every result is
 * bit-identical on every machine.
 *
 * Conventions
 *  - Functions returning gr_status return GR_OK (0) on success.  On failure
 *    they fill the caller's gr_error (when not NULL) with a one-line message
 *    and, for rule violations, the rule id (e.g. "arw:GR12.52").
 *  - A failed call leaves every object it was given unchanged.
 *  - Objects returned through an `out` pointer belong to the caller, who frees
 *    them with the matching *_free function.  Borrowed pointers (const char *
 *    names, the scenario behind a game) stay valid while their owner lives.
 *  - A scenario must outlive every game created from it.
 */
#ifndef GROGNARD_H
#define GROGNARD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GR_VERSION "0.1.0"

/* ------------------------------------------------------------------ status */

typedef enum gr_status {
    GR_OK = 0,
    GR_ERR_ILLEGAL = 1, /* action refused by the rules (error names the rule) */
    GR_ERR_PARSE = 2,   /* text could not be parsed                          */
    GR_ERR_DATA = 3,    /* a data file is malformed or out of range          */
    GR_ERR_NOMEM = 4,   /* allocation failed                                 */
    GR_ERR_ARG = 5,     /* bad argument (NULL, unknown id, wrong game kind)  */
    GR_ERR_STATE = 6,   /* call not allowed in this state (e.g. game over)   */
    GR_ERR_IO = 7       /* the read callback failed                          */
} gr_status;

/* One-line error: `rule` is empty unless a rule was violated. */
typedef struct gr_error {
    char rule[40];
    char msg[344];
} gr_error;

/* Returns a static English name for a status ("ok", "illegal", ...). */
const char *gr_status_name(gr_status st);

/* A game in progress (opaque). */
typedef struct gr_game gr_game;

/* ------------------------------------------------------------------ rng */

/* PCG32 stream (deps/pcg32).  Plain value type: copy it to fork a stream. */
typedef struct gr_rng {
    uint64_t state;
    uint64_t inc;
} gr_rng;

/* Seeds `rng` from (seed, stream); different streams never overlap. */
void gr_rng_seed(gr_rng *rng, uint64_t seed, uint64_t stream);
/* Next uniform 32-bit value. */
uint32_t gr_rng_next(gr_rng *rng);
/* Uniform integer in [0, bound) without modulo bias; bound >= 1. */
uint32_t gr_rng_below(gr_rng *rng, uint32_t bound);

/* ------------------------------------------------------------------ data */

/*
 * Read callback through which the library obtains data files.  `path` is
 * relative to the data root (e.g. "arw/tables.json").  On success it stores a
 * malloc'ed buffer in *buf (the library frees it with free()) and its length
 * in *len, and returns 0; on failure it returns non-zero and may write a
 * reason into `why` (size `why_size`).
 */
typedef int (*gr_read_fn)(void *ctx, const char *path, char **buf, size_t *len,
                          char *why, size_t why_size);

typedef struct gr_scenario gr_scenario;

/*
 * Loads scenario `id` (file "scenarios/<id>.json" under the data root) and all
 * data it names, validating shapes and ranges.  Errors read
 * "file:line:column: message".  On failure nothing is allocated.
 */
gr_status gr_scenario_load(const char *id, gr_read_fn read, void *read_ctx,
                           gr_scenario **out, gr_error *err);
/* Frees a scenario; NULL is allowed.  No game made from it may remain. */
void gr_scenario_free(gr_scenario *sc);
/* Borrowed strings owned by the scenario. */
const char *gr_scenario_id(const gr_scenario *sc);
const char *gr_scenario_title(const gr_scenario *sc);
const char *gr_scenario_system(const gr_scenario *sc);
/* 64-bit digest of every data byte the scenario was built from. */
uint64_t gr_scenario_data_hash(const gr_scenario *sc);
/* Number of values marked "provisional" in the loaded data. */
int gr_scenario_provisional_count(const gr_scenario *sc);
/* i-th provisional value as "file:line:column: path: reason"; NULL if out of range. */
const char *gr_scenario_provisional(const gr_scenario *sc, int i);

/* How a tree-search agent should grow its tree below the root for a rule
 * system, where measured better than the agent's own defaults at a fixed
 * budget (the system's docs give the figures).  Zero fields mean "no hint":
 * the agent keeps its own default. */
typedef struct gr_search_hints {
    double widen;       /* progressive widening: at most widen*sqrt(visits+1)
                           actions tried per node; 0: no hint              */
    int32_t candidates; /* untried actions scored one ply ahead when a node
                           adds one, the best kept; 0: no hint             */
} gr_search_hints;
/* The search hints of sc's rule system; all zero for a NULL scenario or a
 * system that gives none.  Pure. */
gr_search_hints gr_scenario_search_hints(const gr_scenario *sc);
/*
 * Applies one editing line (system-specific: terrain, hexside features, map
 * size) to a scenario that no game uses yet.  Used by rule cases and editors.
 */
gr_status gr_scenario_edit(gr_scenario *sc, const char *line, gr_error *err);

/* Names of the rule systems compiled in ("arw", "boc", "jdg", "vf"), NULL-terminated. */
const char *const *gr_systems(void);

/* ------------------------------------------------------------------ actions & events */

#define GR_MAX_ARGS 8

/* An action: a kind (index into the system's action schema) and its
 * arguments (unit ids, hex indices, enums, integers, hundredths of inches).
 * Unused arguments are 0.  `player` is the acting player. */
typedef struct gr_action {
    uint16_t kind;
    uint8_t player;
    uint8_t nargs;
    int32_t arg[GR_MAX_ARGS];
} gr_action;

/* Visibility of an event: GR_VIS_ALL, or a bit mask (1 << player). */
#define GR_VIS_ALL 0xFFu

/* An event: something that happened (die roll, move, loss, reveal...). */
typedef struct gr_event {
    uint16_t kind;
    uint8_t vis;
    uint8_t nargs;
    int32_t arg[GR_MAX_ARGS];
} gr_event;

/* Event kinds shared by every system; system kinds start at GR_EV_SYSTEM. */
enum {
    GR_EV_ROLL = 0,   /* die roll: arg0 sides, arg1 face, arg2 purpose   */
    GR_EV_DRAW = 1,   /* random draw: arg0 pool size, arg1 index drawn, arg2 purpose */
    GR_EV_SYSTEM = 8
};

/* Writes `a` as one line (no newline) into buf; returns the length it needed
 * (like snprintf).  Units print by id, hexes by their map label. */
int gr_action_format(const gr_game *g, const gr_action *a, char *buf, size_t size);

/* The unit action a is about: the value of its first unit-typed argument
 * (`unit=` in ARW's `move unit=U hex=H`), or -1 when it names no unit (or
 * is not an action of g's system).  For agents that plan per unit.  Pure. */
int gr_action_unit(const gr_game *g, const gr_action *a);
/* Parses one action line; `player` is taken from the line's "by=" field or,
 * when absent, from the player who must act now. */
gr_status gr_action_parse(const gr_game *g, const char *line, gr_action *out,
                          gr_error *err);
int gr_event_format(const gr_game *g, const gr_event *e, char *buf, size_t size);
gr_status gr_event_parse(const gr_game *g, const char *line, gr_event *out,
                         gr_error *err);
/* Non-zero when player `p` may see event `e`. */
int gr_event_visible(const gr_event *e, int p);
/* Non-zero when e is a die roll, a random draw or a revelation of hidden
 * information: what happened before it cannot be taken back (undo barrier). */
int gr_event_reveals(const gr_game *g, const gr_event *e);
/* Non-zero when player `p` may see the text of action `a` (its own actions,
 * and every action that is not a secret commitment or about hidden units). */
int gr_action_visible(const gr_game *g, const gr_action *a, int p);

/* ------------------------------------------------------------------ games */

typedef void (*gr_event_fn)(void *ctx, const gr_game *g, const gr_event *e);

/*
 * Creates a game from a scenario, a seed for the game's dice stream and an
 * option string ("key=value,key=value", system-specific; NULL for defaults;
 * e.g. "advanced=0" for ARW).  `sink` (may be NULL) receives every event from
 * the start, including those of the automatic steps that open the game.  The
 * game borrows the scenario.
 */
gr_status gr_game_new(const gr_scenario *sc, uint64_t seed, const char *options,
                      gr_event_fn sink, void *sink_ctx, gr_game **out, gr_error *err);
/* Frees a game; NULL allowed. */
void gr_game_free(gr_game *g);
/* Deep copy (one allocation + memcpy); the event sink is NOT copied.  NULL on OOM. */
gr_game *gr_game_clone(const gr_game *g);
/* Bytes of g's header and state: what gr_game_copy copies, what the hash
 * covers, the one memcpy a clone makes.  A clone also allocates the rules
 * scratch after them (search results kept between calls, never copied, see
 * the system's scratch_size), so it occupies more than this. */
size_t gr_game_size(const gr_game *g);
/* Copies src into dst without allocating; dst must have been made from the
 * same scenario (same size).  dst keeps its own event sink. */
gr_status gr_game_copy(gr_game *dst, const gr_game *src);
const gr_scenario *gr_game_scenario(const gr_game *g);
/* Number of players (2 in every current system) and their names. */
int gr_game_players(const gr_game *g);
const char *gr_game_player_name(const gr_game *g, int p);
/* Player index from a name ("british"), or -1. */
int gr_game_player_find(const gr_game *g, const char *name);
/* Number of actions accepted so far. */
uint32_t gr_game_step(const gr_game *g);

/* ---- the decision process */

typedef enum gr_pending_kind {
    GR_PENDING_DECISION = 0,     /* one player must act                       */
    GR_PENDING_SIMULTANEOUS = 1, /* every player in `players` acts secretly   */
    GR_PENDING_OVER = 2          /* game over: see winner/outcome              */
} gr_pending_kind;

/* Most players a game may have (gr_pending.players is an 8-bit mask). */
#define GR_MAX_PLAYERS 8

typedef struct gr_pending {
    gr_pending_kind kind;
    uint8_t players;    /* bit mask of players who must act now              */
    uint16_t decision;  /* system decision kind, see gr_game_decision_name   */
    int8_t winner;      /* when OVER: winning player, or -1 for a draw       */
    int16_t outcome;    /* when OVER: system outcome code                    */
} gr_pending;

void gr_game_pending(const gr_game *g, gr_pending *out);
/* Static name of a decision kind ("move", "tactic-chit", ...). */
const char *gr_game_decision_name(const gr_game *g, uint16_t decision);
/* Static name of an outcome code ("allied-major-victory", ...). */
const char *gr_game_outcome_name(const gr_game *g, int16_t outcome);
/* Static name of action kind `kind` of g's system ("move", "end-fire", ...),
 * or NULL when kind is past the last (kinds are numbered from 0). */
const char *gr_game_action_name(const gr_game *g, int kind);
/* The schema of kind i of g's actions (is_event 0) or events (is_event 1)
 * as one line "NAME FIELD FIELD ..." into buf: an action's "by" first, then
 * its fields; events number roll and draw 0 and 1, the system's kinds from
 * 2.  Returns the length needed (like snprintf), or -1 when i is past the
 * last kind (or g is NULL).  For front ends that word the log.  Pure. */
int gr_game_kind_schema(const gr_game *g, int is_event, int i, char *buf, size_t size);

/*
 * Enumerates the legal actions of player p now into out[0..cap) and returns
 * how many there are (which may exceed cap).  For continuous decisions (V&F
 * positions) the list is a set of sensible candidates, and gr_game_apply
 * also accepts any other valid action.  On a view, only the viewer's own
 * options are available (a player's options never depend on what he cannot
 * see); other players get 0.
 */
int gr_game_legal(const gr_game *g, int p, gr_action *out, int cap);

/*
 * Draws one legal action of player p at random with rng into *out, without
 * changing g: an action gr_game_apply accepts.  For discrete decisions it is
 * one gr_game_legal lists; for continuous decisions (V&F positions) a rule
 * system may also draw positions its candidate list does not hold (a move
 * of any length, a wheel of any angle), so agents must not assume that a
 * sampled action appears in gr_game_legal's list.
 * GR_OK; GR_ERR_STATE when p has no legal action now (not his decision, the
 * game is over, or g is another player's view); GR_ERR_ARG on bad
 * arguments; GR_ERR_NOMEM (see below).  The same g, p and rng state give
 * the same action.
 * By default the draw is uniform over gr_game_legal's list (one
 * gr_rng_below(rng, n) on the list of n actions; a list longer than 1024
 * actions is copied to the heap).  A rule system may instead draw stage by
 * stage without listing every option (ARW's movement: a unit, then one of
 * its destinations): every legal action can still be drawn, but not with
 * equal chances.  Meant for random agents and playouts.
 */
gr_status gr_game_sample(const gr_game *g, int p, gr_rng *rng, gr_action *out);
/* gr_game_sample's default draw, whatever the rule system does: uniform
 * over gr_game_legal's list (the "uniform" agent); same results. */
gr_status gr_game_sample_uniform(const gr_game *g, int p, gr_rng *rng, gr_action *out);

/*
 * Applies an action.  GR_OK: accepted, events were emitted.  Otherwise the
 * game is unchanged and `why` names the rule (GR_ERR_ILLEGAL) or the problem.
 */
gr_status gr_game_apply(gr_game *g, const gr_action *a, gr_error *why);

/* ---- text */

/*
 * The one checked integer reader of the project (command line, protocol,
 * queries, setup and edit lines): returns 0 with *out set when s is exactly
 * a base-10 integer in [lo, hi] (an optional sign, digits, nothing else:
 * no spaces, no trailing text, no overflow); else -1 and *out untouched.
 */
int gr_parse_int(const char *s, long lo, long hi, long *out);
/* The same for a 64-bit unsigned count or seed: digits only (no sign),
 * at most 2^64-1. */
int gr_parse_u64(const char *s, uint64_t *out);

/* ---- dice */

/*
 * Queues die faces to be used by the next rolls instead of the stream (rule
 * tests; players rolling physical dice).  GR_ERR_ARG, nothing queued, when
 * a face is not on the game's dice (gr_game_die_faces) or more than 64
 * would be queued.  A face on the dice that does not fit the die it meets
 * is reported by gr_game_sanity.
 */
gr_status gr_game_push_dice(gr_game *g, const int *faces, int n);
/* The faces [*lo, *hi] the game's dice can show (a d10 read 0-9: 0 and 9).
 * Returns 0, or -1 when the system does not say (then -99..99 pass). */
int gr_game_die_faces(const gr_game *g, int *lo, int *hi);
/* Number of queued faces not yet used. */
int gr_game_dice_queued(const gr_game *g);

/* ---- events */

/* Replaces the event sink (NULL to remove).  Events are delivered during
 * gr_game_apply, in order. */
void gr_game_set_sink(gr_game *g, gr_event_fn fn, void *ctx);

/* ---- hidden information */

/*
 * Returns a new game object holding only what player p may see: hidden
 * values are masked, the dice stream is replaced (so future rolls cannot be
 * predicted).  A view cannot be played until determinized.  NULL on OOM.
 */
gr_game *gr_game_view(const gr_game *g, int p);
/* Player a view belongs to, or -1 for the full game. */
int gr_game_viewer(const gr_game *g);
/* Fills a view's hidden values with a sample consistent with what its
 * player knows, and gives it a fresh dice stream from `seed`; after this the
 * view can be played (search).  GR_ERR_ARG if g is not a view. */
gr_status gr_game_determinize(gr_game *view, uint64_t seed);
/* The same, except that a secret choice another player has committed in
 * the simultaneous decision now pending, and the view hides, is taken back
 * rather than sampled: in the sample that player is to choose again (with
 * the viewer, if he has not chosen).  A player who must choose after the
 * other committed can then solve the choice as the matrix game it is, the
 * other's choice made without knowing his, instead of answering a guess of
 * it.  Systems with nothing to take back: as gr_game_determinize. */
gr_status gr_game_determinize_open(gr_game *view, uint64_t seed);

/* ---- inspection */

/*
 * Heuristic value of the position for player p, in [-1000, 1000] (positive =
 * good for p): the rule system's static evaluation, used by search agents to
 * cut playouts short.  When the game is over: 1000 win, -1000 loss, 0 draw.
 * 0 when the system offers no heuristic.  Pure.
 */
int32_t gr_game_evaluate(const gr_game *g, int p);

/* Flags of gr_game_evaluate_with. */
enum {
    /* Also count what the rules already oblige to happen before anyone
     * decides otherwise, e.g. in ARW the close combats every unit next to
     * an enemy must still declare this player turn (GR12.12-a), by their
     * odds.  A search sees the consequence of a move at once instead of
     * phases later; greedy's one ply does not use it (docs/agents.md). */
    GR_EVAL_LOOKAHEAD = 1u << 0,
    /* Also price the opponent's threats: what he can take next (in ARW a
     * lone leader or an unguarded battery an enemy unit can reach, a town
     * hex a ready Allied unit can enter, garrisons counted) and the chance,
     * not the expected change, that an army's morale reaches demoralization
     * in the pending combats.  Off: the evaluation before issue 19. */
    GR_EVAL_THREATS = 1u << 1,
};

/* gr_game_evaluate with flags (GR_EVAL_*; a system ignores the ones it has
 * no use for).  Pure. */
int32_t gr_game_evaluate_with(const gr_game *g, int p, unsigned flags);

/* Most kinds of blunder a system counts (gr_game_blunder_names). */
#define GR_MAX_BLUNDER_KINDS 8

/* The names of the blunders g's rule system counts in play (e.g. ARW's
 * "leader-captured"), NULL-terminated, at most GR_MAX_BLUNDER_KINDS; an
 * empty list when it counts none.  For agent reports (arena --verbose). */
const char *const *gr_game_blunder_names(const gr_game *g);
/* The blunder event e of g shows (e just emitted, g as it is then): the
 * kind's index in gr_game_blunder_names, *player set to the player who
 * made it; -1 when e shows none.  Pure. */
int gr_game_blunder(const gr_game *g, const gr_event *e, int *player);

/* The score as the rules count it for victory, for balance reports: player
 * 0's victory points minus player 1's, in hundredths of a point, into
 * *margin; the current game turn (a number that changes when a game turn
 * ends, not always by 1) into *turn.  GR_OK; GR_ERR_STATE when the system
 * keeps no score.  Pure. */
gr_status gr_game_score(const gr_game *g, int32_t *margin, int32_t *turn);

/* 64-bit hash of the whole state (dice stream included). */
uint64_t gr_game_hash(const gr_game *g);
/* Full internal consistency check; GR_OK or the first violation. */
gr_status gr_game_sanity(const gr_game *g, gr_error *err);
/* Human-readable description of everything in g (respecting its viewer). */
int gr_game_describe(const gr_game *g, char *buf, size_t size);
/*
 * Answers a system-specific query with "key=value ..." text, e.g.
 * "unit fr-dillon" -> "hex=1404 steps=2 status=ready".  Pure.
 */
gr_status gr_game_query(const gr_game *g, const char *what, char *buf, size_t size,
                        gr_error *err);
/* Applies a system-specific setup line (place a unit, set morale...) to a
 * game: for rule tests, editors and scenario tools.  Not an action: it is
 * not logged and not part of replays. */
gr_status gr_game_setup(gr_game *g, const char *line, gr_error *err);

/* ------------------------------------------------------------------ the log in words */

/*
 * For people: an action or event line of the codec ("retreat unit=fraser-71
 * from=1403 to=1502") said as a sentence ("Fraser-71 retreats from 1403 to
 * 1502") from a system's templates, data file words/<system>.json:
 *     {"about": "...", "actions": {KIND: TEMPLATE, ...}, "events": {...}}
 * A template is text with holes: {FIELD} is the field's value, and
 * {FIELD?YES|NO} is YES unless the value is 0.  A line with no template
 * (or whose template names a field the line lacks) is said plainly: its
 * kind, then its fields ("Army morale: army american, delta 1, value 14").
 * The rules never depend on it; front ends (pages, terminal) use it.
 */
typedef struct gr_wording gr_wording;

/* The longest template (bytes, NUL included). */
#define GR_WORDING_TEMPLATE_MAX 160

/* Reads words/<system>.json through `read` into *out.  GR_OK; GR_ERR_DATA
 * with "file:line:column: reason" in err when the file is malformed or
 * cannot be read; GR_ERR_NOMEM. */
gr_status gr_wording_load(const char *system, gr_read_fn read, void *read_ctx, gr_wording **out,
                        gr_error *err);
/* An empty table: everything said plainly (a system with no words file).
 * NULL on OOM. */
gr_wording *gr_wording_plain(void);
/* Frees w (NULL is fine). */
void gr_wording_free(gr_wording *w);
/* The number of templates w holds (0 for NULL). */
int gr_wording_count(const gr_wording *w);
/* Writes `line` in words into out (NUL-terminated when size > 0): an
 * action line when is_action, else an event line; a "vis=" field (an event
 * only some players see) becomes " (seen by british only)".  w may be NULL
 * (everything plain).  Returns the length needed, like snprintf.  Pure. */
int gr_wording_say(const gr_wording *w, int is_action, const char *line, char *out, size_t size);
/* Checks w against g's system: every template's kind is an action or event
 * kind of it (gr_game_kind_schema) and each hole one of that kind's fields.
 * 0, or -1 with "file:line:column: reason" in err. */
int gr_wording_check(const gr_wording *w, const gr_game *g, gr_error *err);

#ifdef __cplusplus
}
#endif
#endif
