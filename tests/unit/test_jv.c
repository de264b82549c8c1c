/* test_jv.c — the validated data-file reader (src/io/jv.h): a small table
 * schema loaded from tests/data/jv/, the exact one-line error of every
 * broken variant, positions, provisional records, the data hash, and
 * loading under every allocation failure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "gr_internal.h"
#include "host/files.h"
#include "io/jv.h"
#include "../support/testutil.h"

/* ------------------------------------------------------------ allocation hooks */

/* Allocations left before the injected failure (-1: never fail).  Shared by
 * jansson's allocator and the loader's gate, so one count orders them all. */
static long alloc_budget = -1;
static int alloc_failed;  /* the injected failure happened */
static long jansson_live; /* jansson blocks not yet freed  */

static int take_budget(void)
{
    if (alloc_budget == 0) {
        alloc_failed = 1;
        return 0;
    }
    if (alloc_budget > 0)
        alloc_budget--;
    return 1;
}

static int gate(void *ctx)
{
    (void)ctx;
    return take_budget();
}

static void *counting_malloc(size_t size)
{
    if (!take_budget())
        return NULL;
    void *p = malloc(size);
    if (p)
        jansson_live++;
    return p;
}

static void counting_free(void *p)
{
    if (p)
        jansson_live--;
    free(p);
}

/* ------------------------------------------------------------ the test schema */

static const char *const SIDES[] = {"french", "allied", NULL};
static const char *const KINDS[] = {"line", "light", "guard", NULL};
static const char *const TOP_KEYS[] = {"format", "id",     "title", "side", "ratio",
                                       "morale", "crt",    "units", NULL};
static const char *const MORALE_KEYS[] = {"base", "threshold", "rout_on_doubles", NULL};
static const char *const CRT_KEYS[] = {"columns", "rows", NULL};
static const char *const UNIT_KEYS[] = {"id", "kind", "strength", "elite", "note", NULL};

typedef struct unit_row {
    char id[8];
    int kind, strength, elite;
} unit_row;

typedef struct table {
    int format, side, base, threshold, rout;
    char id[16], title[64];
    double ratio;
    char columns[4][4];
    size_t nrows, nunits;
    int rows[4][4];
    unit_row units[3];
} table;

static void load_crt(gr_loader *ld, jv crt, table *t)
{
    jv_keys(ld, crt, CRT_KEYS); /* first, so a misspelt key is named as such */
    jv cols = jv_get(ld, crt, "columns"), rows = jv_get(ld, crt, "rows");
    jv_array(ld, cols, 4, 4, NULL);
    for (size_t i = 0; i < 4; i++)
        jv_str(ld, jv_at(cols, i), t->columns[i], sizeof t->columns[i]);
    jv_array(ld, rows, 1, 4, &t->nrows);
    for (size_t r = 0; r < t->nrows; r++) {
        jv row = jv_at(rows, r);
        jv_array(ld, row, 4, 4, NULL);
        for (size_t c = 0; c < 4; c++)
            jv_int(ld, jv_at(row, c), 0, 9, &t->rows[r][c]);
    }
}

static void load_units(gr_loader *ld, jv units, table *t)
{
    jv_array(ld, units, 1, 3, &t->nunits);
    for (size_t i = 0; i < t->nunits; i++) {
        jv u = jv_at(units, i);
        unit_row *row = &t->units[i];
        jv_keys(ld, u, UNIT_KEYS);
        jv_get_str(ld, u, "id", row->id, sizeof row->id);
        jv_get_enum(ld, u, "kind", KINDS, &row->kind);
        jv_get_int(ld, u, "strength", 0, 9, &row->strength);
        jv elite = jv_opt(ld, u, "elite");
        row->elite = 0;
        if (elite.v)
            jv_bool(ld, elite, &row->elite);
    }
}

