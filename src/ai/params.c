/* params.c — parsing of agent parameters and agent error messages. */
#include "params.h"

#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

gr_status ai_fail(gr_error *err, gr_status st, const char *fmt, ...)
{
    if (err) {
        err->rule[0] = '\0';
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return st;
}

static const ai_param *find_param(const ai_param *table, const char *name, size_t len)
{
    for (const ai_param *p = table; p->name; p++)
        if (strlen(p->name) == len && strncmp(p->name, name, len) == 0)
            return p;
    return NULL;
}

/* Parses one "key=value" item of length len. */
static gr_status parse_item(const ai_param *table, void *dst, const char *item, size_t len,
                            const char *kind, gr_error *err)
{
    const char *eq = memchr(item, '=', len);
    if (!eq)
        return ai_fail(err, GR_ERR_PARSE, "%s: parameter '%.*s' needs '=value'", kind,
                       (int)len, item);
    const ai_param *p = find_param(table, item, (size_t)(eq - item));
    if (!p)
        return ai_fail(err, GR_ERR_ARG, "%s: unknown parameter '%.*s'", kind,
                       (int)(eq - item), item);
    char num[64];
    size_t vlen = len - (size_t)(eq + 1 - item);
    if (vlen == 0 || vlen >= sizeof num)
        return ai_fail(err, GR_ERR_PARSE, "%s: bad value for '%s'", kind, p->name);
    memcpy(num, eq + 1, vlen);
    num[vlen] = '\0';
    char *end;
    errno = 0;
    double v = strtod(num, &end);
    if (errno || *end)
        return ai_fail(err, GR_ERR_PARSE, "%s: '%s' is not a number for '%s'", kind, num,
                       p->name);
    if (!(v >= p->lo && v <= p->hi))
        return ai_fail(err, GR_ERR_ARG, "%s: '%s' must be in [%g, %g] (got %g)", kind, p->name,
                       p->lo, p->hi, v);
    if (p->type == AI_COUNT) {
        assert(p->lo >= INT32_MIN && p->hi <= INT32_MAX);
        int32_t n = (int32_t)v;
        if ((double)n != v)
            return ai_fail(err, GR_ERR_ARG, "%s: '%s' is a count, a whole number (got %s)", kind,
                           p->name, num);
        memcpy((char *)dst + p->offset, &n, sizeof n);
    } else {
        memcpy((char *)dst + p->offset, &v, sizeof v);
    }
    return GR_OK;
}

gr_status ai_params_parse(const ai_param *table, void *dst, const char *text, const char *kind,
                          gr_error *err)
{
    for (const char *s = text; s && *s;) {
        const char *comma = strchr(s, ',');
        size_t len = comma ? (size_t)(comma - s) : strlen(s);
        if (len > 0) {
            gr_status st = parse_item(table, dst, s, len, kind, err);
            if (st != GR_OK)
                return st;
        }
        s = comma ? comma + 1 : s + len;
    }
    return GR_OK;
}
