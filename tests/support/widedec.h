/*
 * widedec.h — a fixture for the agent tests (test_ai_prune.c,
 * test_ai_plan.c): a Savannah decision with hundreds of options (a
 * movement decision), its chooser's view, its options listed, and the two
 * scratch games a search works on.
 */
#ifndef GR_TESTS_WIDEDEC_H
#define GR_TESTS_WIDEDEC_H

#include "grognard.h"

typedef struct tu_wide {
    gr_scenario *sc;
    gr_game *view, *work, *probe; /* the view; scratch made for it (ai_work_prepare) */
    int player, n;                /* the chooser; how many options in legal */
    gr_action *legal;             /* the options (AI_LEGAL_CAP entries; the fixture's) */
} tu_wide;

/* cmocka group setup: loads savannah-historical, plays seed 5 at random to
 * the first decision of one player with at least 200 options and sets
 * *state to the fixture (one, static).  Fails the test if none comes. */
int tu_wide_setup(void **state);
/* cmocka teardown of tu_wide_setup: frees the games and the scenario. */
int tu_wide_teardown(void **state);

/* Index of action a in list[0..n), or -1. */
int tu_find_action(const gr_action *list, int n, const gr_action *a);

#endif
