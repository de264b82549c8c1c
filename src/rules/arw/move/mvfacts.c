/* mvfacts.c — the position as the moving side sees it (arw_mvmap, move.h):
 * enemy units and lone leaders, enemy ZOC (GR8.1) and rifle ZOC (GR8.31-b),
 * the hexes next to enemy units (pinned ones apart: GR9.2, GR13.1), and the
 * friendly stacks: SP, artillery and SR4.1 classes (GR7.2-a, SR4.1).
 *
 * A build keeps what it can of the last one for the same side (the record
 * in arw_mvmap): it compares the state's units with the copy taken then;
 * when no enemy unit changed what the enemy facts read (hex, box, status,
 * pin and Lost markers), no partial breach is in force and the hexes
 * around the enemy stacks are still as printed, the enemy facts stay and
 * only the hexes that friendly units left or entered (or where one lost a
 * step) are worked out again, from their occupancy lists.  Otherwise
 * everything is built again.  Either way the facts are those a build from
 * nothing gives (tests/unit/test_arw_scratch.c). */
#include <string.h>

#include "mvint.h"

_Static_assert(sizeof(arw_hexst) == 4, "around_printed reads a hex's state as 32 bits");

/* arw_zoc_into, read from arw_map.zoc_in when hex n is as printed
 * (partial: some partial breach is in force). */
static int zoc_reaches(const gr_game *g, const arw_hexst *x, int partial, int n, int k)
{
    if (!partial && !(x->flags & (ARW_H_DESTROYED | ARW_H_WORKS_DONE)) && !x->breach)
        return (arw_dat(g)->map.zoc_in[n] >> k) & 1;
    return arw_zoc_into(g, n, k);
}

/* An enemy stack: its hex and what its combat units give the hexes
 * around it (ARW_HI_ADJ, _ADJ_PIN; ARW_HI_ZOC, _RIFLE where a ZOC reaches). */
typedef struct enemy_hex {
    int16_t hex;
    uint8_t adj, zoc;
} enemy_hex;

/* Marks the neighbours of enemy stack e and lists in m->around those not
 * listed yet (ARW_HI_ADJ is set on every neighbour: it tells).  Returns 0
 * when a ZOC was not read from arw_map.zoc_in (partial breach, or a hex
 * not as printed). */
static int mark_around(const gr_game *g, const enemy_hex *e, int partial, arw_mvmap *m)
{
    const int16_t *nb = &arw_dat(g)->map.nb[e->hex * 6];
    const arw_hexst *hex = arw_cst(g)->hex;
    int printed = !partial;
    for (int k = 0; k < 6; k++) {
        int n = nb[k];
        if (n < 0)
            continue;
        if (!(m->info[n] & ARW_HI_ADJ))
            m->around[m->naround++] = (int16_t)n;
        m->info[n] |= e->adj;
        printed &= !(hex[n].flags & (ARW_H_DESTROYED | ARW_H_WORKS_DONE)) && !hex[n].breach;
        if (e->zoc && zoc_reaches(g, &hex[n], partial, n, k < 3 ? k + 3 : k - 3))
            m->info[n] |= e->zoc;
    }
    return printed;
}

/* What of enemy unit x the enemy facts read. */
static uint32_t foe_key(const arw_unit *x)
{
    return (uint32_t)(uint16_t)x->hex | (uint32_t)(x->box & 15u) << 16 |
           (uint32_t)(x->status & 15u) << 20 | ((x->flags & ARW_U_PINNED) ? 1u << 24 : 0u) |
           ((x->flags & ARW_U_LOST) ? 1u << 25 : 0u);
}

/* The enemy facts (ARW_HI_*, rifle hexes) of `side`'s opponents: their
 * units on the map, in unit order, gathered by hex (a stack marks its
 * neighbours once). */