/* Loads the table of `path`; checks once at the end, like a real loader. */
static gr_status load_table(gr_loader *ld, const char *path, table *t)
{
    memset(t, 0, sizeof *t);
    jv root = jv_open(ld, path);
    jv_keys(ld, root, TOP_KEYS);
    jv_get_int(ld, root, "format", 1, 1, &t->format);
    jv_get_str(ld, root, "id", t->id, sizeof t->id);
    jv_get_str(ld, root, "title", t->title, sizeof t->title);
    jv_get_enum(ld, root, "side", SIDES, &t->side);
    jv_num(ld, jv_get(ld, root, "ratio"), 0.5, 4.0, &t->ratio);
    jv morale = jv_get(ld, root, "morale");
    jv_keys(ld, morale, MORALE_KEYS);
    jv_get_int(ld, morale, "base", 0, 9, &t->base);
    jv_get_int(ld, morale, "threshold", 0, 9, &t->threshold);
    jv_bool(ld, jv_get(ld, morale, "rout_on_doubles"), &t->rout);
    load_crt(ld, jv_get(ld, root, "crt"), t);
    load_units(ld, jv_get(ld, root, "units"), t);
    return gr_loader_status(ld);
}

static gr_loader *new_loader(char *root, size_t size)
{
    tu_path(root, size, "tests/data");
    gr_loader *ld = gr_loader_new(gr_host_read, root);
    assert_non_null(ld);
    return ld;
}

/* ------------------------------------------------------------ the valid file */

static void test_valid_values(void **state)
{
    (void)state;
    char root[1024];
    gr_loader *ld = new_loader(root, sizeof root);
    table t;
    assert_int_equal(load_table(ld, "jv/valid.json", &t), GR_OK);
    assert_string_equal(gr_loader_error(ld)->msg, "");
    assert_int_equal(t.format, 1);
    assert_string_equal(t.id, "test-table");
    assert_string_equal(t.title, "Austerlitz \xe2\x80\x94 essai");
    assert_int_equal(t.side, 0);
    assert_true(t.ratio == 1.5);
    assert_int_equal(t.base, 7);
    assert_int_equal(t.threshold, 3);
    assert_int_equal(t.rout, 1);
    assert_string_equal(t.columns[0], "1-2");
    assert_string_equal(t.columns[3], "3-1");
    assert_int_equal(t.nrows, 3);
    static const int rows[3][4] = {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 9, 5}};
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            assert_int_equal(t.rows[r][c], rows[r][c]);
    assert_int_equal(t.nunits, 2);
    assert_string_equal(t.units[1].id, "fr-2");
    assert_int_equal(t.units[1].kind, 1);
    assert_int_equal(t.units[1].strength, 2);
    assert_int_equal(t.units[0].elite, 0);
    assert_int_equal(t.units[1].elite, 0);
    gr_loader_free(ld);
}

static void test_valid_provisional_list(void **state)
{
    (void)state;
    char root[1024];
    gr_loader *ld = new_loader(root, sizeof root);
    table t;
    assert_int_equal(load_table(ld, "jv/valid.json", &t), GR_OK);
    assert_int_equal(gr_loader_prov_count(ld), 2);
    assert_string_equal(gr_loader_prov(ld, 0), "jv/valid.json:9:18: morale.threshold: "
                                               "not printed in the rulebook; estimated");
    assert_string_equal(gr_loader_prov(ld, 1), "jv/valid.json:17:14: crt.rows[2][2]: "
                                               "row 3 is smudged in the scan");
    assert_null(gr_loader_prov(ld, 2));
    assert_null(gr_loader_prov(ld, -1));
    /* Reading a wrapped value again does not record it twice. */
    jv root_v = jv_open(ld, "jv/valid.json");
    int v;
    assert_int_equal(jv_get_int(ld, jv_get(ld, root_v, "morale"), "threshold", 0, 9, &v), GR_OK);
    assert_int_equal(gr_loader_prov_count(ld), 2);
    int n = -1;
    char **list = gr_loader_take_prov(ld, &n);
    assert_int_equal(n, 2);
    assert_non_null(list);
    assert_int_equal(gr_loader_prov_count(ld), 0);
    assert_null(gr_loader_take_prov(ld, &n));
    assert_int_equal(n, 0);
    for (int i = 0; i < 2; i++)
        free(list[i]);
    free(list);
    gr_loader_free(ld);
}

