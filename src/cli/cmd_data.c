/* cmd_data.c — `grognard scenarios` and `grognard check`: what data is
 * installed and whether it loads. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "host/files.h"
#include "host/words.h"

/* What a scenario is for, from its id: 0 a battle, 1 a slice (part of a
 * battle, a quick game), 2 a test bed (rule cases, not for play). */
static int scenario_group(const char *id)
{
    size_t n = strlen(id);
    if ((n > 8 && !strcmp(id + n - 8, "-testbed")) || (n > 6 && !strcmp(id + n - 6, "-drill")))
        return 2;
    return n > 6 && !strcmp(id + n - 6, "-slice") ? 1 : 0;
}

int cmd_scenarios(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) {
        fprintf(stderr, "grognard scenarios: takes no arguments\n");
        return CLI_USAGE;
    }
    char *names[512];
    int n = gr_host_list_scenarios(names, 512);
    if (n < 0) {
        fprintf(stderr, "grognard: cannot open %s/scenarios\n", gr_host_data_dir());
        return CLI_FAIL;
    }
    static const char *const HEADING[] = {
        "Battles:", "Slices (a part of a battle: a quick game):",
        "Test beds (for rule cases, not for play):"};
    for (int group = 0; group < 3; group++) {
        printf("%s%s\n", group ? "\n" : "", HEADING[group]);
        for (int i = 0; i < n; i++) {
            if (scenario_group(names[i]) != group)
                continue;
            gr_scenario *sc = cli_load_scenario(names[i]);
            if (sc)
                printf("  %-26s %-4s %s\n", names[i], gr_scenario_system(sc),
                       gr_scenario_title(sc));
            gr_scenario_free(sc);
        }
    }
    for (int i = 0; i < n; i++)
        free(names[i]);
    return CLI_OK;
}

/* Checks the words file of sc's system against its kinds and fields:
 * prints what it found; 0, or -1 after printing the first error. */
static int check_words(const gr_scenario *sc)
{
    char why[512] = "";
    const char *sys = gr_scenario_system(sc);
    gr_wording *w = gw_words_load(NULL, sys, why, sizeof why);
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    int ok = w && gr_game_new(sc, 1, NULL, NULL, NULL, &g, &err) == GR_OK &&
             gr_wording_check(w, g, &err) == 0;
    if (ok)
        printf("  words/%s.json: ok, %d templates\n", sys, gr_wording_count(w));
    else
        fprintf(stderr, "grognard check: %s\n", w ? err.msg : why);
    gr_game_free(g);
    gr_wording_free(w);
    return ok ? 0 : -1;
}

int cmd_check(int argc, char **argv)
{
    int prov = 0, rc = CLI_OK, any = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--provisional") == 0) {
            prov = 1;
            continue;
        }
        any = 1;
        gr_scenario *sc = cli_load_scenario(argv[i]);
        if (!sc) {
            rc = CLI_FAIL;
            continue;
        }
        int np = gr_scenario_provisional_count(sc);
        printf("%s: ok, data hash %016llx, %d provisional value%s\n", argv[i],
               (unsigned long long)gr_scenario_data_hash(sc), np, np == 1 ? "" : "s");
        for (int k = 0; prov && k < np; k++)
            printf("  %s\n", gr_scenario_provisional(sc, k));
        if (check_words(sc) != 0)
            rc = CLI_FAIL;
        gr_scenario_free(sc);
    }
    if (!any) {
        fprintf(stderr, "grognard check: name at least one scenario\n");
        return CLI_USAGE;
    }
    return rc;
}