static void mark_enemies(const gr_game *g, int side, arw_mvmap *m)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    enemy_hex stack[ARW_MAX_UNITS];
    int16_t at[ARW_MAX_MAP_HEXES]; /* stack index of a hex marked ARW_HI_ENEMY */
    int n = 0, printed = 1;
    for (int foe = 0; foe < ARW_NSIDES; foe++)
        for (int i = 0; foe != side && i < d->nside_units[foe]; i++) {
            int u = d->side_units[foe][i];
            const arw_unit *x = &s->unit[u];
            if (x->box != ARW_BOX_MAP || x->hex < 0)
                continue;
            if (d->unit[u].kind == ARW_K_LEADER) { /* !arw_is_combat_unit */
                m->info[x->hex] |= ARW_HI_ENEMY_LDR;
                continue;
            }
            if (!(m->info[x->hex] & ARW_HI_ENEMY)) {
                m->info[x->hex] |= ARW_HI_ENEMY;
                at[x->hex] = (int16_t)n;
                stack[n++] = (enemy_hex){(int16_t)x->hex, ARW_HI_ADJ, 0};
            }
            enemy_hex *e = &stack[at[x->hex]];
            /* arw_exerts_zoc: ready, not Lost (a combat unit on the map) */
            int zoc = x->status == ARW_READY && !(x->flags & ARW_U_LOST);
            int rifle = zoc && (d->unit[u].flags & ARW_F_RIFLE);
            if (x->flags & ARW_U_PINNED)
                e->adj |= ARW_HI_ADJ_PIN;
            if (zoc)
                e->zoc |= (uint8_t)(ARW_HI_ZOC | (rifle ? ARW_HI_RIFLE : 0));
            if (rifle && m->nrifle < ARW_MAX_RIFLES)
                m->rifle[m->nrifle++] = (int16_t)x->hex;
        }
    int partial = n ? arw_any_partial_breach(g) : 0;
    m->naround = 0;
    for (int i = 0; i < n; i++)
        printed &= mark_around(g, &stack[i], partial, m);
    m->edit_gen = d->edit_gen;
    m->esnap = printed; /* (zoc_in answered every ZOC: the record is complete) */
}

/* Non-zero when no partial breach is in force (if it could matter) and
 * the hexes around the enemy stacks are as printed: the ZOCs read from
 * arw_map.zoc_in at the last build still hold. */
static int around_printed(const gr_game *g, const arw_mvmap *m)
{
    const arw_hexst *hex = arw_cst(g)->hex;
    const arw_hexst altered = {0, ARW_H_DESTROYED | ARW_H_WORKS_DONE, 0xFF};
    uint32_t mask, any = 0;
    if (m->naround && arw_any_partial_breach(g))
        return 0;
    memcpy(&mask, &altered, sizeof mask); /* (each hex read whole, its bits or-ed) */
#pragma GCC unroll 4
    for (int i = 0; i < m->naround; i++) {
        uint32_t x;
        memcpy(&x, &hex[m->around[i]], sizeof x);
        any |= x & mask;
    }
    return any == 0;
}

/* arw_unit_sp of unit u (its printed SP on the side it shows), inlined. */
static inline unsigned printed_sp(const arw_data *d, const arw_state *s, int u)
{
    return (unsigned)d->unit[u].sp[d->unit[u].steps == 2 && s->unit[u].steps == 1]; /* >= 0 */
}

/* The friendly facts (sp, art, nat, ARW_HI_FRIEND) of `side`, from nothing. */
static void mark_friends(const gr_game *g, int side, arw_mvmap *m)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    size_t n = (size_t)d->map.nhex;
    memset(m->sp, 0, n);
    memset(m->art, 0, n);
    memset(m->nat, 0, n);
    for (int i = 0; side >= 0 && side < ARW_NSIDES && i < d->nside_units[side]; i++) {
        int u = d->side_units[side][i], h = s->unit[u].hex;
        if (s->unit[u].box != ARW_BOX_MAP || h < 0)
            continue;
        if (d->unit[u].kind == ARW_K_ARTILLERY)
            m->art[h]++;
        else if (d->unit[u].kind != ARW_K_LEADER) /* arw_is_combat_unit */
            m->sp[h] = (uint8_t)(m->sp[h] + printed_sp(d, s, u));
        m->nat[h] |= d->unit_nat[u];
        m->info[h] |= ARW_HI_FRIEND;
    }
}

/* The friendly facts of hex h again, from its occupancy list (the units
 * whose box is the map and whose hex is h: arw_place, sanity.c). */
static void friends_in(const gr_game *g, int side, int h, arw_mvmap *m)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    unsigned sp = 0, art = 0, nat = 0, any = 0;
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next) {
        if (d->unit[u].side != side)
            continue;
        any = 1;
        if (d->unit[u].kind == ARW_K_ARTILLERY)
            art++;
        else if (d->unit[u].kind != ARW_K_LEADER)
            sp += printed_sp(d, s, u);
        nat |= d->unit_nat[u];
    }
    m->sp[h] = (uint8_t)sp;
    m->art[h] = (uint8_t)art;
    m->nat[h] = (uint8_t)nat;
    m->info[h] = (uint8_t)(any ? m->info[h] | ARW_HI_FRIEND : m->info[h] & ~ARW_HI_FRIEND);
}

#define MAX_DIRTY 32