static void assert_pos(jv x, int line, int col)
{
    int l = -1, c = -1;
    jv_pos(x, &l, &c);
    assert_int_equal(l, line);
    assert_int_equal(c, col);
}

static void test_positions(void **state)
{
    (void)state;
    char root[1024];
    gr_loader *ld = new_loader(root, sizeof root);
    jv r = jv_open(ld, "jv/valid.json");
    assert_non_null(r.doc);
    assert_string_equal(jv_file(r), "jv/valid.json");
    assert_pos(r, 1, 1);
    assert_pos(jv_get(ld, r, "format"), 2, 13);
    assert_pos(jv_get(ld, r, "ratio"), 6, 12);
    jv morale = jv_get(ld, r, "morale");
    assert_pos(morale, 7, 13);
    assert_pos(jv_get(ld, morale, "rout_on_doubles"), 10, 24); /* true: a shared singleton */
    jv rows = jv_get(ld, jv_get(ld, r, "crt"), "rows");
    assert_pos(jv_at(jv_at(rows, 2), 2), 17, 14);
    assert_pos(jv_at(jv_at(rows, 1), 3), 16, 17);
    jv u1 = jv_at(jv_get(ld, r, "units"), 1);
    assert_pos(jv_get(ld, u1, "elite"), 22, 61);
    assert_pos(jv_get(ld, u1, "note"), 22, 76);                /* null: singleton too */
    assert_pos(jv_get(ld, r, "title"), 4, 12);
    assert_pos(jv_get(ld, r, "side"), 5, 11);                  /* after a non-ASCII line */
    /* Absent values sit at their object; a value-less jv is unknown. */
    assert_pos(jv_opt(ld, u1, "nothing"), 22, 5);
    assert_pos((jv){NULL, NULL}, 0, 0);
    assert_int_equal(gr_loader_status(ld), GR_OK);
    gr_loader_free(ld);
}

static void test_members_in_document_order(void **state)
{
    (void)state;
    char root[1024];
    gr_loader *ld = new_loader(root, sizeof root);
    jv r = jv_open(ld, "jv/valid.json");
    size_t n = 0;
    assert_int_equal(jv_object(ld, r, &n), GR_OK);
    assert_int_equal(n, 8);
    static const char *const want[] = {"format", "id",     "title", "side",
                                       "ratio",  "morale", "crt",   "units"};
    for (size_t i = 0; i < n; i++) {
        const char *key = NULL;
        jv m = jv_member(r, i, &key);
        assert_non_null(m.v);
        assert_string_equal(key, want[i]);
    }
    const char *key = "x";
    assert_null(jv_member(r, n, &key).v);
    assert_null(key);
    assert_null(jv_at(r, 0).v); /* not an array: absent */
    assert_int_equal(jv_is_provisional(jv_get(ld, jv_get(ld, r, "morale"), "threshold")), 1);
    assert_int_equal(jv_is_provisional(jv_get(ld, jv_get(ld, r, "morale"), "base")), 0);
    int out = -1;
    assert_int_equal(jv_opt_int(ld, r, "absent", 0, 9, 5, &out), GR_OK);
    assert_int_equal(out, 5);
    assert_int_equal(jv_opt_int(ld, r, "format", 0, 9, 5, &out), GR_OK);
    assert_int_equal(out, 1);
    assert_int_equal(gr_loader_status(ld), GR_OK);
    gr_loader_free(ld);
}

/* Byte order mark and CRLF line ends load, with the same positions. */
static void test_bom_and_crlf(void **state)
{
    (void)state;
    static const char *const files[] = {"jv/bom.json", "jv/crlf.json"};
    for (int i = 0; i < 2; i++) {
        char root[1024];
        gr_loader *ld = new_loader(root, sizeof root);
        table t;
        assert_int_equal(load_table(ld, files[i], &t), GR_OK);
        assert_int_equal(t.rows[2][2], 9);
        jv r = jv_open(ld, files[i]);
        assert_pos(r, 1, 1);
        assert_pos(jv_get(ld, r, "side"), 5, 11);
        gr_loader_free(ld);
    }
}

