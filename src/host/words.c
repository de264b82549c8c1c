/* words.c — a system's words from the data directory (words.h). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "files.h"
#include "words.h"

gr_wording *gw_words_load(const char *dir, const char *system, char *why, size_t why_size)
{
    char full[4096];
    dir = dir ? dir : gr_host_data_dir();
    snprintf(full, sizeof full, "%s/words/%s.json", dir, system);
    if (access(full, F_OK) != 0 && errno == ENOENT) {
        gr_wording *none = gr_wording_plain();
        if (!none)
            snprintf(why, why_size, "out of memory");
        return none;
    }
    gr_wording *w = NULL;
    gr_error err = {{0}, {0}};
    if (gr_wording_load(system, gr_host_read, (void *)(uintptr_t)dir, &w, &err) != GR_OK)
        snprintf(why, why_size, "%s", err.msg);
    return w;
}
