/*
 * words.h — the log in words for programs: a system's templates from the
 * data directory (grognard.h, "The log in words"), where a system with no
 * words file says everything plainly.
 */
#ifndef GR_HOST_WORDS_H
#define GR_HOST_WORDS_H

#include <stddef.h>

#include "grognard.h"

/* The words of `system` from words/<system>.json under the data directory
 * `dir` (gr_host_data_dir() when NULL), or an empty table when the file
 * does not exist.  NULL with "file:line:column: reason" in why when the
 * file is malformed (or memory runs out). */
gr_wording *gw_words_load(const char *dir, const char *system, char *why, size_t why_size);

#endif
