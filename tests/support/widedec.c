/* widedec.c — the wide-decision fixture of the agent tests (widedec.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "widedec.h"

#include "ai/search.h"
#include "testutil.h"

static gr_action wide_legal[AI_LEGAL_CAP];

int tu_wide_setup(void **state)
{
    static tu_wide w;
    w.sc = tu_load("savannah-historical");
    assert_non_null(w.sc);
    w.view = tu_view_with_options(w.sc, 5, 200, 1, &w.player);
    assert_non_null(w.view);
    w.work = w.probe = NULL;
    assert_int_equal(ai_work_prepare(&w.work, w.view), GR_OK);
    assert_int_equal(ai_work_prepare(&w.probe, w.view), GR_OK);
    w.legal = wide_legal;
    w.n = gr_game_legal(w.view, w.player, wide_legal, AI_LEGAL_CAP);
    *state = &w;
    return 0;
}

int tu_wide_teardown(void **state)
{
    tu_wide *w = *state;
    gr_game_free(w->work);
    gr_game_free(w->probe);
    gr_game_free(w->view);
    gr_scenario_free(w->sc);
    return 0;
}

int tu_find_action(const gr_action *list, int n, const gr_action *a)
{
    for (int i = 0; i < n; i++)
        if (ai_action_equal(&list[i], a))
            return i;
    return -1;
}
