/* text.c — small text helpers of the ARW module: unit and hex names for the
 * action/event codec, reading the numbers of edit/setup/query lines (split
 * by the core's gr_words), and the event emitter. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../arw.h"

int arw_parse_int(const char *s, int lo, int hi, int *out)
{
    long v;
    if (gr_parse_int(s, lo, hi, &v) != 0)
        return 0;
    *out = (int)v;
    return 1;
}

gr_status arw_parse_fail(gr_error *err, const char *what)
{
    return gr_failst(err, GR_ERR_PARSE, NULL, "%s", what);
}

int arw_unit_find(const void *sdata, const char *id)
{
    const arw_data *d = sdata;
    for (int u = 0; u < d->nunits; u++)
        if (strcmp(d->unit[u].id, id) == 0)
            return u;
    return -1;
}

const char *arw_unit_name(const void *sdata, int u)
{
    const arw_data *d = sdata;
    return u >= 0 && u < d->nunits ? d->unit[u].id : NULL;
}

int arw_hex_label_cb(const void *sdata, int hex, char *buf, size_t size)
{
    const arw_data *d = sdata;
    if (hex < 0 || hex >= d->map.nhex)
        return 0;
    return gr_grid_label_of(&d->map.grid, hex, buf, size);
}

int arw_hex_find(const void *sdata, const char *label)
{
    const arw_data *d = sdata;
    return gr_grid_find(&d->map.grid, label);
}

void arw_emit(gr_game *g, int ev, int nargs, ...)
{
    if (!gr_has_sink(g))
        return;
    gr_event e = {.kind = (uint16_t)(GR_EV_SYSTEM + ev), .vis = GR_VIS_ALL,
                  .nargs = (uint8_t)nargs};
    va_list ap;
    va_start(ap, nargs);
    for (int i = 0; i < nargs && i < GR_MAX_ARGS; i++)
        e.arg[i] = va_arg(ap, int);
    va_end(ap);
    gr_emit(g, &e);
}
