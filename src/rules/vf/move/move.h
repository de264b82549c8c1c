/*
 * move.h — the movement of units on the table (vf:4, 6.5, 6.6, 11.0):
 * paths and legs, whole moves, retreats and assaults, compound moves
 * (begin, leg, wheel, finish), reinforcements entering.  Part of vf.h,
 * which includes it in place: include vf.h, not this file.
 */
#ifndef GR_VF_MOVE_H
#define GR_VF_MOVE_H

/* ------------------------------------------------------------------ move/path.c */

/* How the figures travel over one leg of a move (move/path.c). */
enum vf_leg_kind {
    VF_LEG_SLIDE = 0,  /* same facing: straight slides                       */
    VF_LEG_ABOUT = 1,  /* about face: pivots in place, reversed slots, slides */
    VF_LEG_ROTATE = 2, /* rotation about `pivot` (a wheel): arcs             */
    VF_LEG_NEAR = 3    /* rotation about a centre too far away to measure:
                          checked along the chords, charged the arcs         */
};

/* One leg: the unit's cells before and after and each figure's path. */
typedef struct vf_leg {
    const gr_base *from, *to;
    int n;
    int kind;               /* enum vf_leg_kind                             */
    int32_t turn;           /* tenths of a degree, clockwise, (-1800, 1800] */
    gr_pt pivot;            /* VF_LEG_ROTATE: the centre                    */
    int map[VF_MAX_CELLS];  /* end slot of the figure in start slot i       */
    int32_t cost[VF_MAX_CELLS]; /* sub-units the figure in start slot i travels */
} vf_leg;

/* Plans the leg from layout from_l (cells `from`) to to_l (cells `to`),
 * both of the same shape with n cells: kind, pairing and each figure's
 * path length (vf:6.3-a; spec §8.9: arcs for a turn, in-place pivots
 * free). */
void vf_leg_plan(const vf_layout *from_l, const gr_base *from, const vf_layout *to_l,
                 const gr_base *to, int n, vf_leg *leg);
/* The longest figure path of a leg, sub-units. */
int32_t vf_leg_longest(const vf_leg *leg);
/* Tests every figure path of the leg against the cells of one other unit:
 * when x >= 0 they must keep at least x away (enemy, vf:6.3.2-a); when x < 0
 * they must not pass through (vf:6.3-d).  Sets bit 0 / bit 1 of blocked[i]
 * when the first / second way of figure i fails (a rotation has one way:
 * both bits), and by[i] = unit when the first one fails. */
void vf_leg_against(const vf_sdata *sd, const vf_leg *leg, const gr_base *other, int nother,
                    gr_len x, int unit, uint8_t *blocked, int16_t *by);

/* ------------------------------------------------------------------ move/move.c */

/* What vf_move_check validates: a whole move in one action, or one leg of
 * a compound move (its start was checked when it began, its end is checked
 * by `finish`). */
enum vf_move_stage { VF_MS_WHOLE = 0, VF_MS_LEG = 1 };

/* A proposed Move / Double move or leg (see docs/vf.md). */
typedef struct vf_move {
    int unit;
    int player;           /* the side proposing it                          */
    int doubled;          /* 1 for a double move (vf:6.6)                   */
    int kind;             /* enum vf_move_kind                              */
    const vf_start_facts *facts; /* retreat / assault: from its start, or NULL
                                    to work them out where the unit stands */
    vf_layout to;         /* final layout                                   */
    int reform;           /* enum vf_reform                                 */
    int anchor_right;     /* even front rank: anchor is the right-centre figure */
    int stage;            /* enum vf_move_stage                             */
    const int32_t *used;  /* VF_MS_LEG: each slot's path so far, sub-units  */
    int forced;           /* a retreat the combat phase calls for (7.2.5):
                             no actor check, no messenger test           */
} vf_move;

/* The layout between the reorganisation and the move: for a reorganisation
 * BEFORE moving, the new formation set up around the start anchor (facing
 * the final facing); AFTER moving, the old formation standing where the
 * final anchor stands (facing the final facing).  vf:6.3.3-c. */
void vf_reform_layouts(const vf_sdata *sd, int u, const vf_layout *start, const vf_move *m,
                       vf_layout *mid);
