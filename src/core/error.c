/* error.c — status names and the rule-citing error constructors. */
#include <stdio.h>
#include <string.h>

#include "gr_internal.h"

const char *gr_status_name(gr_status st)
{
    switch (st) {
    case GR_OK: return "ok";
    case GR_ERR_ILLEGAL: return "illegal";
    case GR_ERR_PARSE: return "parse error";
    case GR_ERR_DATA: return "data error";
    case GR_ERR_NOMEM: return "out of memory";
    case GR_ERR_ARG: return "bad argument";
    case GR_ERR_STATE: return "not allowed now";
    case GR_ERR_IO: return "read error";
    }
    return "unknown status";
}

static gr_status vfail(gr_error *e, gr_status st, const char *rule, const char *fmt,
                       va_list ap)
{
    if (!e)
        return st;
    snprintf(e->rule, sizeof e->rule, "%s", rule ? rule : "");
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    return st;
}

gr_status gr_fail(gr_error *e, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gr_status st = vfail(e, GR_ERR_ILLEGAL, rule, fmt, ap);
    va_end(ap);
    return st;
}

gr_status gr_failst(gr_error *e, gr_status st, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(e, st, rule, fmt, ap);
    va_end(ap);
    return st;
}
