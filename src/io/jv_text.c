/* jv_text.c — what jansson does not do for us on a file's text: reject NUL
 * bytes and invalid UTF-8 with exact positions, and build the node index
 * that gives every value its line, column and place in the tree (see
 * jv_impl.h).
 *
 * Lines count '\n'; columns count characters (UTF-8 sequences), 1-based, a
 * tab being one character — the same convention as jansson's own parse
 * errors. */
#include <string.h>

#include "jv_impl.h"

/* ------------------------------------------------------------ text check */

/* Length (1..4) of the well-formed UTF-8 sequence at p, 0 if ill-formed
 * (stray continuation byte, overlong form, surrogate, beyond U+10FFFF). */
static size_t utf8_length(const unsigned char *p, size_t left)
{
    static const uint32_t min_cp[5] = {0, 0, 0x80, 0x800, 0x10000};
    size_t n;
    uint32_t cp;
    if (p[0] < 0x80)
        return 1;
    if (p[0] >= 0xc2 && p[0] <= 0xdf)
        n = 2, cp = p[0] & 0x1fu;
    else if ((p[0] & 0xf0) == 0xe0)
        n = 3, cp = p[0] & 0x0fu;
    else if (p[0] >= 0xf0 && p[0] <= 0xf4)
        n = 4, cp = p[0] & 0x07u;
    else
        return 0;
    if (left < n)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (p[i] & 0x3fu);
    }
    if (cp < min_cp[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

gr_status jv_text_check(gr_loader *ld, const char *path, const char *text, size_t len)
{
    const unsigned char *p = (const unsigned char *)text;
    unsigned line = 1, col = 1;
    for (size_t i = 0; i < len;) {
        if (p[i] == '\0')
            return jv_error(ld, GR_ERR_DATA, "%s:%u:%u: NUL byte (data files are UTF-8 text)",
                            path, line, col);
        size_t n = utf8_length(p + i, len - i);
        if (n == 0)
            return jv_error(ld, GR_ERR_DATA,
                            "%s:%u:%u: invalid UTF-8 (byte 0x%02x); save the file as UTF-8",
                            path, line, col, p[i]);
        if (p[i] == '\n')
            line++, col = 1;
        else
            col++;
        i += n;
    }
    return GR_OK;
}

/* ------------------------------------------------------------ scanner */

/* Walks text that jansson has accepted, meeting values in document order. */
typedef struct scanner {
    const unsigned char *p;
    size_t len, i;
    uint32_t line, col;   /* position of the byte last read             */
    int depth;            /* open arrays and objects                    */
    uint64_t objects;     /* bit d-1: the container at depth d is an object */
    int expect_key;       /* the next string is a member key            */
    uint32_t count;       /* values met so far                          */
    uint32_t key_line, key_col; /* the pending member key              */
    size_t key_at, key_len;
    int key_escaped;
} scanner;

static scanner scanner_start(const char *text, size_t len)
{
    return (scanner){.p = (const unsigned char *)text, .len = len, .line = 1};
}

static unsigned char next_byte(scanner *s)
{
    unsigned char c = s->p[s->i++];
    if (c == '\n') {
        s->line++;
        s->col = 0;
    } else if ((c & 0xc0) != 0x80) {
        s->col++;
    }
    return c;
}

/* Skips a string whose opening quote was just read; returns non-zero when
 * it contains escapes. */
static int skip_string(scanner *s)
{
    int escaped = 0;
    while (s->i < s->len) {
        unsigned char c = next_byte(s);
        if (c == '"')
            break;
        if (c == '\\' && s->i < s->len) {
            escaped = 1;
            next_byte(s);
        }
    }
    return escaped;
}

/* Skips the rest of a number or of true/false/null. */
static void skip_token(scanner *s)
{
    while (s->i < s->len) {
        unsigned char c = s->p[s->i];
        if (c == ',' || c == ']' || c == '}' || c == ' ' || c == '\t' || c == '\r' ||
            c == '\n')
            break;
        next_byte(s);
    }
}

static void read_key(scanner *s)
{
    s->key_line = s->line;
    s->key_col = s->col;
    s->key_at = s->i;
    s->key_escaped = skip_string(s);
    s->key_len = s->i - 1 - s->key_at;
}

static int in_object(const scanner *s)
{
    return s->depth > 0 && (s->objects >> (s->depth - 1) & 1u);
}

/* Opens an array or object; -1 beyond JV_MAX_DEPTH. */
static int push(scanner *s, unsigned char c)
{
    if (s->depth >= JV_MAX_DEPTH)
        return -1;
    s->depth++;
    uint64_t bit = (uint64_t)1 << (s->depth - 1);
    s->objects = c == '{' ? s->objects | bit : s->objects & ~bit;
    s->expect_key = c == '{';
    return 0;
}

static int kind_matches(unsigned char c, const json_t *v)
{
    switch (c) {
    case '{': return json_is_object(v);
    case '[': return json_is_array(v);
    case '"': return json_is_string(v);
    case 't': return json_is_true(v);
    case 'f': return json_is_false(v);
    case 'n': return json_is_null(v);
    default: return json_is_number(v);
    }
}

/* Gives the next node its position; -1 when the text and the tree disagree
 * (kind, or key spelled differently: jansson's member order would then not
 * be document order). */
static int place_value(jv_src *f, scanner *s, unsigned char c)
{
    if (s->count >= f->nnodes)
        return -1;
    struct jv_doc *n = &f->nodes[s->count];
    if (!kind_matches(c, n->value))
        return -1;
    n->line = s->line;
    n->col = s->col;
    if (n->key) {
        if (!s->key_escaped && (strncmp(n->key, (const char *)s->p + s->key_at, s->key_len) != 0 ||
                                n->key[s->key_len] != '\0'))
            return -1;
        n->key_line = s->key_line;
        n->key_col = s->key_col;
    }
    return 0;
}

/* One pass over the text.  Without `fill` it counts values and checks the
 * nesting depth; with it, it stores each value's position in its node. */
static gr_status scan(gr_loader *ld, jv_src *f, scanner *s, int fill)
{
    while (s->i < s->len) {
        unsigned char c = next_byte(s);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
            continue;
        if (c == ':' || c == ',') {
            s->expect_key = c == ',' && in_object(s);
            continue;
        }
        if (c == '}' || c == ']') {
            s->depth--;
            continue;
        }
        if (c == '"' && s->expect_key) {
            read_key(s);
            continue;
        }
        if (fill && place_value(f, s, c) != 0)
            return jv_error(ld, GR_ERR_DATA, "%s:%u:%u: internal error: value index out of step",
                            f->path, s->line, s->col);
        s->count++;
        if ((c == '{' || c == '[') && push(s, c) != 0)
            return jv_error(ld, GR_ERR_DATA, "%s:%u:%u: nested deeper than %d levels", f->path,
                            s->line, s->col, JV_MAX_DEPTH);
        if (c == '"')
            skip_string(s);
        else if (c != '{' && c != '[')
            skip_token(s);
    }
    return GR_OK;
}

/* ------------------------------------------------------------ tree walk */

typedef struct builder {
    jv_src *f;
    uint32_t next_node, next_kid;
    int ok;
} builder;

static size_t size_of(const json_t *v)
{
    return json_is_array(v) ? json_array_size(v) : json_is_object(v) ? json_object_size(v) : 0;
}

/* Numbers the nodes in document order (pre-order, members in jansson's
 * insertion order).  Depth is bounded by the scanner's check. */
static void walk(builder *b, json_t *v, uint32_t parent, uint32_t index, const char *key)
{
    jv_src *f = b->f;
    size_t count = size_of(v);
    if (b->next_node >= f->nnodes || count > f->nnodes - b->next_kid) {
        b->ok = 0;
        return;
    }
    uint32_t me = b->next_node++;
    f->nodes[me] = (struct jv_doc){.file = f, .value = v, .key = key, .parent = parent,
                                   .index = index, .first_kid = b->next_kid};
    b->next_kid += (uint32_t)count;
    if (json_is_array(v)) {
        for (uint32_t i = 0; i < count && b->ok; i++) {
            f->kids[f->nodes[me].first_kid + i] = b->next_node;
            walk(b, json_array_get(v, i), me, i, NULL);
        }
    } else if (json_is_object(v)) {
        const char *k;
        json_t *member;
        uint32_t i = 0;
        json_object_foreach(v, k, member) {
            if (!b->ok)
                break;
            f->kids[f->nodes[me].first_kid + i] = b->next_node;
            walk(b, member, me, i++, k);
        }
    }
}

gr_status jv_index_build(gr_loader *ld, jv_src *f, const char *text, size_t len)
{
    scanner s = scanner_start(text, len);
    if (scan(ld, f, &s, 0) != GR_OK)
        return GR_ERR_DATA;
    f->nodes = jv_alloc(ld, s.count * sizeof *f->nodes);
    f->kids = f->nodes ? jv_alloc(ld, s.count * sizeof *f->kids) : NULL;
    if (!f->kids)
        return jv_error(ld, GR_ERR_NOMEM, "%s: out of memory", f->path);
    f->nnodes = s.count;
    builder b = {f, 0, 0, 1};
    walk(&b, f->root, JV_NO_NODE, 0, NULL);
    if (!b.ok || b.next_node != f->nnodes)
        return jv_error(ld, GR_ERR_DATA, "%s: internal error: value index out of step", f->path);
    s = scanner_start(text, len);
    if (scan(ld, f, &s, 1) != GR_OK)
        return GR_ERR_DATA;
    return GR_OK;
}
