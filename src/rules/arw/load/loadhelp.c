/* loadhelp.c — small readers shared by the ARW loader's files: hex labels
 * and hex lists with ranges, the "proposed" member that marks a record's
 * fields as provisional proposals, and values that may be given inline or
 * as the name of a data file. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "loadint.h"

int arw_jv_is_string(jv x)
{
    json_t *v = x.v;
    if (v && json_is_object(v) && json_object_get(v, "value"))
        v = json_object_get(v, "value");
    return v && json_is_string(v);
}

gr_status arw_get_drm_or_p(gr_loader *ld, jv x, const char *p_means, int8_t *out)
{
    char s[4];
    int v;
    if (arw_jv_is_string(x)) {
        if (jv_str(ld, x, s, sizeof s) != GR_OK)
            return GR_ERR_DATA;
        if (strcmp(s, "P") != 0)
            return jv_fail(ld, x, "want a DRM or \"P\" (%s)", p_means);
        *out = ARW_DRM_P;
        return GR_OK;
    }
    if (jv_int(ld, x, -5, 5, &v) != GR_OK)
        return GR_ERR_DATA;
    *out = (int8_t)v;
    return GR_OK;
}

gr_status arw_get_name_mask(gr_loader *ld, jv arr, const char *const *names, uint32_t *out)
{
    size_t n;
    *out = 0;
    if (jv_array(ld, arr, 0, 32, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        int k;
        if (jv_enum(ld, jv_at(arr, i), names, &k) != GR_OK)
            return GR_ERR_DATA;
        *out |= 1u << k;
    }
    return GR_OK;
}

gr_status arw_get_hex(gr_loader *ld, jv x, const arw_data *d, int16_t *out)
{
    char label[16];
    if (jv_str(ld, x, label, sizeof label) != GR_OK)
        return GR_ERR_DATA;
    int h = gr_grid_find(&d->map.grid, label);
    if (h < 0)
        return jv_fail(ld, x, "hex '%s' is not on the map", label);
    *out = (int16_t)h;
    return GR_OK;
}

/* "CCRR-CCRR" in one column, rows ascending: appends the hexes. */
static gr_status add_range(gr_loader *ld, jv x, const char *text, const arw_data *d,
                           int16_t *out, int cap, int *n)
{
    char a[8], b[8];
    const char *dash = strchr(text, '-');
    size_t la = (size_t)(dash - text);
    if (la == 0 || la >= sizeof a || strlen(dash + 1) >= sizeof b)
        return jv_fail(ld, x, "bad hex range '%s' (want e.g. \"1402-1404\")", text);
    memcpy(a, text, la);
    a[la] = '\0';
    snprintf(b, sizeof b, "%s", dash + 1);
    int ha = gr_grid_find(&d->map.grid, a), hb = gr_grid_find(&d->map.grid, b);
    int ca, ra, cb, rb;
    if (ha < 0 || hb < 0)
        return jv_fail(ld, x, "hex range '%s' is not on the map", text);
    gr_grid_cr(&d->map.grid, ha, &ca, &ra);
    gr_grid_cr(&d->map.grid, hb, &cb, &rb);
    if (ca != cb || rb < ra)
        return jv_fail(ld, x, "hex range '%s' must run down one column", text);
    for (int r = ra; r <= rb; r++) {
        if (*n >= cap)
            return jv_fail(ld, x, "more than %d hexes in the list", cap);
        out[(*n)++] = (int16_t)gr_grid_index_cr(&d->map.grid, ca, r);
    }
    return GR_OK;
}

gr_status arw_get_hex_list(gr_loader *ld, jv arr, const arw_data *d, int16_t *out, int cap,
                           int *n)
{
    size_t len;
    *n = 0;
    if (jv_array(ld, arr, 1, (size_t)cap, &len) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < len; i++) {
        jv x = jv_at(arr, i);
        char text[24];
        if (jv_str(ld, x, text, sizeof text) != GR_OK)
            return GR_ERR_DATA;
        if (strchr(text, '-')) {
            if (add_range(ld, x, text, d, out, cap, n) != GR_OK)
                return GR_ERR_DATA;
            continue;
        }
        if (*n >= cap)
            return jv_fail(ld, x, "more than %d hexes in the list", cap);
        if (arw_get_hex(ld, x, d, &out[*n]) != GR_OK)
            return GR_ERR_DATA;
        (*n)++;
    }
    return GR_OK;
}

gr_status arw_load_proposed(gr_loader *ld, jv rec, const char *const *fields, uint32_t *mask)
{
    char text[256], *save = NULL;
    *mask = 0;
    jv x = jv_opt(ld, rec, "proposed");
    if (!x.v)
        return gr_loader_status(ld);
    if (!jv_is_provisional(x))
        return jv_fail(ld, x, "\"proposed\" must be a provisional wrapper "
                              "{\"value\": \"field ...\", \"provisional\": \"why\"}");
    if (jv_str(ld, x, text, sizeof text) != GR_OK)
        return GR_ERR_DATA;
    for (char *w = strtok_r(text, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        int i = arw_name_index(fields, w);
        if (i < 0 || i >= 32)
            return jv_fail(ld, x, "\"proposed\" names '%s', which is not a field here", w);
        if (!jv_opt(ld, rec, w).v)
            return jv_fail(ld, x, "\"proposed\" names '%s', which this record does not give",
                           w);
        *mask |= 1u << i;
    }
    if (*mask == 0)
        return jv_fail(ld, x, "\"proposed\" lists no field");
    return GR_OK;
}

gr_status arw_inline_or_file(gr_loader *ld, jv x, const char *member, jv *out)
{
    char path[128], source[1024];
    int format;
    *out = x;
    if (!x.v || !arw_jv_is_string(x))
        return gr_loader_status(ld);
    if (jv_str(ld, x, path, sizeof path) != GR_OK)
        return GR_ERR_DATA;
    jv root = jv_open(ld, path);
    if (!root.doc || jv_get_int(ld, root, "format", 1, 1, &format) != GR_OK ||
        jv_get_str(ld, root, "source", source, sizeof source) != GR_OK)
        return GR_ERR_DATA;
    if (member) {
        const char *keys[] = {"format", "source", member, NULL};
        if (jv_keys(ld, root, keys) != GR_OK)
            return GR_ERR_DATA;
        root = jv_get(ld, root, member);
    }
    *out = root;
    return gr_loader_status(ld);
}

gr_status arw_get_features(gr_loader *ld, jv fs, const arw_data *d, int min, int *f, int *n)
{
    size_t len;
    if (jv_array(ld, fs, (size_t)min, ARW_MAX_FEATURES, &len) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < len; i++) {
        char id[24];
        if (jv_str(ld, jv_at(fs, i), id, sizeof id) != GR_OK)
            return GR_ERR_DATA;
        f[i] = -1;
        for (int k = 0; k < d->nfeatures; k++)
            if (strcmp(d->feature[k].id, id) == 0)
                f[i] = k;
        if (f[i] < 0)
            return jv_fail(ld, jv_at(fs, i), "unknown hexside feature '%s'", id);
    }
    *n = (int)len;
    return GR_OK;
}
