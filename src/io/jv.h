/*
 * jv.h — validated reading of JSON data files (jansson underneath).
 *
 * A gr_loader is the context of one scenario load: it reads files through the
 * caller's gr_read_fn, parses them with jansson, remembers where every value
 * sits in its file (line and column, 1-based), accumulates the data hash and
 * the list of provisional values, and holds the first error as
 * "file:line:column: message".
 *
 * Values may be given bare (5) or wrapped with a provenance note:
 *     {"value": 5, "provisional": "thresholds not printed in the rulebook"}
 * Every typed getter below accepts both; a wrapper must carry a non-empty
 * reason and nothing else.  Each wrapped value is recorded as provisional.
 *
 * All getters return GR_OK or GR_ERR_DATA (with the error set at the position
 * of the offending value, or of the object when a key is missing).  After the
 * first error every further getter returns GR_ERR_DATA at once, so loaders may
 * chain calls and check once.
 */
#ifndef GR_JV_H
#define GR_JV_H

#include <stddef.h>
#include <stdint.h>

#include "grognard.h"

typedef struct json_t json_t;       /* jansson */
typedef struct gr_loader gr_loader;
typedef struct jv_doc jv_doc;

/* A value inside a parsed document.  Plain value type; `v` is NULL for an
 * absent optional value. */
typedef struct jv {
    jv_doc *doc;
    json_t *v;
} jv;

/* Creates a loader.  NULL on OOM.  `read` is borrowed. */
gr_loader *gr_loader_new(gr_read_fn read, void *read_ctx);
/* Frees the loader and every document it opened. */
void gr_loader_free(gr_loader *ld);
/* Status of the first error so far (GR_OK if none) and its text. */
gr_status gr_loader_status(const gr_loader *ld);
const gr_error *gr_loader_error(const gr_loader *ld);
/* Data hash of every file opened so far (FNV-1a 64 over names and bytes). */
uint64_t gr_loader_hash(const gr_loader *ld);
/* Provisional values recorded so far; the loader keeps ownership. */
int gr_loader_prov_count(const gr_loader *ld);
const char *gr_loader_prov(const gr_loader *ld, int i);
/* Moves the provisional list out of the loader (caller frees each string and
 * the array); sets *n.  Returns NULL when empty. */
char **gr_loader_take_prov(gr_loader *ld, int *n);

/* Reads and parses file `path`; the document lives until the loader is freed.
 * Duplicate keys are an error.  Returns the root value (doc NULL on error). */
jv jv_open(gr_loader *ld, const char *path);
/* Name of the file a value comes from. */
const char *jv_file(jv x);
/* Line and column (1-based) of a value; 0 when unknown. */
void jv_pos(jv x, int *line, int *col);

/* Records an error at the position of x (printf format).  Returns GR_ERR_DATA.
 * Only the first error of a load is kept. */
gr_status jv_fail(gr_loader *ld, jv x, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- structure */

/* Member `key` of object `obj`; error if obj is not an object or key missing. */
jv jv_get(gr_loader *ld, jv obj, const char *key);
/* Member `key` or {doc, NULL} if absent (error only if obj is not an object). */
jv jv_opt(gr_loader *ld, jv obj, const char *key);
/* Error unless every key of obj is in the NULL-terminated list `allowed`
 * (catches typos in data files). */
gr_status jv_keys(gr_loader *ld, jv obj, const char *const *allowed);
/* Checks x is an array with min..max elements; stores the length. */
gr_status jv_array(gr_loader *ld, jv x, size_t min, size_t max, size_t *len);
/* Element i of an array (no bounds error: check with jv_array first). */
jv jv_at(jv arr, size_t i);
/* Checks x is an object; stores the number of members. */
gr_status jv_object(gr_loader *ld, jv x, size_t *count);
/* i-th member of an object in document order: key and value. */
jv jv_member(jv obj, size_t i, const char **key);

/* ---- scalars (bare or provisional-wrapped) */

gr_status jv_int(gr_loader *ld, jv x, long min, long max, int *out);
gr_status jv_num(gr_loader *ld, jv x, double min, double max, double *out);
gr_status jv_bool(gr_loader *ld, jv x, int *out);
/* Copies a string of 1..size-1 bytes into buf. */
gr_status jv_str(gr_loader *ld, jv x, char *buf, size_t size);
/* String that must equal one of `names` (NULL-terminated); stores its index. */
gr_status jv_enum(gr_loader *ld, jv x, const char *const *names, int *out);
/* Key-and-getter shorthands: member `key` of obj. */
gr_status jv_get_int(gr_loader *ld, jv obj, const char *key, long min, long max, int *out);
gr_status jv_get_str(gr_loader *ld, jv obj, const char *key, char *buf, size_t size);
gr_status jv_get_enum(gr_loader *ld, jv obj, const char *key, const char *const *names,
                      int *out);
/* Optional member: stores `dflt` when absent. */
gr_status jv_opt_int(gr_loader *ld, jv obj, const char *key, long min, long max,
                     int dflt, int *out);
/* Non-zero when x (possibly wrapped) carries a provisional note. */
int jv_is_provisional(jv x);

/* ---- testing */

/* Allocation-failure hook for tests: before each allocation of its own the
 * loader calls gate(ctx) and treats a zero return as out of memory.  (The
 * allocations jansson makes are hooked separately, by the test program, with
 * json_set_alloc_funcs; library code never calls that.)  NULL removes it. */
void gr_loader_set_alloc_gate(gr_loader *ld, int (*gate)(void *ctx), void *ctx);

/* Keys of the scenario file read by the core ("format", "system", "id",
 * "title"); a system loader adds its own keys to these for jv_keys. */
const char *const *gr_scenario_common_keys(void);

#endif
