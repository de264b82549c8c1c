/* names.c — ids of units, activation markers, formations and commanders.
 * The text codec knows one namespace ("unit" fields): units first, then
 * activation markers, then commanders, so actions and events can name a
 * marker ("pick by=french ma=f1-a") with a plain id. */
#include <string.h>

#include "jdg.h"

int jdg_marker_ref(const jdg_data *d, int m)
{
    return d->nunits + m;
}

int jdg_marker_of_ref(const jdg_data *d, int ref)
{
    int m = ref - d->nunits;
    return m >= 0 && m < d->nmarkers ? m : -1;
}

const char *jdg_unit_name(const void *sdata, int index)
{
    const jdg_data *d = sdata;
    if (index < 0)
        return NULL;
    if (index < d->nunits)
        return d->unit[index].id;
    index -= d->nunits;
    if (index < d->nmarkers)
        return d->marker[index].id;
    index -= d->nmarkers;
    return index < d->ncincs ? d->cinc[index].id : NULL;
}

int jdg_unit_find(const void *sdata, const char *name)
{
    const jdg_data *d = sdata;
    for (int u = 0; u < d->nunits; u++)
        if (strcmp(d->unit[u].id, name) == 0)
            return u;
    int m = jdg_marker_find(d, name);
    if (m >= 0)
        return jdg_marker_ref(d, m);
    int c = jdg_cinc_find(d, name);
    return c >= 0 ? d->nunits + d->nmarkers + c : -1;
}

int jdg_formation_find(const jdg_data *d, const char *id)
{
    for (int f = 0; f < d->nformations; f++)
        if (strcmp(d->formation[f].id, id) == 0)
            return f;
    return -1;
}

int jdg_marker_find(const jdg_data *d, const char *id)
{
    for (int m = 0; m < d->nmarkers; m++)
        if (strcmp(d->marker[m].id, id) == 0)
            return m;
    return -1;
}

int jdg_cinc_find(const jdg_data *d, const char *id)
{
    for (int c = 0; c < d->ncincs; c++)
        if (strcmp(d->cinc[c].id, id) == 0)
            return c;
    return -1;
}
