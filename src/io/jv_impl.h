/*
 * jv_impl.h — internals shared by the jv files (never included outside
 * src/io/jv*.c).
 *
 * jansson does not remember where a value sits in its file, and true, false
 * and null are shared singletons, so a json_t * alone can name neither a
 * position nor a path.  Each opened file therefore gets a node index: one
 * jv_doc per value, in document order (node 0 is the root), each knowing its
 * file, its container, its key or array index and its line and column.  The
 * `doc` field of a jv points at the value's node; an absent value
 * {node, NULL} points at the node of the object it is missing from, so
 * errors about it land on that object.
 */
#ifndef GR_JV_IMPL_H
#define GR_JV_IMPL_H

#include <stdarg.h>
#include <stdint.h>

#include <jansson.h>

#include "jv.h"

/* Deepest nesting of arrays and objects a data file may use. */
#define JV_MAX_DEPTH 64
/* Largest file the loader accepts (keeps every count in 32 bits). */
#define JV_MAX_FILE ((size_t)256 << 20)
/* Longest path shown in messages, e.g. "crt.rows[3]". */
#define JV_PATH_MAX 160
/* Parent of the root node. */
#define JV_NO_NODE UINT32_MAX

typedef struct jv_src jv_src;

/* One value of a file (what jv.doc points at). */
struct jv_doc {
    jv_src *file;
    json_t *value;
    const char *key;     /* member key (owned by jansson); NULL otherwise   */
    uint32_t parent;     /* node index of the container; JV_NO_NODE: root   */
    uint32_t index;      /* position inside the container                   */
    uint32_t first_kid;  /* containers: first slot of their kids in kids[]  */
    uint32_t line, col;  /* 1-based position of the value's first character */
    uint32_t key_line, key_col; /* members: position of the key's quote     */
    uint8_t recorded;    /* provisional wrapper already recorded            */
};

/* One opened file. */
struct jv_src {
    char *path;
    json_t *root;
    struct jv_doc *nodes;  /* nnodes values in document order              */
    uint32_t nnodes;
    uint32_t *kids;        /* node indices of every container's members    */
};

struct gr_loader {
    gr_read_fn read;
    void *read_ctx;
    gr_status status;
    gr_error err;
    uint64_t hash;
    jv_src **files;
    int nfiles, cap_files;
    char **prov;
    int nprov, cap_prov;
    int (*gate)(void *ctx);  /* allocation-failure test hook (may be NULL) */
    void *gate_ctx;
};

/* ---- jv_loader.c */

/* malloc/realloc through the loader's test gate; NULL when refused or out
 * of memory (the caller reports it).  Memory is released with free(). */
void *jv_alloc(gr_loader *ld, size_t size);
void *jv_realloc(gr_loader *ld, void *p, size_t size);
/* Records the first error of the load (printf format); later calls are
 * ignored.  Control characters are replaced so the message stays one line.
 * Returns GR_ERR_DATA, what every getter returns on failure. */
gr_status jv_error(gr_loader *ld, gr_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
gr_status jv_verror(gr_loader *ld, gr_status st, const char *fmt, va_list ap);
/* Appends one provisional record (copied). */
gr_status jv_prov_add(gr_loader *ld, const char *record);

/* ---- jv_text.c */

/* Rejects NUL bytes and invalid UTF-8 with "path:line:col: ..." errors. */
gr_status jv_text_check(gr_loader *ld, const char *path, const char *text, size_t len);
/* Builds f->nodes and f->kids for the parsed f->root from its text (the
 * same bytes jansson accepted).  Errors: nesting deeper than JV_MAX_DEPTH,
 * out of memory. */
gr_status jv_index_build(gr_loader *ld, jv_src *f, const char *text, size_t len);

/* ---- jv.c */

/* Readable path of a node ("crt.rows[3]"; "" for the root). */
void jv_path(const struct jv_doc *n, char *buf, size_t size);

#endif
