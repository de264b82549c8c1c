/* jv.c — reading values out of opened documents: positions and paths,
 * errors at a value, structure (objects, arrays, keys) and the typed
 * scalar getters with their provisional wrappers.  See jv.h.
 *
 * Getters that fail store a safe placeholder in their output (0 clamped
 * into the allowed range, an empty string, a length of 0), so that code
 * chaining getters and checking once never reads garbage. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "jv_impl.h"

static const char *const WRAPPER_KEYS[] = {"value", "provisional", NULL};

/* ------------------------------------------------------------ positions */

static const struct jv_doc *node_of(jv x)
{
    return x.doc;
}

static const struct jv_doc *parent_of(const struct jv_doc *n)
{
    return n->parent == JV_NO_NODE ? NULL : &n->file->nodes[n->parent];
}

static const struct jv_doc *kid_of(const struct jv_doc *n, size_t i)
{
    return &n->file->nodes[n->file->kids[n->first_kid + i]];
}

const char *jv_file(jv x)
{
    return x.doc ? node_of(x)->file->path : "";
}

void jv_pos(jv x, int *line, int *col)
{
    const struct jv_doc *n = node_of(x);
    if (line)
        *line = n ? (int)n->line : 0;
    if (col)
        *col = n ? (int)n->col : 0;
}

/* Appends text to buf (size > 0) at *used; marks truncation with "...". */
static void append(char *buf, size_t size, size_t *used, const char *text)
{
    size_t n = strlen(text);
    if (*used + n < size) {
        memcpy(buf + *used, text, n + 1);
        *used += n;
    } else if (size > 4) {
        memcpy(buf + size - 4, "...", 4);
        *used = size - 1;
    }
}

void jv_path(const struct jv_doc *n, char *buf, size_t size)
{
    const struct jv_doc *chain[JV_MAX_DEPTH + 1];
    int depth = 0;
    for (; n && parent_of(n) && depth <= JV_MAX_DEPTH; n = parent_of(n))
        chain[depth++] = n;
    size_t used = 0;
    buf[0] = '\0';
    while (depth-- > 0 && used + 1 < size) {
        char index[24];
        if (chain[depth]->key) {
            if (used > 0)
                append(buf, size, &used, ".");
            append(buf, size, &used, chain[depth]->key);
        } else {
            snprintf(index, sizeof index, "[%u]", (unsigned)chain[depth]->index);
            append(buf, size, &used, index);
        }
    }
}

/* ------------------------------------------------------------ errors */

/* Records "file:line:col: path: message" at (line, col) of node n's file. */
static gr_status vfail_at(gr_loader *ld, const struct jv_doc *n, uint32_t line, uint32_t col,
                          const char *fmt, va_list ap)
{
    if (!ld || ld->status != GR_OK)
        return GR_ERR_DATA;
    char msg[sizeof ld->err.msg], path[JV_PATH_MAX];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (!n)
        return jv_error(ld, GR_ERR_DATA, "(no document): %s", msg);
    jv_path(n, path, sizeof path);
    return jv_error(ld, GR_ERR_DATA, "%s:%u:%u: %s%s%s", n->file->path, (unsigned)line,
                    (unsigned)col, path, path[0] ? ": " : "", msg);
}

static gr_status fail_at(gr_loader *ld, const struct jv_doc *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static gr_status fail_at(gr_loader *ld, const struct jv_doc *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail_at(ld, n, n ? n->line : 0, n ? n->col : 0, fmt, ap);
    va_end(ap);
    return GR_ERR_DATA;
}

/* Error about member m's key (e.g. an unknown key): at the key, with the
 * path of its object. */
static gr_status fail_at_key(gr_loader *ld, const struct jv_doc *m, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static gr_status fail_at_key(gr_loader *ld, const struct jv_doc *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail_at(ld, parent_of(m), m->key_line, m->key_col, fmt, ap);
    va_end(ap);
    return GR_ERR_DATA;
}

gr_status jv_fail(gr_loader *ld, jv x, const char *fmt, ...)
{
    const struct jv_doc *n = node_of(x);
    va_list ap;
    va_start(ap, fmt);
    vfail_at(ld, n, n ? n->line : 0, n ? n->col : 0, fmt, ap);
    va_end(ap);
    return GR_ERR_DATA;
}

/* True when the load has already failed (getters then stop at once). */
static int failed(const gr_loader *ld)
{
    return !ld || ld->status != GR_OK;
}

/* "an object", "a string", ... for "expected X, got Y" messages. */
static const char *kind_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number with a fraction";
    case JSON_TRUE: return "true";
    case JSON_FALSE: return "false";
    case JSON_NULL: return "null";
    }
    return "an unknown value";
}

