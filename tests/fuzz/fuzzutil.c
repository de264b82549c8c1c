/* fuzzutil.c — helpers shared by the fuzz targets (fuzz.h). */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "host/files.h"

#define FZ_MAX_SCENARIOS 32

/* Fuzzing state lives for the whole process: the scenarios are loaded once
 * (a program, not the library: static caches are fine here). */
static char *scenario_ids[FZ_MAX_SCENARIOS];
static gr_scenario *scenarios[FZ_MAX_SCENARIOS];
static int nscenarios = -1;

#define FZ_MAX_FILES 32
/* The data files each scenario read on its first load. */
typedef struct fz_files {
    int n;
    char *path[FZ_MAX_FILES];
    char *text[FZ_MAX_FILES];
    size_t len[FZ_MAX_FILES];
} fz_files;
static fz_files files[FZ_MAX_SCENARIOS];

/* What fz_load's read callback serves. */
typedef struct fz_serve {
    const fz_files *files;
    int replace;
    const uint8_t *text;
    size_t len;
} fz_serve;

void fz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "fuzz: %s:%d: %s: ", file, line, cond);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

const char *fz_data_dir(void)
{
    return gr_host_data_dir();
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Lists data/scenarios once. */
static void list_scenarios(void)
{
    char dir[1200];
    snprintf(dir, sizeof dir, "%s/scenarios", fz_data_dir());
    DIR *d = opendir(dir);
    FZ_CHECK(d != NULL, "cannot open %s", dir);
    nscenarios = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) && nscenarios < FZ_MAX_SCENARIOS) {
        size_t n = strlen(ent->d_name);
        if (n > 5 && strcmp(ent->d_name + n - 5, ".json") == 0)
            scenario_ids[nscenarios++] = strndup(ent->d_name, n - 5);
    }
    closedir(d);
    qsort(scenario_ids, (size_t)nscenarios, sizeof scenario_ids[0], cmp_str);
    FZ_CHECK(nscenarios > 0, "no scenario in %s", dir);
}

int fz_scenario_count(void)
{
    if (nscenarios < 0)
        list_scenarios();
    return nscenarios;
}

const char *fz_scenario_id(int i)
{
    FZ_CHECK(i >= 0 && i < fz_scenario_count(), "scenario %d", i);
    return scenario_ids[i];
}

/* gr_read_fn over the data root that keeps a copy of every file read. */
static int record_read(void *ctx, const char *path, char **buf, size_t *len, char *why,
                       size_t why_size)
{
    fz_files *f = ctx;
    if (gr_host_read((void *)fz_data_dir(), path, buf, len, why, why_size) != 0)
        return -1;
    FZ_CHECK(f->n < FZ_MAX_FILES, "too many files");
    f->path[f->n] = strdup(path);
    f->text[f->n] = malloc(*len ? *len : 1);
    FZ_CHECK(f->path[f->n] && f->text[f->n], "out of memory");
    memcpy(f->text[f->n], *buf, *len);
    f->len[f->n++] = *len;
    return 0;
}

const gr_scenario *fz_scenario(int i)
{
    const char *id = fz_scenario_id(i);
    if (!scenarios[i]) {
        gr_error err = {{0}, {0}};
        gr_status st = gr_scenario_load(id, record_read, &files[i], &scenarios[i], &err);
        FZ_CHECK(st == GR_OK, "loading %s: %s", id, err.msg);
    }
    return scenarios[i];
}

int fz_file_count(int i)
{
    fz_scenario(i);
    return files[i].n;
}

const char *fz_file_path(int i, int j)
{
    FZ_CHECK(j >= 0 && j < fz_file_count(i), "file %d", j);
    return files[i].path[j];
}

/* gr_read_fn serving the recorded files (exactly len bytes, no NUL). */
static int serve_read(void *ctx, const char *path, char **buf, size_t *len, char *why,
                      size_t why_size)
{
    const fz_serve *s = ctx;
    for (int j = 0; j < s->files->n; j++) {
        if (strcmp(path, s->files->path[j]) != 0)
            continue;
        int mine = j == s->replace && s->text;
        const void *src = mine ? (const void *)s->text : s->files->text[j];
        *len = mine ? s->len : s->files->len[j];
        *buf = malloc(*len ? *len : 1);
        if (!*buf)
            return -1;
        memcpy(*buf, src, *len);
        return 0;
    }
    snprintf(why, why_size, "not a file of this scenario");
    return -1;
}

gr_status fz_load(int i, int j, const uint8_t *text, size_t len, gr_scenario **out,
                  gr_error *err)
{
    fz_scenario(i);
    fz_serve s = {&files[i], j, text, len};
    return gr_scenario_load(fz_scenario_id(i), serve_read, &s, out, err);
}

unsigned fz_byte(fz_in *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

int fz_line(fz_in *in, char *buf, size_t size)
{
    if (in->n == 0)
        return 0;
    size_t k = 0;
    while (in->n > 0) {
        uint8_t c = *in->p++;
        in->n--;
        if (c == '\n')
            break;
        if (k + 1 < size)
            buf[k++] = c ? (char)c : ' ';
    }
    buf[k] = '\0';
    return 1;
}