/* ------------------------------------------------------------ data hash */

static uint64_t expected_hash(uint64_t h, const char *name, const char *file)
{
    char full[1024], why[256];
    tu_path(full, sizeof full, file);
    size_t len = 0;
    char *text = gr_host_slurp(full, &len, why, sizeof why);
    assert_non_null(text);
    unsigned char size[8];
    for (int i = 0; i < 8; i++)
        size[i] = (unsigned char)((uint64_t)len >> (8 * i));
    h = gr_hash_bytes(h, name, strlen(name) + 1);
    h = gr_hash_bytes(h, size, 8);
    h = gr_hash_bytes(h, text, len);
    free(text);
    return h;
}

static void test_data_hash(void **state)
{
    (void)state;
    char root[1024];
    gr_loader *ld = new_loader(root, sizeof root);
    assert_true(gr_loader_hash(ld) == GR_HASH_INIT);
    jv a = jv_open(ld, "jv/valid.json");
    jv b = jv_open(ld, "jv/bom.json");
    jv a2 = jv_open(ld, "jv/valid.json"); /* opened once: same document, hashed once */
    assert_true(a.doc == a2.doc && a.v == a2.v && b.doc != NULL);
    uint64_t want = expected_hash(GR_HASH_INIT, "jv/valid.json", "tests/data/jv/valid.json");
    want = expected_hash(want, "jv/bom.json", "tests/data/jv/bom.json");
    assert_true(gr_loader_hash(ld) == want);
    gr_loader_free(ld);

    ld = new_loader(root, sizeof root); /* open order matters */
    jv_open(ld, "jv/bom.json");
    jv_open(ld, "jv/valid.json");
    assert_true(gr_loader_hash(ld) != want);
    gr_loader_free(ld);
}

/* ------------------------------------------------------------ other errors */

static int read_fails_silently(void *ctx, const char *path, char **buf, size_t *len, char *why,
                               size_t why_size)
{
    (void)ctx, (void)path, (void)buf, (void)len, (void)why, (void)why_size;
    return -1;
}

static int read_returns_nothing(void *ctx, const char *path, char **buf, size_t *len, char *why,
                                size_t why_size)
{
    (void)ctx, (void)path, (void)why, (void)why_size;
    *buf = NULL;
    *len = 0;
    return 0;
}

static void test_read_callback_failures(void **state)
{
    (void)state;
    gr_loader *ld = gr_loader_new(read_fails_silently, NULL);
    assert_null(jv_open(ld, "a/b.json").doc);
    assert_int_equal(gr_loader_status(ld), GR_ERR_IO);
    assert_string_equal(gr_loader_error(ld)->msg, "a/b.json: cannot be read");
    gr_loader_free(ld);
    ld = gr_loader_new(read_returns_nothing, NULL);
    assert_null(jv_open(ld, "c.json").doc);
    assert_int_equal(gr_loader_status(ld), GR_ERR_IO);
    assert_string_equal(gr_loader_error(ld)->msg, "c.json: read callback returned no data");
    gr_loader_free(ld);
}

/* jv_fail puts the file, position and path in front of the caller's text. */
static void test_fail_message(void **state)
{
    (void)state;
    char root[1024];
    gr_loader *ld = new_loader(root, sizeof root);
    jv r = jv_open(ld, "jv/valid.json");
    jv u0 = jv_at(jv_get(ld, r, "units"), 0);
    assert_int_equal(jv_fail(ld, jv_get(ld, u0, "kind"), "no %s in %d", "line", 1805),
                     GR_ERR_DATA);
    assert_int_equal(gr_loader_status(ld), GR_ERR_DATA);
    assert_string_equal(gr_loader_error(ld)->msg,
                        "jv/valid.json:21:28: units[0].kind: no line in 1805");
    jv_fail(ld, r, "second error");  /* only the first is kept */
    assert_string_equal(gr_loader_error(ld)->msg,
                        "jv/valid.json:21:28: units[0].kind: no line in 1805");
    gr_loader_free(ld);
}