/* Checks that x is present and of jansson type `type`. */
static gr_status expect_type(gr_loader *ld, jv x, json_type type, const char *what)
{
    if (failed(ld))
        return GR_ERR_DATA;
    if (!x.v)
        return fail_at(ld, node_of(x), "missing value (expected %s)", what);
    if (json_typeof(x.v) != type)
        return fail_at(ld, node_of(x), "expected %s, got %s", what, kind_name(x.v));
    return GR_OK;
}

/* ------------------------------------------------------------ structure */

static jv member_by_key(jv obj, const char *key)
{
    const struct jv_doc *o = node_of(obj);
    size_t n = json_object_size(obj.v);
    for (size_t i = 0; i < n; i++) {
        const struct jv_doc *m = kid_of(o, i);
        if (strcmp(m->key, key) == 0)
            return (jv){(jv_doc *)m, m->value};
    }
    return (jv){obj.doc, NULL};
}

jv jv_get(gr_loader *ld, jv obj, const char *key)
{
    if (expect_type(ld, obj, JSON_OBJECT, "an object") != GR_OK || !key)
        return (jv){obj.doc, NULL};
    jv m = member_by_key(obj, key);
    if (!m.v)
        fail_at(ld, node_of(obj), "missing key '%s'", key);
    return m;
}

jv jv_opt(gr_loader *ld, jv obj, const char *key)
{
    if (expect_type(ld, obj, JSON_OBJECT, "an object") != GR_OK || !key)
        return (jv){obj.doc, NULL};
    return member_by_key(obj, key);
}

static int listed(const char *key, const char *const *names)
{
    for (int i = 0; names && names[i]; i++)
        if (strcmp(names[i], key) == 0)
            return 1;
    return 0;
}

gr_status jv_keys(gr_loader *ld, jv obj, const char *const *allowed)
{
    if (expect_type(ld, obj, JSON_OBJECT, "an object") != GR_OK)
        return GR_ERR_DATA;
    size_t n = json_object_size(obj.v);
    for (size_t i = 0; i < n; i++) {
        const struct jv_doc *m = kid_of(node_of(obj), i);
        if (!listed(m->key, allowed))
            return fail_at_key(ld, m, "unknown key '%.64s'", m->key);
    }
    return GR_OK;
}

gr_status jv_array(gr_loader *ld, jv x, size_t min, size_t max, size_t *len)
{
    if (len)
        *len = 0;
    if (expect_type(ld, x, JSON_ARRAY, "an array") != GR_OK)
        return GR_ERR_DATA;
    size_t n = json_array_size(x.v);
    if (n < min || n > max) {
        char want[64];
        if (min == max)
            snprintf(want, sizeof want, "%zu", min);
        else if (max == SIZE_MAX)
            snprintf(want, sizeof want, "at least %zu", min);
        else
            snprintf(want, sizeof want, "%zu to %zu", min, max);
        return fail_at(ld, node_of(x), "%zu element%s, expected %s", n, n == 1 ? "" : "s",
                       want);
    }
    if (len)
        *len = n;
    return GR_OK;
}

jv jv_at(jv arr, size_t i)
{
    if (!arr.doc || !json_is_array(arr.v) || i >= json_array_size(arr.v))
        return (jv){arr.doc, NULL};
    const struct jv_doc *e = kid_of(node_of(arr), i);
    return (jv){(jv_doc *)e, e->value};
}

gr_status jv_object(gr_loader *ld, jv x, size_t *count)
{
    if (count)
        *count = 0;
    if (expect_type(ld, x, JSON_OBJECT, "an object") != GR_OK)
        return GR_ERR_DATA;
    if (count)
        *count = json_object_size(x.v);
    return GR_OK;
}

jv jv_member(jv obj, size_t i, const char **key)
{
    if (key)
        *key = NULL;
    if (!obj.doc || !json_is_object(obj.v) || i >= json_object_size(obj.v))
        return (jv){obj.doc, NULL};
    const struct jv_doc *m = kid_of(node_of(obj), i);
    if (key)
        *key = m->key;
    return (jv){(jv_doc *)m, m->value};
}