/* Unit u differs from its copy in m: adds the hexes whose friendly facts
 * change to dirty[0..nd) and returns the new count; -1 when the enemy
 * facts must be built again (or too many hexes changed). */
static int unit_changed(const gr_game *g, int side, const arw_mvmap *m, int u, int16_t *dirty,
                        int nd)
{
    const arw_unit *x = &arw_cst(g)->unit[u], *o = &m->unit[u];
    if (arw_dat(g)->unit[u].side != side)
        return foe_key(x) == foe_key(o) ? nd : -1;
    if (x->hex == o->hex && x->box == o->box && x->steps == o->steps)
        return nd;
    if (nd + 2 > MAX_DIRTY)
        return -1;
    if (o->box == ARW_BOX_MAP && o->hex >= 0)
        dirty[nd++] = o->hex;
    if (x->box == ARW_BOX_MAP && x->hex >= 0)
        dirty[nd++] = x->hex;
    return nd;
}

/* Two 64-bit lanes (GCC vector extension: one SSE2 register on x86-64). */
typedef uint64_t lanes2 __attribute__((vector_size(16)));

/* The bytes of a and b that differ, 16 at a time, or-ed together. */
static lanes2 xor16(const unsigned char *a, const unsigned char *b)
{
    lanes2 x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x ^ y;
}

/* Non-zero when the 128 bytes at a and b differ. */
static int differ128(const unsigned char *a, const unsigned char *b)
{
    lanes2 d = xor16(a, b) | xor16(a + 16, b + 16) | xor16(a + 32, b + 32) |
               xor16(a + 48, b + 48) | xor16(a + 64, b + 64) | xor16(a + 80, b + 80) |
               xor16(a + 96, b + 96) | xor16(a + 112, b + 112);
    return (d[0] | d[1]) != 0;
}

/* The units with bytes in [at, end) that differ from m's copy, from unit
 * *next on: see unit_changed; m's copy brought up to date. */
static int block_diff(const gr_game *g, int side, arw_mvmap *m, size_t at, size_t end,
                      int *next, int16_t *dirty, int nd)
{
    const arw_unit *now = arw_cst(g)->unit;
    int u = (int)(at / sizeof *now);
    for (u = u > *next ? u : *next; nd >= 0 && (size_t)u * sizeof *now < end; u++) {
        if (!memcmp(&now[u], &m->unit[u], sizeof *now))
            continue;
        nd = unit_changed(g, side, m, u, dirty, nd);
        m->unit[u] = now[u];
    }
    *next = u;
    return nd;
}

/* Compares the state's units with m's copy (which it brings up to date):
 * the number of hexes in dirty, or -1 when the enemy facts must be built
 * again.  Equal 128-byte blocks (compared 16 bytes at a time) are skipped
 * whole. */
static int units_diff(const gr_game *g, int side, arw_mvmap *m, int16_t *dirty)
{
    const unsigned char *a = (const unsigned char *)arw_cst(g)->unit;
    const unsigned char *b = (const unsigned char *)m->unit;
    size_t bytes = (size_t)m->nunits * sizeof m->unit[0], full = bytes & ~(size_t)127;
    int nd = 0, next = 0;
    for (size_t at = 0; at < full && nd >= 0; at += 128)
        if (differ128(a + at, b + at))
            nd = block_diff(g, side, m, at, at + 128, &next, dirty, nd);
    if (nd >= 0 && full < bytes && memcmp(a + full, b + full, bytes - full))
        nd = block_diff(g, side, m, full, bytes, &next, dirty, nd);
    return nd;
}

/* The facts from nothing, and the record of what they were built from. */
static void build_all(const gr_game *g, int side, arw_mvmap *m)
{
    const arw_data *d = arw_dat(g);
    memset(m->info, 0, (size_t)d->map.nhex);
    m->nrifle = 0;
    mark_enemies(g, side, m);
    mark_friends(g, side, m);
    m->side = side;
    m->nunits = d->nunits;
    memcpy(m->unit, arw_cst(g)->unit, sizeof m->unit[0] * (size_t)d->nunits);
}

void arw_mvmap_build(const gr_game *g, int side, arw_mvmap *m)
{
    const arw_data *d = arw_dat(g);
    int16_t dirty[MAX_DIRTY];
    int nd = -1;
    if (m->esnap && m->side == side && m->edit_gen == d->edit_gen && m->nunits == d->nunits)
        nd = units_diff(g, side, m, dirty);
    if (nd < 0 || !around_printed(g, m)) {
        build_all(g, side, m);
        return;
    }
    for (int i = 0; i < nd; i++)
        friends_in(g, side, dirty[i], m);
}
