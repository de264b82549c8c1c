/*
 * play.h — `grognard play`: a game between people at this terminal and
 * computer players.  The parts:
 *   play_turns.c   the context: who is human, computer moves, whose view is
 *                  shown, new log lines for that player, undo/save/load;
 *   play_cmd.c     the prompt's commands (help, options, info, undo...);
 *   play_action.c  turning what the player typed into an action;
 *   play_tui.c     the ncurses screen (map, panel, log, prompt);
 *   play_line.c    the plain line mode (--plain) and the text map;
 *   cmd_play.c     options, and agent-against-agent play without a terminal.
 * Front ends receive everything to show through the `say` callback; they
 * never look at hidden information themselves: they draw the current
 * viewer's view (gr_game_view).
 */
#ifndef GR_CLI_PLAY_H
#define GR_CLI_PLAY_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "ai/agent.h"
#include "board.h"
#include "cli.h"
#include "grognard.h"
#include "host/session.h"

#define PLAY_MAX_PLAYERS 8
#define PLAY_MAX_LINE 1024

/* What a line said to the player is. */
typedef enum play_msg {
    PM_LOG = 0,   /* a game log line (action or event) */
    PM_INFO = 1,  /* an answer or a notice            */
    PM_ERROR = 2, /* a refusal: always starts "error:" */
    PM_ECHO = 3,  /* the command as typed             */
    PM_TURN = 4   /* "your decision: ..."              */
} play_msg;

/* Receives every line to show; `viewer` is the player it is meant for. */
typedef void (*play_say_fn)(void *ctx, int viewer, play_msg kind, const char *text);

typedef struct play_ctx {
    gs_session *gs;
    gr_agent *agent[PLAY_MAX_PLAYERS]; /* NULL: a person at this terminal  */
    char agent_kind[128];
    int humans;                  /* number of human players                      */
    int viewer;                  /* player whose view is on screen               */
    int pass_pending;            /* hotseat: hide the screen until the next
                                    player confirms (set when viewer changes)    */
    int shown[PLAY_MAX_PLAYERS]; /* log lines already shown to each player */
    play_say_fn say;
    void *say_ctx;
    FILE *transcript;     /* --log FILE: everything said, or NULL         */
    char save_path[1024]; /* default file for `save`                      */
    int quit;
    gr_game *view;      /* viewer's view, rebuilt after each change     */
    cli_board board;    /* the map (has_map 0: describe text instead)  */
    uint8_t *highlight; /* per board hex: highlighted by info/range    */
    char center[16];    /* hex the map should show ("" none)           */
    int changed;        /* the game changed since the last redraw      */
    int show_map;       /* `map` asked for the map (line mode)         */
    char notice[512];   /* said once when the front end starts          */
    int saved_entries;  /* record length at the last save or load, -1   */
    int quit_warned;    /* `quit` said once that the game is not saved  */
    int *listed;        /* option numbers (1-based) on screen, or NULL  */
    int nlisted;        /* how many                                     */
    uint32_t listed_step; /* the step they were listed at               */
    int listed_viewer;  /* the player they were listed for              */
    const volatile sig_atomic_t *interrupt; /* set by Ctrl-C, or NULL    */
    int summary_from;   /* first log line of the computer's last turn, -1 */
    gr_wording *words;  /* the log in words (play_words_on), or NULL: the rules' lines */
} play_ctx;

/* Shows the log in words from now on (data/words/<system>.json), or the
 * rules' own lines when `on` is 0.  0, or -1 with why (a malformed words
 * file: the log stays as it was). */
int play_words_on(play_ctx *c, int on, char *why, size_t why_size);

/*
 * Sets up play on a session (which c owns from now on): `human` is a bit
 * mask of the players typed for at this terminal (0: nobody; the agents
 * play everyone), `agent_kind` the computer players' kind, `seed` theirs.
 * 0, or -1 with why.
 */
int play_init(play_ctx *c, gs_session *gs, unsigned human, const char *agent_kind, uint64_t seed,
              play_say_fn say, void *say_ctx, char *why, size_t why_size);
void play_free(play_ctx *c);

/* Lets the computer players act until a person must decide or the game is
 * over; shows new log lines and announces the next decision.  The first
 * call also says c->notice. */
void play_advance(play_ctx *c);
/* The human player who must act now, or -1 (computer to act, or over). */
int play_human_to_act(const play_ctx *c);
/* Non-zero once Ctrl-C asked to leave (c->interrupt set and raised). */
int play_interrupted(const play_ctx *c);
/* Non-zero when the game is over. */
int play_over(const play_ctx *c);
/* Says a line to the current viewer (and the transcript). */
void play_say(play_ctx *c, play_msg kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Writes into out[17] the hash of the current viewer's view: what `hash`,
 * `save` and `load` show (the full state's hash would let a player tell
 * hidden choices and future dice apart). */
void play_hash_text(const play_ctx *c, char *out);
/* Rebuilds c->view and the board for the current viewer. */
void play_refresh_view(play_ctx *c);

/* Executes one line typed at the prompt.  Returns 1 when play should end. */
int play_command(play_ctx *c, const char *line);
/*
 * Completion candidates for the word being typed (`prefix`, at word index
 * `word` of the line): commands and action kinds for word 0, else unit ids
 * and hex labels.  Writes up to max malloc'ed strings; returns how many.
 */
int play_complete(play_ctx *c, int word, const char *prefix, char **out, int max);

/* play_action.c: applies what the player typed as an action of player p
 * (an option number, "KIND ARG ARG...", or a full action line).  Returns 0
 * when applied; otherwise says why (with the rule id) and returns -1.  A
 * line that names no action kind returns 1 and says nothing. */
int play_action(play_ctx *c, int p, char **w, int n, const char *line);
/* Completion candidates from the game: action kinds of the player to act
 * (word 0), else values in his legal actions and the ids of the units on
 * the map.  Same contract as play_complete. */
int play_complete_game(play_ctx *c, int word, const char *prefix, char **out, int max);
/* Lists player p's legal actions, numbered from 1 (only those mentioning
 * `filter`, a unit id or hex, when not NULL, with their numbers in the
 * whole list); a number typed later picks only from a list shown. */
void play_list_options(play_ctx *c, int p, const char *filter);
/* The action the `end` command means for p (kinds "end-*", "*-done",
 * "pass"); 0 and *out when there is exactly one, else -1 (said why). */
int play_end_action(play_ctx *c, int p, gr_action *out);
/* `info` in words, from the `units` query's answer: the sentence for unit id
 * ("British infantry at 1503, strength 3, good"), 1; or 0 when no line
 * names it.  play_hex_words: the units of a hex, "id (words), ...", and
 * how many. */
int play_unit_words(const char *units, const char *id, char *out, size_t size);
int play_hex_words(const char *units, const char *label, char *out, size_t size);
/* The title of the card a log line names (" card=N"), from the view's
 * `card N` query (titles are public); 1, or 0 with out empty. */
int play_card_title(const gr_game *view, const char *line, char *out, size_t size);

/* play_turns.c: commands that change or store the game. */
void play_undo(play_ctx *c);
void play_save(play_ctx *c, const char *path);
void play_load(play_ctx *c, const char *path);
void play_hint(play_ctx *c);
/* Applies an action of a person, then advances the computer players. */
int play_apply_human(play_ctx *c, const gr_action *a);

#endif
