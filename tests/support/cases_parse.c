/* cases_parse.c — reading .case files into rule_case structures (see
 * docs/rule-cases.md for the format). */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cases.h"
#include "host/files.h"

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

static int add_step(rule_case *c, const char *kw, const char *arg, int line)
{
    case_step *s = realloc(c->steps, sizeof *s * (size_t)(c->nsteps + 1));
    if (!s)
        return -1;
    c->steps = s;
    case_step *st = &s[c->nsteps];
    snprintf(st->kw, sizeof st->kw, "%s", kw);
    st->arg = dupstr(arg);
    st->line = line;
    if (!st->arg)
        return -1;
    c->nsteps++;
    return 0;
}

static void free_case(rule_case *c)
{
    for (int i = 0; i < c->nsteps; i++)
        free(c->steps[i].arg);
    free(c->steps);
    free(c->file);
    free(c->name);
    free(c->tags);
    free(c->scenario);
    free(c->options);
    memset(c, 0, sizeof *c);
}

static void set_str(char **dst, const char *v)
{
    free(*dst);
    *dst = dupstr(v);
}

/* Header keys shared by file defaults and cases. */
static int header_key(rule_case *c, const char *kw, const char *arg)
{
    if (strcmp(kw, "scenario") == 0)
        set_str(&c->scenario, arg);
    else if (strcmp(kw, "options") == 0)
        set_str(&c->options, arg);
    else if (strcmp(kw, "seed") == 0)
        c->seed = strtoull(arg, NULL, 10);
    else if (strcmp(kw, "tags") == 0)
        set_str(&c->tags, arg);
    else
        return 0;
    return 1;
}

static const char *const STEP_KEYWORDS[] = {
    "edit", "setup", "dice", "dice-left", "do", "reject", "expect", "event", "no-event", "pending",
    "over", "legal", "illegal", "count-legal", "view-hides", "view-shows", "log", NULL};

static int is_step_keyword(const char *kw)
{
    for (int i = 0; STEP_KEYWORDS[i]; i++)
        if (strcmp(STEP_KEYWORDS[i], kw) == 0)
            return 1;
    return 0;
}

/* A new case that starts from the file defaults (header and common steps). */
static int start_case(case_list *list, const rule_case *dflt, const char *path,
                      const char *name, int line)
{
    if (list->n == list->cap) {
        int cap = list->cap ? list->cap * 2 : 64;
        rule_case *items = realloc(list->items, sizeof *items * (size_t)cap);
        if (!items)
            return -1;
        list->items = items;
        list->cap = cap;
    }
    rule_case *c = &list->items[list->n++];
    memset(c, 0, sizeof *c);
    c->file = dupstr(path);
    c->line = line;
    size_t need = strlen(path) + strlen(name) + 24;
    c->name = malloc(need);
    if (c->name)
        snprintf(c->name, need, "%s:%d %s", path, line, name);
    c->seed = dflt->seed;
    if (dflt->scenario)
        c->scenario = dupstr(dflt->scenario);
    if (dflt->options)
        c->options = dupstr(dflt->options);
    if (dflt->tags)
        c->tags = dupstr(dflt->tags);
    for (int i = 0; i < dflt->nsteps; i++)
        if (add_step(c, dflt->steps[i].kw, dflt->steps[i].arg, dflt->steps[i].line) != 0)
            return -1;
    return c->name && c->file ? 0 : -1;
}

typedef struct parser {
    case_list *list;
    const char *path;
    rule_case dflt;   /* file defaults and common steps            */
    rule_case *cur;   /* case being read, or &dflt before the first */
    int map_rows;     /* rows of the current map: block            */
    int comment_line; /* line of the last '#' comment               */
    char *why;
    size_t why_size;
} parser;

static int perr(parser *p, int line, const char *msg, const char *what)
{
    snprintf(p->why, p->why_size, "%s:%d: %s%s", p->path, line, msg, what);
    return -1;
}

static int parse_line(parser *p, char *raw, int line)
{
    if (p->map_rows >= 0 && raw[0] && isspace((unsigned char)raw[0]) && *trim(raw)) {
        char arg[600];
        snprintf(arg, sizeof arg, "map-row %d %s", p->map_rows++, trim(raw));
        return add_step(p->cur, "edit", arg, line);
    }
    p->map_rows = -1;
    char *s = trim(raw);
    if (*s == '#')
        p->comment_line = line;
    if (!*s || *s == '#')
        return 0;
    if (strcmp(s, "end") == 0) {
        p->cur = &p->dflt;
        return 0;
    }
    char *colon = strchr(s, ':');
    if (!colon)
        return perr(p, line, "expected 'keyword: argument', got: ", s);
    *colon = '\0';
    char *kw = trim(s), *arg = trim(colon + 1);
    if (strcmp(kw, "case") == 0) {
        if (start_case(p->list, &p->dflt, p->path, arg, line) != 0)
            return perr(p, line, "out of memory", "");
        p->cur = &p->list->items[p->list->n - 1];
        return 0;
    }
    if (strcmp(kw, "map") == 0) {
        p->map_rows = 0;
        return 0;
    }
    if (header_key(p->cur, kw, arg))
        return 0;
    if (!is_step_keyword(kw))
        return perr(p, line, "unknown keyword: ", kw);
    if (strcmp(kw, "reject") == 0 && arg[0] == '-' && isspace((unsigned char)arg[1])) {
        /* a comment, or a run of such rejects under one comment */
        if (p->comment_line != line - 1)
            return perr(p, line, "'reject: -' (any rule) needs a '#' comment on the line ",
                        "above saying why no rule id fits");
        p->comment_line = line;
    }
    return add_step(p->cur, kw, arg, line);
}

int cases_parse_file(case_list *list, const char *path, char *why, size_t why_size)
{
    size_t len;
    char *text = gr_host_slurp(path, &len, why, why_size);
    if (!text)
        return -1;
    parser p = {list, path, {0}, NULL, -1, 0, why, why_size};
    p.dflt.seed = 1;
    p.cur = &p.dflt;
    int rc = 0, line = 0;
    for (char *save = NULL, *ln = text; ln && rc == 0; ln = save) {
        save = strchr(ln, '\n');
        if (save)
            *save++ = '\0';
        rc = parse_line(&p, ln, ++line);
    }
    free_case(&p.dflt);
    free(text);
    return rc;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted list of the entries of dir (caller frees). */
static char **list_dir(const char *dir, int *n)
{
    DIR *d = opendir(dir);
    char **names = NULL;
    *n = 0;
    if (!d)
        return NULL;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char **t = realloc(names, sizeof *names * (size_t)(*n + 1));
        if (!t)
            break;
        names = t;
        names[(*n)++] = dupstr(e->d_name);
    }
    closedir(d);
    if (names)
        qsort(names, (size_t)*n, sizeof *names, compare_names);
    return names;
}

int cases_parse_dir(case_list *list, const char *dir, char *why, size_t why_size)
{
    int n, rc = 0;
    char **names = list_dir(dir, &n);
    for (int i = 0; i < n; i++) {
        char path[1024];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t len = strlen(names[i]);
        if (rc == 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            rc = cases_parse_dir(list, path, why, why_size);
        else if (rc == 0 && len > 5 && strcmp(names[i] + len - 5, ".case") == 0)
            rc = cases_parse_file(list, path, why, why_size);
        free(names[i]);
    }
    free(names);
    return rc;
}

void cases_free(case_list *list)
{
    for (int i = 0; i < list->n; i++)
        free_case(&list->items[i]);
    free(list->items);
    memset(list, 0, sizeof *list);
}