static const char *const BASE_ONLY[] = {"base", NULL};

/* Runs getter `which` on valid.json and returns the loader (caller frees). */
static gr_loader *misuse_valid_file(int which, char *root, size_t size)
{
    gr_loader *ld = new_loader(root, size);
    jv r = jv_open(ld, "jv/valid.json");
    jv morale = jv_get(ld, r, "morale");
    int iv;
    double dv;
    size_t n;
    switch (which) {
    case 0: jv_get(ld, jv_get(ld, r, "format"), "x"); break;
    case 1: jv_opt(ld, jv_get(ld, r, "id"), "x"); break;
    case 2: jv_array(ld, jv_get(ld, morale, "rout_on_doubles"), 0, 9, &n); break;
    case 3: jv_num(ld, jv_get(ld, r, "ratio"), 2, 3, &dv); break;
    case 4: jv_bool(ld, jv_get(ld, r, "format"), &iv); break;
    case 5: jv_keys(ld, morale, BASE_ONLY); break;
    case 6: jv_int(ld, jv_opt(ld, jv_at(jv_get(ld, r, "units"), 1), "x"), 0, 9, &iv); break;
    case 7: jv_num(ld, morale, 0, 9, &dv); break;
    case 8: jv_object(ld, jv_get(ld, r, "units"), &n); break;
    }
    return ld;
}

/* Wrong shapes found by the structure and scalar getters themselves. */
static void test_getter_errors(void **state)
{
    (void)state;
    static const char *const want[] = {
        "jv/valid.json:2:13: format: expected an object, got an integer",
        "jv/valid.json:3:9: id: expected an object, got a string",
        "jv/valid.json:10:24: morale.rout_on_doubles: expected an array, got true",
        "jv/valid.json:6:12: ratio: value 1.5 out of range 2..3",
        "jv/valid.json:2:13: format: expected true or false, got an integer",
        "jv/valid.json:9:5: morale: unknown key 'threshold'",
        "jv/valid.json:22:5: units[1]: missing value (expected an integer)",
        "jv/valid.json:7:13: morale: expected a number, got an object",
        "jv/valid.json:20:12: units: expected an object, got an array",
    };
    for (int i = 0; i < (int)(sizeof want / sizeof want[0]); i++) {
        char root[1024];
        gr_loader *ld = misuse_valid_file(i, root, sizeof root);
        assert_int_equal(gr_loader_status(ld), GR_ERR_DATA);
        assert_string_equal(gr_loader_error(ld)->msg, want[i]);
        gr_loader_free(ld);
    }
}

/* The core's scenario loader reports through the same loader. */
static void test_scenario_header_errors(void **state)
{
    (void)state;
    char root[1024];
    tu_path(root, sizeof root, "tests/data/jv");
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    assert_int_equal(tu_load_from(root, "jv-nosys", &sc, &err), GR_ERR_DATA);
    assert_null(sc);
    assert_string_equal(err.msg,
                        "scenarios/jv-nosys.json:3:13: system: unknown rule system 'nosuch'");
    assert_int_equal(tu_load_from(root, "jv-wrong-id", &sc, &err), GR_ERR_DATA);
    assert_string_equal(err.msg, "scenarios/jv-wrong-id.json:4:9: id: scenario id 'jv-other' "
                                 "does not match its file name 'jv-wrong-id'");
    assert_int_equal(tu_load_from(root, "jv-none", &sc, &err), GR_ERR_IO);
    assert_non_null(strstr(err.msg, "scenarios/jv-none.json: "));
}

/* ------------------------------------------------------------ mutations */

typedef struct memfile {
    const char *text;
    size_t len;
} memfile;