/* reform=both (SR-HorseArtillery-b): artillery reorganises into the other
 * artillery order around its gun where it stands (*mid), moves in it to
 * where its gun stands at the end (*mid2), and reorganises into m->to's
 * order there; both facing the final facing. */
void vf_reform_both(const vf_sdata *sd, int u, const vf_layout *start, const vf_move *m,
                    vf_layout *mid, vf_layout *mid2);

/* Builds a vf_move from an action (no validation beyond decoding). Returns 0
 * and a refusal when an argument is out of range. */
gr_status vf_move_from_action(const gr_game *g, const gr_action *a, vf_move *m, gr_error *why);
/* Validates a move for its unit's side; GR_OK or a refusal citing the rule. */
gr_status vf_move_check(const gr_game *g, const vf_move *m, gr_error *why);
/* Validated move: applies it and emits its events. */
void vf_move_apply(gr_game *g, const vf_move *m);
/* The checks of the start of a move of unit u by `player` where it stands
 * (vf:6.2-a/b, 6.3.2-b, 6.6-a), for `begin`. */
gr_status vf_move_start_check(const gr_game *g, int u, int player, int kind, gr_error *why);
/* The checks of the end of a move of unit u where it stands now
 * (vf:6.3-e, 1.2.1-b, 6.3.2-a, 6.6-a, leaders), for `finish`. */
gr_status vf_move_end_check(const gr_game *g, int u, int kind, const vf_start_facts *f,
                            gr_error *why);

/* ------------------------------------------------------------------ move/retreat.c, assault.c */

/* The start facts of a Retreat or an Assault of unit u where it stands. */
void vf_start_facts_of(const gr_game *g, int u, int kind, vf_start_facts *f);
/* The end of a Retreat (vf:6.4-b at least 3" from every enemy, 6.4-c in
 * the front arc of every enemy it was visible to at the start). */
gr_status vf_retreat_end(const gr_game *g, int u, const vf_layout *l, const vf_start_facts *f,
                         gr_error *why);
/* Who may assault (vf:6.5.1-a/b, SR restrictions). */
gr_status vf_assault_start(const gr_game *g, int u, gr_error *why);
/* The end of an Assault (vf:6.5-a..d, 6.5.1-c). */
gr_status vf_assault_end(const gr_game *g, int u, const vf_layout *l, const vf_start_facts *f,
                         gr_error *why);
/* Layouts for unit u assaulting unit v, for agents' candidates: front edge
 * to v's front edge, to its rear, to its left and right flanks (each
 * centred; they may be illegal).  Returns the count (4). */
int vf_assault_spots(const gr_game *g, int u, int v, vf_layout *out);

/* ------------------------------------------------------------------ move/legs.c */

/* The compound-move actions: begin, leg, wheel, finish, cancel. */
gr_status vf_legs_apply(gr_game *g, const gr_action *a, gr_error *why);
/* The layout unit u laid out as `from` has after turning `turn` tenths
 * (clockwise positive) about a point of its front rank: `about` is enum
 * vf_wheel_about (front-left corner, front-right corner, front centre). */
vf_layout vf_wheeled(const vf_sdata *sd, int u, const vf_layout *from, int about, int32_t turn);
/* Unit of the open compound move, or -1. */
int vf_moving_unit(const vf_state *st);

/* ------------------------------------------------------------------ move/enter.c */

/* Non-zero when unit u is a reinforcement due now (vf:11.0-a, 11.0-e: it
 * stays due until it enters). */
int vf_reinforcement_due(const gr_game *g, int u);
/* Is entering unit u laid out as l legal now?  GR_OK or a refusal citing
 * vf:11.0-a/b/d and the end-of-move rules. */
gr_status vf_enter_check(const gr_game *g, int player, int u, const vf_layout *l,
                         gr_error *why);
/* `enter by=P unit=U x= y= facing= [files=]`. */
gr_status vf_enter_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Layouts for unit u entering (march column, straight in from the middle
 * of its arrival segment, 4/4..1/4 of its reach); returns the count. */
int vf_enter_spots(const gr_game *g, int u, vf_layout *out, int cap);

#endif
