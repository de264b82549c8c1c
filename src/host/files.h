/*
 * files.h — file access for programs (never used by the library): the
 * gr_read_fn over a data directory, whole-file reading, and atomic writes
 * (temporary file, fsync, rename) so that a save is never half-written.
 */
#ifndef GR_HOST_FILES_H
#define GR_HOST_FILES_H

#include <stddef.h>

/* gr_read_fn reading `path` under the directory `ctx` (a const char *). */
int gr_host_read(void *ctx, const char *path, char **buf, size_t *len, char *why,
                 size_t why_size);
/* The most gr_host_slurp reads: 64 MiB (data files are far smaller). */
#define GR_HOST_READ_MAX ((size_t)64 << 20)
/* Reads a whole file into a NUL-terminated malloc'ed buffer; NULL on error
 * with the reason in why (also for a file, or a device such as /dev/zero,
 * longer than GR_HOST_READ_MAX: reading stops there). */
char *gr_host_slurp(const char *path, size_t *len, char *why, size_t why_size);
/* The same with the cap `max` bytes. */
char *gr_host_slurp_max(const char *path, size_t max, size_t *len, char *why, size_t why_size);
/* Writes data to path atomically: a new temporary path.tmp.<pid>.XXXXXX
 * created exclusively (mkstemp: never a name planted in advance, never
 * through a symlink), fsync, rename, fsync of the directory.  Temporaries
 * that dead processes of this user left beside path are removed first.
 * Returns 0, or -1 with the reason in why (the old file, if any, is
 * untouched). */
int gr_host_write_atomic(const char *path, const void *data, size_t len, char *why,
                         size_t why_size);
/* Writes all n bytes of data to fd, again after EINTR and short writes.
 * 0, or -1 (errno set) when a write fails or writes nothing. */
int gr_host_write_all(int fd, const void *data, size_t n);
/* The data directory: $GROGNARD_DATA if set, else the build-time default. */
const char *gr_host_data_dir(void);
/* The ids of the scenarios installed in the data directory, sorted, into
 * names[0..max) (malloc'ed; the caller frees them); -1 when the folder
 * cannot be read. */
int gr_host_list_scenarios(char **names, int max);

#endif
