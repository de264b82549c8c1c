/* scenario.c — loading a scenario: its top-level file
 * "scenarios/<id>.json" names the rule system, whose loader reads the rest
 * (tables, map, order of battle) through the same gr_loader. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gr_internal.h"
#include "jv.h"

static const char *const SCENARIO_KEYS_COMMON[] = {"format", "system", "id", "title", NULL};

static int valid_id(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n >= 64)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!islower((unsigned char)id[i]) && !isdigit((unsigned char)id[i]) && id[i] != '-' &&
            id[i] != '_')
            return 0;
    return 1;
}

/* Reads the common header of the scenario file into sc. */
static const gr_rules *read_header(gr_loader *ld, jv root, const char *id, gr_scenario *sc)
{
    char system[16];
    int format;
    if (jv_get_int(ld, root, "format", 1, 1, &format) != GR_OK ||
        jv_get_str(ld, root, "system", system, sizeof system) != GR_OK ||
        jv_get_str(ld, root, "id", sc->id, sizeof sc->id) != GR_OK ||
        jv_get_str(ld, root, "title", sc->title, sizeof sc->title) != GR_OK)
        return NULL;
    if (strcmp(sc->id, id) != 0) {
        jv_fail(ld, jv_get(ld, root, "id"), "scenario id '%s' does not match its file name '%s'",
                sc->id, id);
        return NULL;
    }
    const gr_rules *r = gr_rules_find(system);
    if (!r)
        jv_fail(ld, jv_get(ld, root, "system"), "unknown rule system '%s'", system);
    return r;
}

gr_status gr_scenario_load(const char *id, gr_read_fn read, void *read_ctx,
                           gr_scenario **out, gr_error *err)
{
    if (!id || !read || !out)
        return gr_failst(err, GR_ERR_ARG, NULL, "gr_scenario_load: NULL argument");
    *out = NULL;
    if (!valid_id(id))
        return gr_failst(err, GR_ERR_ARG, NULL,
                         "bad scenario id '%s' (lower-case letters, digits, '-', '_')", id);
    gr_loader *ld = gr_loader_new(read, read_ctx);
    gr_scenario *sc = calloc(1, sizeof *sc);
    if (!ld || !sc) {
        gr_loader_free(ld);
        free(sc);
        return gr_failst(err, GR_ERR_NOMEM, NULL, "out of memory loading '%s'", id);
    }
    char path[96];
    snprintf(path, sizeof path, "scenarios/%s.json", id);
    jv root = jv_open(ld, path);
    const gr_rules *r = root.doc ? read_header(ld, root, id, sc) : NULL;
    void *sdata = NULL;
    if (r && r->load(ld, &root, &sdata) == GR_OK && gr_loader_status(ld) == GR_OK) {
        sc->rules = r;
        sc->sdata = sdata;
        sc->data_hash = gr_loader_hash(ld);
        sc->prov = gr_loader_take_prov(ld, &sc->nprov);
        gr_loader_free(ld);
        *out = sc;
        return GR_OK;
    }
    if (r && sdata)
        r->free_sdata(sdata);
    gr_status st = gr_loader_status(ld);
    if (err)
        *err = *gr_loader_error(ld);
    gr_loader_free(ld);
    free(sc);
    return st != GR_OK ? st : GR_ERR_DATA;
}

void gr_scenario_free(gr_scenario *sc)
{
    if (!sc)
        return;
    if (sc->rules && sc->sdata)
        sc->rules->free_sdata(sc->sdata);
    for (int i = 0; i < sc->nprov; i++)
        free(sc->prov[i]);
    free(sc->prov);
    free(sc);
}

const char *gr_scenario_id(const gr_scenario *sc) { return sc ? sc->id : NULL; }
const char *gr_scenario_title(const gr_scenario *sc) { return sc ? sc->title : NULL; }
const char *gr_scenario_system(const gr_scenario *sc)
{
    return sc ? sc->rules->system : NULL;
}
uint64_t gr_scenario_data_hash(const gr_scenario *sc) { return sc ? sc->data_hash : 0; }
int gr_scenario_provisional_count(const gr_scenario *sc) { return sc ? sc->nprov : 0; }

gr_search_hints gr_scenario_search_hints(const gr_scenario *sc)
{
    gr_search_hints none = {0, 0};
    return sc ? sc->rules->search_hints : none;
}

const char *gr_scenario_provisional(const gr_scenario *sc, int i)
{
    return sc && i >= 0 && i < sc->nprov ? sc->prov[i] : NULL;
}

gr_status gr_scenario_edit(gr_scenario *sc, const char *line, gr_error *err)
{
    if (!sc || !line)
        return gr_failst(err, GR_ERR_ARG, NULL, "gr_scenario_edit: NULL argument");
    if (!sc->rules->edit)
        return gr_failst(err, GR_ERR_ARG, NULL, "%s scenarios cannot be edited",
                         sc->rules->system);
    return sc->rules->edit(sc->sdata, line, err);
}

const char *const *gr_scenario_common_keys(void)
{
    return SCENARIO_KEYS_COMMON;
}
