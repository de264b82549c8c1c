/* counter.c — counter-battery fire [R7.1-b, R7.1-d, AMB-32]: after an
 * enemy gun's fire and its result (retreats included), each gun in good
 * order in the hex it fired at may fire back at it, once per enemy
 * activation (counter-battery or reaction fire), without turning, if it
 * reaches the firer (cone, range, LOS; point blank at night and in fog).
 * The game asks the target's owner in the middle of the other side's
 * activation (`pending`: decision "counter-battery"): `counter-battery
 * by=P unit=U` for each gun he wants, `no-counter-battery by=P` to pass.
 * The result hits the firing gun only [R7.5-b, R5.1.3-f]. */
#include "rules/jdg/fire/fire.h"
#include "rules/jdg/move/move.h"

/* Gun v may answer the fire of s->cb_target now. */
static int may_counter(const jdg_data *d, const jdg_state *s, int v)
{
    int f = s->cb_target;
    if (f < 0 || v < 0 || v >= d->nunits || d->unit[v].type != JDG_ART || !jdg_on_map(s, v) ||
        s->unit[v].hex != s->cb_hex || d->unit[v].side == d->unit[f].side)
        return 0;
    return s->unit[v].status == JDG_GOOD && !(s->unit[v].act & JDG_ACT_REACTED) &&
           jdg_on_map(s, f) && jdg_fire_reach(d, s, v, s->unit[f].hex) > 0;
}

void jdg_counter_open(gr_game *g, int firer, int hex)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    s->cb_target = (int8_t)firer;
    s->cb_hex = (int16_t)hex;
    for (int v = 0; v < d->nunits; v++)
        if (may_counter(d, s, v))
            return;
    s->cb_target = -1; /* nobody can answer */
}

int jdg_counter_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int n = 0;
    for (int v = 0; v <= d->nunits; v++) {
        if (v < d->nunits && !may_counter(d, s, v))
            continue;
        if (n < cap) {
            memset(&out[n], 0, sizeof out[n]);
            out[n].kind = v < d->nunits ? JDG_A_COUNTER : JDG_A_NO_COUNTER;
            out[n].player = (uint8_t)p;
            out[n].nargs = v < d->nunits;
            out[n].arg[0] = v < d->nunits ? v : 0;
        }
        n++;
    }
    return n;
}

gr_status jdg_counter_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (a->kind == JDG_A_NO_COUNTER) {
        s->cb_target = -1;
        return GR_OK;
    }
    int v = a->arg[0], f = s->cb_target;
    if (!may_counter(d, s, v))
        return gr_fail(why, "jdg:R7.1-b", "only a gun in good order in the hex fired at, that "
                       "reaches the firer and has not answered in this activation, fires back");
    s->unit[v].act |= JDG_ACT_REACTED;
    int t = s->unit[f].hex, cap = d->unit[v].face[0].fire;
    int drm = jdg_fire_drm(d, s, v, t, -1);
    int roll = gr_roll(g, 0, 10, JDG_P_FIRE), total = roll + cap + drm;
    const jdg_fire_row *row = jdg_fire_row_of(d, total);
    gr_emitv(g, JDG_E_FIRE, 7, v, t, GR_NONE, cap, drm, total, jdg_fire_result_code(row));
    jdg_fire_results(g, &f, 1, row);
    jdg_retreat_next(g, s->unit[v].hex);
    if (!jdg_on_map(s, f) || s->unit[f].status != JDG_GOOD)
        s->cb_target = -1;
    else
        jdg_counter_open(g, f, s->cb_hex);
    return GR_OK;
}
