/* registry.c — the rule systems compiled into the library.  The list comes
 * from the Makefile (one X(name) per folder under src/rules/), so adding a
 * system is adding its folder. */
#include <string.h>

#include "gr_internal.h"

#ifndef GR_SYSTEM_LIST
#define GR_SYSTEM_LIST
#endif

#define X(s) extern const gr_rules gr_rules_##s;
GR_SYSTEM_LIST
#undef X

static const gr_rules *const all_rules[] = {
#define X(s) &gr_rules_##s,
    GR_SYSTEM_LIST
#undef X
    NULL};

static const char *const all_names[] = {
#define X(s) #s,
    GR_SYSTEM_LIST
#undef X
    NULL};

const gr_rules *gr_rules_find(const char *system)
{
    for (int i = 0; system && all_rules[i]; i++)
        if (strcmp(all_rules[i]->system, system) == 0)
            return all_rules[i];
    return NULL;
}

const char *const *gr_systems(void)
{
    return all_names;
}
