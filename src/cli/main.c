/* main.c — the grognard program: subcommand dispatch, --help, --version. */
#include <stdio.h>
#include <string.h>

#include "grognard.h"

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--version") == 0) {
        printf("grognard %s\n", GR_VERSION);
        return 0;
    }
    printf("grognard %s\n", GR_VERSION);
    return 0;
}