/* ------------------------------------------------------------ provisional */

int jv_is_provisional(jv x)
{
    return json_is_object(x.v) && json_object_get(x.v, "provisional") != NULL;
}

static int is_wrapper(const json_t *v)
{
    return json_is_object(v) &&
           (json_object_get(v, "provisional") != NULL || json_object_get(v, "value") != NULL);
}

static int blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t')
            return 0;
    return 1;
}

/* Checks a {"value": X, "provisional": "why"} wrapper. */
static gr_status check_wrapper(gr_loader *ld, jv w)
{
    size_t n = json_object_size(w.v);
    for (size_t i = 0; i < n; i++) {
        const struct jv_doc *m = kid_of(node_of(w), i);
        if (!listed(m->key, WRAPPER_KEYS))
            return fail_at_key(ld, m,
                               "unknown key '%.64s' in provisional wrapper "
                               "(only \"value\" and \"provisional\")", m->key);
    }
    jv value = member_by_key(w, "value"), reason = member_by_key(w, "provisional");
    if (!value.v || !reason.v)
        return fail_at(ld, node_of(w), "provisional wrapper without \"%s\"",
                       value.v ? "provisional" : "value");
    if (!json_is_string(reason.v))
        return fail_at(ld, node_of(reason), "provisional reason must be a string, got %s",
                       kind_name(reason.v));
    if (blank(json_string_value(reason.v)))
        return fail_at(ld, node_of(reason), "provisional reason is empty");
    return GR_OK;
}

/* Resolves a possibly wrapped value: *inner is the value itself and *w the
 * wrapper (w->v NULL when bare). */
static gr_status unwrap(gr_loader *ld, jv x, jv *inner, jv *w)
{
    *inner = x;
    *w = (jv){x.doc, NULL};
    if (failed(ld))
        return GR_ERR_DATA;
    if (!is_wrapper(x.v))
        return GR_OK;
    if (check_wrapper(ld, x) != GR_OK)
        return GR_ERR_DATA;
    *w = x;
    *inner = member_by_key(x, "value");
    return GR_OK;
}

/* After a wrapped value was read successfully: records it once as
 * "file:line:col: path: reason" (at the wrapper). */
static gr_status note_provisional(gr_loader *ld, jv w)
{
    struct jv_doc *n = w.doc;
    if (!w.v || n->recorded)
        return GR_OK;
    char path[JV_PATH_MAX], record[JV_PATH_MAX + 600];
    jv_path(n, path, sizeof path);
    const char *why = json_string_value(member_by_key(w, "provisional").v);
    snprintf(record, sizeof record, "%s:%u:%u: %s%s%.400s", n->file->path, (unsigned)n->line,
             (unsigned)n->col, path, path[0] ? ": " : "", why);
    if (jv_prov_add(ld, record) != GR_OK)
        return GR_ERR_DATA;
    n->recorded = 1;
    return GR_OK;
}

/* ------------------------------------------------------------ scalars */

/* Formats a real so that it reads as one ("2.0", not "2"). */
static void real_text(double d, char *buf, size_t size)
{
    snprintf(buf, size, "%.15g", d);
    if (!strpbrk(buf, ".eni"))
        snprintf(buf + strlen(buf), size - strlen(buf), ".0");
}

