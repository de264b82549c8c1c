/* jv_loader.c — the gr_loader: lifecycle, allocation gate, first error,
 * provisional list, data hash, and opening files (read, check, parse,
 * index).  See jv.h for the contract and jv_impl.h for the node index. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gr_internal.h"
#include "jv_impl.h"

/* ------------------------------------------------------------ allocation */

void *jv_alloc(gr_loader *ld, size_t size)
{
    if (ld->gate && !ld->gate(ld->gate_ctx))
        return NULL;
    return malloc(size ? size : 1);
}

void *jv_realloc(gr_loader *ld, void *p, size_t size)
{
    if (ld->gate && !ld->gate(ld->gate_ctx))
        return NULL;
    return realloc(p, size ? size : 1);
}

/* Makes room for element n of a growable array of `elem`-byte elements;
 * returns the (possibly moved) array, or NULL with `arr` untouched. */
static void *grow(gr_loader *ld, void *arr, int *cap, int n, size_t elem)
{
    if (n < *cap)
        return arr;
    int ncap = *cap ? *cap * 2 : 8;
    void *bigger = jv_realloc(ld, arr, (size_t)ncap * elem);
    if (bigger)
        *cap = ncap;
    return bigger;
}

static char *dup_string(gr_loader *ld, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = jv_alloc(ld, n);
    if (d)
        memcpy(d, s, n);
    return d;
}

void gr_loader_set_alloc_gate(gr_loader *ld, int (*gate)(void *ctx), void *ctx)
{
    if (!ld)
        return;
    ld->gate = gate;
    ld->gate_ctx = ctx;
}

/* ------------------------------------------------------------ errors */

/* Replaces control characters (a "\n" decoded from a JSON string, say) so
 * that every message and record stays on one line. */
static void one_line(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            *s = '?';
}

gr_status jv_verror(gr_loader *ld, gr_status st, const char *fmt, va_list ap)
{
    if (ld->status != GR_OK)
        return GR_ERR_DATA;
    ld->status = st;
    ld->err.rule[0] = '\0';
    vsnprintf(ld->err.msg, sizeof ld->err.msg, fmt, ap);
    one_line(ld->err.msg);
    return GR_ERR_DATA;
}

gr_status jv_error(gr_loader *ld, gr_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    jv_verror(ld, st, fmt, ap);
    va_end(ap);
    return GR_ERR_DATA;
}

/* ------------------------------------------------------------ loader */

/* jansson seeds its hash tables from /dev/urandom on first use unless told a
 * seed; a fixed one keeps the library free of I/O.  Member order does not
 * depend on it (jansson keeps insertion order), so any constant will do. */
#define JV_JANSSON_SEED 0x67726f67u

gr_loader *gr_loader_new(gr_read_fn read, void *read_ctx)
{
    json_object_seed(JV_JANSSON_SEED);
    gr_loader *ld = calloc(1, sizeof *ld);
    if (!ld)
        return NULL;
    ld->read = read;
    ld->read_ctx = read_ctx;
    ld->hash = GR_HASH_INIT;
    return ld;
}

static void file_free(jv_src *f)
{
    if (!f)
        return;
    json_decref(f->root);
    free(f->nodes);
    free(f->kids);
    free(f->path);
    free(f);
}

void gr_loader_free(gr_loader *ld)
{
    if (!ld)
        return;
    for (int i = 0; i < ld->nfiles; i++)
        file_free(ld->files[i]);
    free(ld->files);
    for (int i = 0; i < ld->nprov; i++)
        free(ld->prov[i]);
    free(ld->prov);
    free(ld);
}

gr_status gr_loader_status(const gr_loader *ld)
{
    return ld ? ld->status : GR_ERR_ARG;
}

const gr_error *gr_loader_error(const gr_loader *ld)
{
    return ld ? &ld->err : NULL;
}

uint64_t gr_loader_hash(const gr_loader *ld)
{
    return ld ? ld->hash : 0;
}

/* ------------------------------------------------------------ provisional */

gr_status jv_prov_add(gr_loader *ld, const char *record)
{
    char *copy = dup_string(ld, record);
    char **list = copy ? grow(ld, ld->prov, &ld->cap_prov, ld->nprov, sizeof *list) : NULL;
    if (!list) {
        free(copy);
        return jv_error(ld, GR_ERR_NOMEM, "out of memory recording a provisional value");
    }
    ld->prov = list;
    one_line(copy);
    ld->prov[ld->nprov++] = copy;
    return GR_OK;
}

int gr_loader_prov_count(const gr_loader *ld)
{
    return ld ? ld->nprov : 0;
}

const char *gr_loader_prov(const gr_loader *ld, int i)
{
    return ld && i >= 0 && i < ld->nprov ? ld->prov[i] : NULL;
}

char **gr_loader_take_prov(gr_loader *ld, int *n)
{
    if (n)
        *n = 0;
    if (!ld || ld->nprov == 0)
        return NULL;
    char **list = ld->prov;
    if (n)
        *n = ld->nprov;
    ld->prov = NULL;
    ld->nprov = ld->cap_prov = 0;
    return list;
}

/* ------------------------------------------------------------ opening */

/* Chains one file into the data hash: name, NUL, length (8 bytes, little
 * endian), bytes.  The length keeps "ab"+"c" apart from "a"+"bc". */
