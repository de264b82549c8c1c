/* ids.c — one name space for what actions and events name: units (index
 * u), then brigades (nunits + b), then leaders (nunits + nbrigades + l),
 * then objectives (after the leaders), then terrain pieces.
 * The codec prints and parses every GR_F_UNIT field through it, so an
 * action can name a brigade (`activate brigade=`) or a leader (`place
 * leader=`) by its scenario id.  The loader keeps the ids unique. */
#include <string.h>

#include "vf.h"

int vf_id_find(const void *sdata, const char *id)
{
    const vf_sdata *sd = sdata;
    int u = vf_unit_find(sd, id);
    if (u >= 0)
        return u;
    for (int b = 0; b < sd->nbrigades; b++)
        if (strcmp(sd->brigade[b].id, id) == 0)
            return vf_brigade_id(sd, b);
    for (int l = 0; l < sd->nleaders; l++)
        if (strcmp(sd->leader[l].id, id) == 0)
            return vf_leader_id(sd, l);
    for (int o = 0; o < sd->nobjectives; o++)
        if (strcmp(sd->objective[o].id, id) == 0)
            return vf_objective_id(sd, o);
    for (int k = 0; k < sd->nterrain; k++)
        if (strcmp(sd->terrain[k].id, id) == 0)
            return vf_terrain_id(sd, k);
    return -1;
}

const char *vf_id_name(const void *sdata, int i)
{
    const vf_sdata *sd = sdata;
    if (i < 0)
        return NULL;
    if (i < sd->nunits)
        return sd->unit[i].id;
    if (i < sd->nunits + sd->nbrigades)
        return sd->brigade[i - sd->nunits].id;
    if (i < sd->nunits + sd->nbrigades + sd->nleaders)
        return sd->leader[i - sd->nunits - sd->nbrigades].id;
    if (vf_id_objective(sd, i) >= 0)
        return sd->objective[vf_id_objective(sd, i)].id;
    if (vf_id_terrain(sd, i) >= 0)
        return sd->terrain[vf_id_terrain(sd, i)].id;
    return NULL;
}

int vf_id_brigade(const vf_sdata *sd, int i)
{
    int b = i - sd->nunits;
    return b >= 0 && b < sd->nbrigades ? b : -1;
}

int vf_id_leader(const vf_sdata *sd, int i)
{
    int l = i - sd->nunits - sd->nbrigades;
    return l >= 0 && l < sd->nleaders ? l : -1;
}

int vf_id_objective(const vf_sdata *sd, int i)
{
    int o = i - sd->nunits - sd->nbrigades - sd->nleaders;
    return o >= 0 && o < sd->nobjectives ? o : -1;
}

int vf_id_terrain(const vf_sdata *sd, int i)
{
    int k = i - sd->nunits - sd->nbrigades - sd->nleaders - sd->nobjectives;
    return k >= 0 && k < sd->nterrain ? k : -1;
}

int vf_army_leader(const vf_sdata *sd, int side)
{
    for (int l = 0; l < sd->nleaders; l++)
        if (sd->leader[l].brigade < 0 && sd->leader[l].side == side)
            return l;
    return -1;
}

const char *vf_ids_clash(const vf_sdata *sd)
{
    for (int i = 0; i < vf_terrain_id(sd, sd->nterrain); i++)
        if (vf_id_find(sd, vf_id_name(sd, i)) != i)
            return vf_id_name(sd, i);
    return NULL;
}