/* gr_read_fn serving one in-memory text whatever the path. */
static int read_memory(void *ctx, const char *path, char **buf, size_t *len, char *why,
                       size_t why_size)
{
    const memfile *m = ctx;
    (void)path;
    *buf = malloc(m->len ? m->len : 1);
    if (!*buf) {
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    memcpy(*buf, m->text, m->len);
    *len = m->len;
    return 0;
}

/* Loads one edited text: it loads, or fails with one line at a position. */
static void load_mutant(const char *text, size_t len, int counts[2])
{
    memfile m = {text, len};
    gr_loader *ld = gr_loader_new(read_memory, &m);
    assert_non_null(ld);
    table t;
    gr_status st = load_table(ld, "m.json", &t);
    const char *msg = gr_loader_error(ld)->msg;
    if (st != GR_OK) {
        assert_int_equal(st, GR_ERR_DATA);
        assert_true(strncmp(msg, "m.json:", 7) == 0);
        assert_null(strchr(msg, '\n'));
        assert_null(strstr(msg, "internal error"));
    }
    counts[st != GR_OK]++;
    gr_loader_free(ld);
}

/* Every byte of the valid file deleted or replaced by a troublesome one. */
static void test_mutations_never_crash(void **state)
{
    (void)state;
    char full[1024], why[256];
    tu_path(full, sizeof full, "tests/data/jv/valid.json");
    size_t len = 0;
    char *text = gr_host_slurp(full, &len, why, sizeof why);
    assert_non_null(text);
    char *edit = malloc(len + 1);
    assert_non_null(edit);
    static const char repl[] = "\"{}[],:0-e\\ \n\xff\x01t";
    int counts[2] = {0, 0};
    for (size_t i = 0; i < len; i++) {
        memcpy(edit, text, i); /* deletion */
        memcpy(edit + i, text + i + 1, len - i - 1);
        load_mutant(edit, len - 1, counts);
        memcpy(edit, text, len);
        for (size_t r = 0; r < sizeof repl - 1; r++) {
            edit[i] = repl[r];
            load_mutant(edit, len, counts);
        }
    }
    free(edit);
    free(text);
    print_message("# mutants of valid.json: %d load, %d rejected\n", counts[0], counts[1]);
    assert_true(counts[0] > 0 && counts[1] > 0);
}

/* ------------------------------------------------------------ allocation failures */

/* Loads `file` (and a second file, and takes the provisional list) with the
 * k-th allocation failing; returns 1 once k is past the last allocation. */
static int load_failing_at(long k, const char *file, gr_status ok_status)
{
    char root[1024];
    tu_path(root, sizeof root, "tests/data");
    long live_before = jansson_live;
    alloc_budget = k;
    alloc_failed = 0;
    gr_loader *ld = gr_loader_new(gr_host_read, root);
    if (!ld) {
        alloc_budget = -1;
        return 0;
    }
    gr_loader_set_alloc_gate(ld, gate, NULL);
    table t;
    gr_status st = load_table(ld, file, &t);
    jv_open(ld, "jv/bom.json");
    int n = 0;
    char **prov = gr_loader_take_prov(ld, &n);
    st = gr_loader_status(ld);
    if (alloc_failed) {
        if (st != GR_ERR_NOMEM)
            print_message("allocation %ld of %s: %s\n", k, file, gr_loader_error(ld)->msg);
        assert_int_equal(st, GR_ERR_NOMEM);
        assert_non_null(strstr(gr_loader_error(ld)->msg, "out of memory"));
    } else {
        assert_int_equal(st, ok_status);
    }
    for (int i = 0; i < n; i++)
        free(prov[i]);
    free(prov);
    gr_loader_free(ld);
    alloc_budget = -1;
    assert_int_equal(jansson_live, live_before);
    return !alloc_failed;
}

static int stop_failing(void **state)
{
    (void)state;
    alloc_budget = -1;
    return 0;
}

static void sweep_failures(const char *file, gr_status ok_status)
{
    long k = 0;
    while (!load_failing_at(k, file, ok_status))
        k++;
    assert_true(k > 10); /* the sweep did reach inside the load */
    print_message("# %s: %ld allocation failure points\n", file, k);
}

static void test_every_allocation_failure(void **state)
{
    (void)state;
    sweep_failures("jv/valid.json", GR_OK);
    sweep_failures("jv/prov_out_of_range.json", GR_ERR_DATA);
    sweep_failures("jv/trailing_comma.json", GR_ERR_DATA);
}

/* ------------------------------------------------------------ broken files */

typedef struct broken {
    const char *file;
    gr_status status;
    const char *msg; /* exact; "@ROOT" stands for the data root */
} broken;

static const broken BROKEN[] = {
    {"jv/syntax.json", GR_ERR_DATA, "jv/syntax.json:6:13: ':' expected near '1.5'"},
    {"jv/trailing_comma.json", GR_ERR_DATA,
     "jv/trailing_comma.json:16:19: unexpected token near ']'"},
    {"jv/duplicate_key.json", GR_ERR_DATA,
     "jv/duplicate_key.json:7:8: duplicate object key near '\"side\"'"},
    {"jv/wrong_type.json", GR_ERR_DATA,
     "jv/wrong_type.json:8:13: morale.base: expected an integer, got a string"},
    {"jv/bool_for_int.json", GR_ERR_DATA,
     "jv/bool_for_int.json:8:13: morale.base: expected an integer, got true"},
    {"jv/float_for_int.json", GR_ERR_DATA,
     "jv/float_for_int.json:8:13: morale.base: expected an integer, got 7.0"},
    {"jv/out_of_range.json", GR_ERR_DATA,
     "jv/out_of_range.json:16:14: crt.rows[1][2]: value 14 out of range 0..9"},
    {"jv/big_int.json", GR_ERR_DATA,
     "jv/big_int.json:21:48: units[0].strength: value 3000000000 out of range 0..9"},
    {"jv/huge_number.json", GR_ERR_DATA,
     "jv/huge_number.json:21:67: too big integer near '99999999999999999999'"},
    {"jv/missing_key.json", GR_ERR_DATA, "jv/missing_key.json:12:10: crt: missing key 'rows'"},
    {"jv/unknown_key.json", GR_ERR_DATA, "jv/unknown_key.json:14:5: crt: unknown key 'rwos'"},
    {"jv/prov_empty_reason.json", GR_ERR_DATA,
     "jv/prov_empty_reason.json:9:46: morale.threshold.provisional: "
     "provisional reason is empty"},
    {"jv/prov_extra_key.json", GR_ERR_DATA,
     "jv/prov_extra_key.json:9:61: morale.threshold: unknown key 'source' in provisional "
     "wrapper (only \"value\" and \"provisional\")"},
    {"jv/prov_no_reason.json", GR_ERR_DATA,
     "jv/prov_no_reason.json:9:18: morale.threshold: provisional wrapper without "
     "\"provisional\""},
    {"jv/prov_reason_type.json", GR_ERR_DATA,
     "jv/prov_reason_type.json:9:46: morale.threshold.provisional: provisional reason must "
     "be a string, got true"},
    {"jv/prov_out_of_range.json", GR_ERR_DATA,
     "jv/prov_out_of_range.json:17:24: crt.rows[2][2].value: value 12 out of range 0..9"},
    {"jv/array_short.json", GR_ERR_DATA,
     "jv/array_short.json:15:7: crt.rows[0]: 3 elements, expected 4"},
    {"jv/array_long.json", GR_ERR_DATA,
     "jv/array_long.json:20:12: units: 4 elements, expected 1 to 3"},
    {"jv/bad_enum.json", GR_ERR_DATA,
     "jv/bad_enum.json:4:42: side: unknown name 'frnech' (expected one of: french, allied)"},
    {"jv/enum_newline.json", GR_ERR_DATA,
     "jv/enum_newline.json:5:11: side: unknown name 'fr?ench' (expected one of: french, "
     "allied)"},
    {"jv/string_long.json", GR_ERR_DATA,
     "jv/string_long.json:13:24: crt.columns[1]: string of 5 bytes, at most 3 allowed"},
    {"jv/format_2.json", GR_ERR_DATA, "jv/format_2.json:2:13: format: value 2 out of range 1..1"},
    {"jv/nul_escape.json", GR_ERR_DATA,
     "jv/nul_escape.json:21:21: \\u0000 is not allowed without JSON_ALLOW_NUL near "
     "'\"fr\\u0000\"'"},
    {"jv/root_array.json", GR_ERR_DATA, "jv/root_array.json:1:1: expected an object, got an array"},
    {"jv/non_utf8.json", GR_ERR_DATA,
     "jv/non_utf8.json:4:29: invalid UTF-8 (byte 0xe9); save the file as UTF-8"},
    {"jv/nul_byte.json", GR_ERR_DATA,
     "jv/nul_byte.json:21:31: NUL byte (data files are UTF-8 text)"},
    {"jv/empty.json", GR_ERR_DATA, "jv/empty.json:1:1: empty file"},
    {"jv/too_deep.json", GR_ERR_DATA, "jv/too_deep.json:1:86: nested deeper than 64 levels"},
    {"jv/missing.json", GR_ERR_IO,
     "jv/missing.json: @ROOT/jv/missing.json: No such file or directory"},
};

static void test_broken(void **state)
{
    const broken *b = *state;
    char root[1024];
    gr_loader *ld = new_loader(root, sizeof root);
    table t;
    gr_status st = load_table(ld, b->file, &t);
    const char *msg = gr_loader_error(ld)->msg;
    char want[1400];
    const char *at = strstr(b->msg, "@ROOT");
    if (at)
        snprintf(want, sizeof want, "%.*s%s%s", (int)(at - b->msg), b->msg, root, at + 5);
    else
        snprintf(want, sizeof want, "%s", b->msg);
    assert_string_equal(msg, want);
    assert_int_equal(st, b->status);
    assert_null(strchr(msg, '\n'));
    assert_null(strchr(msg, '\r'));
    /* After the first error every getter fails at once, keeping the error
     * and recording nothing more. */
    int nprov = gr_loader_prov_count(ld), v = -1;
    assert_null(jv_open(ld, "jv/valid.json").doc);
    assert_int_equal(jv_int(ld, jv_open(ld, "jv/valid.json"), 0, 9, &v), GR_ERR_DATA);
    assert_int_equal(v, 0);
    assert_int_equal(load_table(ld, "jv/valid.json", &t), b->status);
    assert_string_equal(gr_loader_error(ld)->msg, want);
    assert_int_equal(gr_loader_prov_count(ld), nprov);
    gr_loader_free(ld);
}

int main(void)
{
    json_set_alloc_funcs(counting_malloc, counting_free);
    enum { NBROKEN = sizeof BROKEN / sizeof BROKEN[0] };
    struct CMUnitTest tests[16 + NBROKEN] = {
        cmocka_unit_test(test_valid_values),
        cmocka_unit_test(test_valid_provisional_list),
        cmocka_unit_test(test_positions),
        cmocka_unit_test(test_members_in_document_order),
        cmocka_unit_test(test_bom_and_crlf),
        cmocka_unit_test(test_data_hash),
        cmocka_unit_test(test_read_callback_failures),
        cmocka_unit_test(test_fail_message),
        cmocka_unit_test(test_getter_errors),
        cmocka_unit_test(test_scenario_header_errors),
        cmocka_unit_test(test_mutations_never_crash),
        cmocka_unit_test_teardown(test_every_allocation_failure, stop_failing),
    };
    size_t n = 0;
    while (tests[n].test_func)
        n++;
    char names[NBROKEN][64];
    for (size_t i = 0; i < NBROKEN; i++) {
        snprintf(names[i], sizeof names[i], "broken %s", BROKEN[i].file + 3);
        tests[n++] = (struct CMUnitTest){names[i], test_broken, NULL, NULL, (void *)&BROKEN[i]};
    }
    return _cmocka_run_group_tests("jv", tests, n, NULL, NULL);
}