static uint64_t hash_file(uint64_t h, const char *path, const char *text, size_t len)
{
    unsigned char size[8];
    for (int i = 0; i < 8; i++)
        size[i] = (unsigned char)((uint64_t)len >> (8 * i));
    h = gr_hash_bytes(h, path, strlen(path) + 1);
    h = gr_hash_bytes(h, size, sizeof size);
    return gr_hash_bytes(h, text, len);
}

/* Calls the read callback; GR_ERR_IO "path: reason" on failure. */
static gr_status read_file(gr_loader *ld, const char *path, char **buf, size_t *len)
{
    char why[256] = "";
    *buf = NULL;
    *len = 0;
    if (!ld->read)
        return jv_error(ld, GR_ERR_IO, "%s: no read callback", path);
    if (ld->read(ld->read_ctx, path, buf, len, why, sizeof why) != 0) {
        *buf = NULL; /* on failure the callback owns whatever it stored */
        why[sizeof why - 1] = '\0';
        return jv_error(ld, GR_ERR_IO, "%s: %s", path, why[0] ? why : "cannot be read");
    }
    if (!*buf)
        return jv_error(ld, GR_ERR_IO, "%s: read callback returned no data", path);
    if (*len > JV_MAX_FILE) {
        free(*buf);
        *buf = NULL;
        return jv_error(ld, GR_ERR_DATA, "%s: file larger than %zu MiB", path,
                        JV_MAX_FILE >> 20);
    }
    return GR_OK;
}

/* Same failure twice: jansson reported the text, not a passing shortage. */
static int same_failure(const json_error_t *a, const json_error_t *b)
{
    return a->line == b->line && a->column == b->column && a->position == b->position &&
           strcmp(a->text, b->text) == 0;
}

/* Parses text with jansson; on failure records "path:line:col: text".
 * jansson reports some allocation failures as syntax errors ("invalid
 * token"), so a failure is confirmed by parsing again: a real error in the
 * text repeats exactly, a failed allocation shows as out of memory. */
static json_t *parse_json(gr_loader *ld, const char *path, const char *text, size_t len)
{
    json_error_t je, again;
    memset(&je, 0, sizeof je); /* jansson leaves parts unset when it fails early */
    memset(&again, 0, sizeof again);
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (root)
        return root;
    int nomem = je.text[0] == '\0' || json_error_code(&je) == json_error_out_of_memory;
    if (!nomem) {
        root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &again);
        json_decref(root);
        nomem = root != NULL || !same_failure(&je, &again);
    }
    if (nomem)
        jv_error(ld, GR_ERR_NOMEM, "%s: out of memory", path);
    else if (je.line < 1)
        jv_error(ld, GR_ERR_DATA, "%s: %s", path, je.text);
    else
        jv_error(ld, GR_ERR_DATA, "%s:%d:%d: %s", path, je.line, je.column < 1 ? 1 : je.column,
                 je.text);
    return NULL;
}

/* Parses and indexes one file's bytes; NULL (error set) on failure. */
static jv_src *parse_file(gr_loader *ld, const char *path, const char *text, size_t len)
{
    static const char bom[3] = {'\xef', '\xbb', '\xbf'};
    if (len >= 3 && memcmp(text, bom, 3) == 0) { /* tolerated, like editors do */
        text += 3;
        len -= 3;
    }
    if (len == 0) {
        jv_error(ld, GR_ERR_DATA, "%s:1:1: empty file", path);
        return NULL;
    }
    if (jv_text_check(ld, path, text, len) != GR_OK)
        return NULL;
    jv_src *f = jv_alloc(ld, sizeof *f);
    if (!f) {
        jv_error(ld, GR_ERR_NOMEM, "%s: out of memory", path);
        return NULL;
    }
    memset(f, 0, sizeof *f);
    f->path = dup_string(ld, path);
    f->root = f->path ? parse_json(ld, path, text, len) : NULL;
    if (!f->path)
        jv_error(ld, GR_ERR_NOMEM, "%s: out of memory", path);
    else if (f->root && jv_index_build(ld, f, text, len) == GR_OK)
        return f;
    file_free(f);
    return NULL;
}

static jv root_of(jv_src *f)
{
    return (jv){f->nodes, f->root};
}

jv jv_open(gr_loader *ld, const char *path)
{
    jv none = {NULL, NULL};
    if (!ld || ld->status != GR_OK)
        return none;
    if (!path || !path[0]) {
        jv_error(ld, GR_ERR_ARG, "jv_open: no file name");
        return none;
    }
    for (int i = 0; i < ld->nfiles; i++) /* a file opened twice is read once */
        if (strcmp(ld->files[i]->path, path) == 0)
            return root_of(ld->files[i]);
    char *text;
    size_t len;
    if (read_file(ld, path, &text, &len) != GR_OK)
        return none;
    ld->hash = hash_file(ld->hash, path, text, len);
    jv_src *f = parse_file(ld, path, text, len);
    free(text);
    jv_src **files = f ? grow(ld, ld->files, &ld->cap_files, ld->nfiles, sizeof *files)
                        : NULL;
    if (f && !files) {
        jv_error(ld, GR_ERR_NOMEM, "%s: out of memory", path);
        file_free(f);
        f = NULL;
    }
    if (!f)
        return none;
    ld->files = files;
    ld->files[ld->nfiles++] = f;
    return root_of(f);
}
