/* firedrm.c — working out a fire (GR10.3, GR11.3, SR4.12): firing SP,
 * range of the farthest firer (GR11.2-b/c), the T-Fire number, and the
 * T-Fire-DRM modifiers: light infantry, artillery or mounted targets, the
 * TEC fire column of the target's hex and of the hexside the fire enters it
 * through (AMB-48), none favourable to a shattered target (GR13.4-c,
 * AMB-20), weather (T-Weather), first rifle and mortar fire (GR10.5,
 * SR4.12), the cards-and-siege hook for defensive artillery, and the German
 * Jaegers' second roll (GR10.6).  Pure. */
#include "fireint.h"

int arw_fire_max_range(const arw_data *d, int u)
{
    const arw_unit_def *x = &d->unit[u];
    const arw_fire_tables *f = &d->fire;
    if (x->kind == ARW_K_ARTILLERY)
        return (x->flags & ARW_F_MORTAR)  ? f->mortar_max
               : (x->flags & ARW_F_NAVAL) ? f->range_naval
                                          : f->range_field;
    return (x->flags & ARW_F_RIFLE) && x->kind != ARW_K_LEADER ? 1 : 0;
}

int arw_fire_to_hit(const arw_data *d, int set, int sp, int range)
{
    const arw_fire_tables *f = &d->fire;
    for (int r = 0; r < f->nrows; r++) {
        if (sp < f->sp_min[r] || sp > f->sp_max[r])
            continue;
        for (int c = 0; c < f->ncols; c++)
            if (range >= f->col_min[c] && range <= f->col_max[c])
                return f->to_hit[set][r][c];
    }
    return ARW_HIT_NONE;
}

const uint8_t *arw_fire_damage(const arw_data *d, int kind, int target)
{
    if (kind == ARW_FK_RIFLE)
        return d->fire.rifle_damage;
    return d->fire.art_damage[target >= 0 && d->unit[target].kind == ARW_K_ARTILLERY];
}

int arw_fire_jaeger(const arw_data *d, int u)
{
    return (d->unit[u].flags & ARW_F_RIFLE) && d->unit[u].kind != ARW_K_LEADER &&
           arw_name_index(arw_group_names, "germans") == d->unit[u].group;
}

/* Terrain DRMs: the target hex (TEC fire column, a destroyed town is clear)
 * and the hexside every firer's line enters it through (a mortar's line
 * runs from the mortar to the impact hex). */
static int terrain_drm(const gr_game *g, const int *firers, int n, int target)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int h = s->unit[target].hex, drm = 0, entry = 0;
    int hexv = d->htype[arw_hex_terrain(g, h)].fire; /* a destroyed town is clear */
    if (hexv != ARW_DRM_P)
        drm = hexv;
    for (int i = 0; i < n; i++) { /* "entirely through": every firer (AMB-48) */
        int v = arw_los_entry_drm(g, s->unit[firers[i]].hex, h);
        if (v >= 0) {
            entry = 0;
            break;
        }
        entry = i == 0 || v > entry ? v : entry;
    }
    if (s->unit[target].status == ARW_SHATTERED) { /* GR13.4-c, AMB-20 */
        drm = drm > 0 ? drm : 0;
        entry = 0;
    }
    return drm + entry;
}

/* Non-zero when an empty hex touches both the target's hex and a hex of a
 * firer (the open flank of Turn Flank, GR12.52, for GR10.6). */
static int open_flank(const gr_game *g, const int *firers, int n, int target)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int th = s->unit[target].hex;
    for (int k = 0; k < 6; k++) {
        int e = d->map.nb[th * 6 + k];
        if (e < 0 || s->hex[e].head != ARW_NO_UNIT)
            continue;
        for (int i = 0; i < n; i++)
            if (arw_hex_distance(d, e, s->unit[firers[i]].hex) == 1)
                return 1;
    }
    return 0;
}

/* GR10.6 [Advanced]: every firer a Jaeger outside clear or crops terrain,
 * and an open flank. */
static int jaegers_roll_twice(const gr_game *g, const int *firers, int n, int target)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (!(s->options & ARW_O_ADVANCED) || n == 0)
        return 0;
    for (int i = 0; i < n; i++) {
        int h = s->unit[firers[i]].hex;
        if (!arw_fire_jaeger(d, firers[i]) ||
            (d->htype[arw_hex_terrain(g, h)].flags & ARW_T_CLEAR_CLASS))
            return 0;
    }
    return open_flank(g, firers, n, target);
}

/* First fire (GR10.5: every rifle firer; SR4.12: the mortar). */
static int first_fire(const gr_game *g, const int *firers, int n, int kind)
{
    const arw_state *s = arw_cst(g);
    if (kind == ARW_FK_ARTILLERY || n == 0)
        return 0;
    for (int i = 0; i < n; i++)
        if (s->unit[firers[i]].flags & ARW_U_FIRED)
            return 0;
    return 1;
}

static int target_drm(const gr_game *g, int target)
{
    const arw_data *d = arw_dat(g);
    const arw_unit_def *t = &d->unit[target];
    int drm = 0;
    if (t->flags & ARW_F_LIGHT)
        drm += d->fire.drm[ARW_FD_LIGHT];
    if (t->kind == ARW_K_ARTILLERY || t->kind == ARW_K_CAVALRY)
        drm += d->fire.drm[ARW_FD_ART_MOUNTED];
    return drm;
}

void arw_fire_compute(const gr_game *g, int kind, const int *firers, int n, int target,
                      int range, arw_fire_calc *c)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int side = n ? d->unit[firers[0]].side : 0, banned;
    c->sp = c->drm = 0;
    c->range = kind == ARW_FK_MORTAR ? range : 0;
    for (int i = 0; i < n; i++) {
        int r = arw_hex_distance(d, s->unit[firers[i]].hex, s->unit[target].hex);
        c->sp += arw_unit_sp(g, firers[i]);
        if (kind != ARW_FK_MORTAR && r > c->range)
            c->range = r; /* GR11.2-c: the farthest firer */
    }
    c->to_hit = arw_fire_to_hit(d, kind == ARW_FK_MORTAR ? ARW_FT_MORTAR : ARW_FT_GUNS, c->sp,
                                c->range);
    c->first = first_fire(g, firers, n, kind);
    c->two_rolls = kind == ARW_FK_RIFLE && jaegers_roll_twice(g, firers, n, target);
    c->drm = target_drm(g, target) + terrain_drm(g, firers, n, target);
    c->drm += arw_weather_fire_drm(g, &banned); /* T-Weather (weather.c) */
    if (c->first)
        c->drm += d->fire.drm[kind == ARW_FK_RIFLE ? ARW_FD_RIFLE_FIRST : ARW_FD_MORTAR_FIRST];
    if (kind == ARW_FK_ARTILLERY)
        c->drm += arw_fire_artillery_drm(g, side); /* Cards 10, 21; Siege I 2, II 5 */
}
