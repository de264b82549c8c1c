/* params.h — "key=value,key=value" parameters of agent kinds (src/ai only). */
#ifndef GR_AI_PARAMS_H
#define GR_AI_PARAMS_H

#include <stddef.h>

#include "grognard.h"

/* What a parameter holds: a real number (a double) or a count, a whole
 * number (an int32_t; "2.5" is refused). */
typedef enum { AI_REAL = 0, AI_COUNT } ai_ptype;

/* One numeric parameter: its name, where it lives in the kind's parameter
 * struct (a double or an int32_t at byte `offset`, as `type` says), its
 * range and help. */
typedef struct ai_param {
    const char *name;
    size_t offset;
    ai_ptype type;
    double lo, hi;
    const char *help;
} ai_param;

/*
 * Parses `text` ("key=value,..."; NULL or "" keeps the defaults already in
 * `dst`) into the fields of `dst` described by `table` (terminated by a
 * NULL name).  Unknown keys, bad numbers and values out of range are refused
 * with a message naming the key.  On failure dst may be partly written.
 */
gr_status ai_params_parse(const ai_param *table, void *dst, const char *text, const char *kind,
                          gr_error *err);

/* Fills err (may be NULL) with an agent message; returns `st`. */
gr_status ai_fail(gr_error *err, gr_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