static long clamp_long(long v, long lo, long hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static gr_status int_value(gr_loader *ld, jv x, long min, long max, int *out)
{
    if (json_is_real(x.v)) {
        char text[40];
        real_text(json_real_value(x.v), text, sizeof text);
        return fail_at(ld, node_of(x), "expected an integer, got %s", text);
    }
    if (expect_type(ld, x, JSON_INTEGER, "an integer") != GR_OK)
        return GR_ERR_DATA;
    json_int_t v = json_integer_value(x.v);
    if (v < min || v > max)
        return fail_at(ld, node_of(x), "value %lld out of range %ld..%ld", (long long)v, min,
                       max);
    *out = (int)v;
    return GR_OK;
}

gr_status jv_int(gr_loader *ld, jv x, long min, long max, int *out)
{
    min = clamp_long(min, INT_MIN, INT_MAX);
    max = clamp_long(max, INT_MIN, INT_MAX);
    *out = (int)(min > 0 ? min : max < 0 ? max : 0);
    jv inner, w;
    if (unwrap(ld, x, &inner, &w) != GR_OK || int_value(ld, inner, min, max, out) != GR_OK)
        return GR_ERR_DATA;
    return note_provisional(ld, w);
}

static gr_status num_value(gr_loader *ld, jv x, double min, double max, double *out)
{
    if (failed(ld))
        return GR_ERR_DATA;
    if (!json_is_number(x.v))
        return expect_type(ld, x, JSON_REAL, "a number");
    double v = json_number_value(x.v);
    if (!(v >= min && v <= max))
        return fail_at(ld, node_of(x), "value %g out of range %g..%g", v, min, max);
    *out = v;
    return GR_OK;
}

gr_status jv_num(gr_loader *ld, jv x, double min, double max, double *out)
{
    *out = min > 0 ? min : max < 0 ? max : 0;
    jv inner, w;
    if (unwrap(ld, x, &inner, &w) != GR_OK || num_value(ld, inner, min, max, out) != GR_OK)
        return GR_ERR_DATA;
    return note_provisional(ld, w);
}

gr_status jv_bool(gr_loader *ld, jv x, int *out)
{
    *out = 0;
    jv inner, w;
    if (unwrap(ld, x, &inner, &w) != GR_OK)
        return GR_ERR_DATA;
    if (!json_is_boolean(inner.v))
        return expect_type(ld, inner, JSON_TRUE, "true or false");
    *out = json_is_true(inner.v);
    return note_provisional(ld, w);
}

/* The string of x (wrapped or not), or NULL after an error. */
static const char *string_value(gr_loader *ld, jv x, jv *inner, jv *w)
{
    if (unwrap(ld, x, inner, w) != GR_OK ||
        expect_type(ld, *inner, JSON_STRING, "a string") != GR_OK)
        return NULL;
    return json_string_value(inner->v);
}

gr_status jv_str(gr_loader *ld, jv x, char *buf, size_t size)
{
    if (!buf || size == 0)
        return fail_at(ld, node_of(x), "jv_str: no buffer");
    buf[0] = '\0';
    jv inner, w;
    const char *s = string_value(ld, x, &inner, &w);
    if (!s)
        return GR_ERR_DATA;
    size_t n = strlen(s);
    if (n == 0)
        return fail_at(ld, node_of(inner), "empty string");
    if (n >= size)
        return fail_at(ld, node_of(inner), "string of %zu bytes, at most %zu allowed", n,
                       size - 1);
    memcpy(buf, s, n + 1);
    return note_provisional(ld, w);
}

/* "a, b, c" into buf, shortened with "..." when long. */
static void list_names(const char *const *names, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; names && names[i]; i++) {
        if (i > 0)
            append(buf, size, &used, ", ");
        append(buf, size, &used, names[i]);
    }
}

gr_status jv_enum(gr_loader *ld, jv x, const char *const *names, int *out)
{
    *out = 0;
    jv inner, w;
    const char *s = string_value(ld, x, &inner, &w);
    if (!s)
        return GR_ERR_DATA;
    for (int i = 0; names && names[i]; i++) {
        if (strcmp(names[i], s) == 0) {
            *out = i;
            return note_provisional(ld, w);
        }
    }
    char choices[200];
    list_names(names, choices, sizeof choices);
    return fail_at(ld, node_of(inner), "unknown name '%.64s' (expected one of: %s)", s, choices);
}

/* ------------------------------------------------------------ shorthands */

gr_status jv_get_int(gr_loader *ld, jv obj, const char *key, long min, long max, int *out)
{
    return jv_int(ld, jv_get(ld, obj, key), min, max, out);
}

gr_status jv_get_str(gr_loader *ld, jv obj, const char *key, char *buf, size_t size)
{
    return jv_str(ld, jv_get(ld, obj, key), buf, size);
}

gr_status jv_get_enum(gr_loader *ld, jv obj, const char *key, const char *const *names,
                      int *out)
{
    return jv_enum(ld, jv_get(ld, obj, key), names, out);
}

gr_status jv_opt_int(gr_loader *ld, jv obj, const char *key, long min, long max, int dflt,
                     int *out)
{
    jv m = jv_opt(ld, obj, key);
    if (failed(ld)) {
        *out = dflt;
        return GR_ERR_DATA;
    }
    if (!m.v) {
        *out = dflt;
        return GR_OK;
    }
    return jv_int(ld, m, min, max, out);
}
