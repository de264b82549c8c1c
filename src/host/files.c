/* files.c — file access for programs; see files.h. */
#include "files.h"

#include <errno.h>
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

static int write_all(int fd, const char *p, size_t n)
{
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

static void sync_parent_dir(const char *path)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

int gr_host_write_atomic(const char *path, const void *data, size_t len, char *why,
                         size_t why_size)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof tmp) {
        snprintf(why, why_size, "%s: path too long", path);
        return -1;
    }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        snprintf(why, why_size, "%s: %s", tmp, strerror(errno));
        return -1;
    }
    if (write_all(fd, data, len) != 0 || fsync(fd) != 0) {
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
    sync_parent_dir(path);
    return 0;
}

const char *gr_host_data_dir(void)
{
    const char *env = getenv("GROGNARD_DATA");
    return env && *env ? env : GR_DATA_DIR;
}
