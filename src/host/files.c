/* files.c — file access for programs; see files.h. */
#include "files.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef GR_DATA_DIR
#define GR_DATA_DIR "data"
#endif

char *gr_host_slurp(const char *path, size_t *len, char *why, size_t why_size)
{
    return gr_host_slurp_max(path, GR_HOST_READ_MAX, len, why, why_size);
}

char *gr_host_slurp_max(const char *path, size_t max, size_t *len, char *why, size_t why_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, why_size, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        if (n > max)
            break; /* never read on past the cap (a device like /dev/zero) */
        char *bigger = realloc(buf, cap * 2 + 1);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (buf && n > max) {
        free(buf);
        snprintf(why, why_size, "%s: larger than %zu bytes", path, max);
        return NULL;
    }
    if (!buf || bad) {
        snprintf(why, why_size, "%s: %s", path, buf ? "read error" : "out of memory");
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

int gr_host_read(void *ctx, const char *path, char **buf, size_t *len, char *why,
                 size_t why_size)
{
    const char *root = ctx ? ctx : gr_host_data_dir();
    if (strstr(path, "..") || path[0] == '/') {
        snprintf(why, why_size, "%s: path must stay inside the data directory", path);
        return -1;
    }
    size_t need = strlen(root) + strlen(path) + 2;
    char *full = malloc(need);
    if (!full) {
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    snprintf(full, need, "%s/%s", root, path);
    *buf = gr_host_slurp(full, len, why, why_size);
    free(full);
    return *buf ? 0 : -1;
}

int gr_host_write_all(int fd, const void *data, size_t n)
{
    const char *p = data;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static void sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* Splits path into its directory ("." if none) and its last component. */
static int split_path(const char *path, char *dir, size_t dir_size, const char **base)
{
    const char *slash = strrchr(path, '/');
    *base = slash ? slash + 1 : path;
    if (!slash)
        return snprintf(dir, dir_size, ".") < (int)dir_size ? 0 : -1;
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    if (n >= dir_size)
        return -1;
    memcpy(dir, path, n);
    dir[n] = '\0';
    return 0;
}

/* Removes the temporaries "<base>.tmp.<pid>.<x>" that dead processes of
 * this user left in dir (a kill -9 between creating and renaming one).  A
 * temporary of a live process, of another user, or that is not a regular
 * file is never touched. */
static void remove_stale_temporaries(const char *dir, const char *base)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    size_t blen = strlen(base);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        const char *n = e->d_name;
        if (strncmp(n, base, blen) != 0 || strncmp(n + blen, ".tmp.", 5) != 0)
            continue;
        char *end;
        long pid = strtol(n + blen + 5, &end, 10);
        if (end == n + blen + 5 || *end != '.' || pid <= 0 || pid == (long)getpid())
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue; /* alive, or not ours to judge */
        struct stat st;
        if (fstatat(dirfd(d), n, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
            st.st_uid == geteuid())
            unlinkat(dirfd(d), n, 0);
    }
    closedir(d);
}

/* Creates the temporary "<path>.tmp.<pid>.XXXXXX" with O_EXCL (mkstemp: a
 * name planted in advance, symlink or not, is never opened), mode 0666
 * less the umask.  Returns the descriptor, or -1 with errno set. */
static int create_temporary(const char *path, char *tmp, size_t tmp_size)
{
    if (snprintf(tmp, tmp_size, "%s.tmp.%ld.XXXXXX", path, (long)getpid()) >= (int)tmp_size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = mkstemp(tmp);
    if (fd < 0)
        return -1;
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0) {
        int e = errno;
        close(fd);
        unlink(tmp);
        errno = e;
        return -1;
    }
    return fd;
}

int gr_host_write_atomic(const char *path, const void *data, size_t len, char *why,
                         size_t why_size)
{
    char tmp[4096], dir[4096];
    const char *base;
    if (split_path(path, dir, sizeof dir, &base) != 0 || !*base) {
        snprintf(why, why_size, "%s: not a file path (or too long)", path);
        return -1;
    }
    remove_stale_temporaries(dir, base);
    int fd = create_temporary(path, tmp, sizeof tmp);
    if (fd < 0) {
        snprintf(why, why_size, "%s: cannot create a temporary file: %s", path, strerror(errno));
        return -1;
    }
    if (gr_host_write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        snprintf(why, why_size, "%s: %s", tmp, strerror(errno));
        close(fd);
        unlink(tmp);
        return -1;
    }
    if (close(fd) != 0 || rename(tmp, path) != 0) {
        snprintf(why, why_size, "%s: %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    sync_dir(dir);
    return 0;
}

const char *gr_host_data_dir(void)
{
    const char *env = getenv("GROGNARD_DATA");
    return env && *env ? env : GR_DATA_DIR;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int gr_host_list_scenarios(char **names, int max)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/scenarios", gr_host_data_dir());
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) && n < max;) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0 &&
            (names[n] = strndup(e->d_name, len - 5)) != NULL)
            n++;
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, compare_names);
    return n;
}
