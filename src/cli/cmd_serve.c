/* cmd_serve.c — `grognard serve`: the HTTP/WebSocket server for remote
 * seats (src/server), until SIGINT or SIGTERM. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "server/http.h"

#ifndef GR_WEB_DIR
#define GR_WEB_DIR "web"
#endif

static int parse_opts(int argc, char **argv, sv_server_opts *o)
{
    memset(o, 0, sizeof *o);
    o->listen = "127.0.0.1:8080";
    o->db = "grognard.db";
    o->webroot = GR_WEB_DIR;
    o->workers = 2;
    o->power_safe = 1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (cli_opt(argc, argv, &i, "--listen", &v))
            o->listen = v;
        else if (cli_opt(argc, argv, &i, "--db", &v))
            o->db = v;
        else if (cli_opt(argc, argv, &i, "--web", &v))
            o->webroot = v;
        else if (cli_opt(argc, argv, &i, "--sync", &v)) {
            if (strcmp(v, "full") && strcmp(v, "normal")) {
                fprintf(stderr, "grognard serve: --sync takes full or normal, not '%s'\n", v);
                return -1;
            }
            o->power_safe = strcmp(v, "full") == 0;
        } else if (cli_opt(argc, argv, &i, "--workers", &v)) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || n < 1 || n > 8) {
                fprintf(stderr, "grognard serve: --workers takes 1 to 8, not '%s'\n", v);
                return -1;
            }
            o->workers = (int)n;
        } else {
            fprintf(stderr, "grognard serve: unexpected argument '%s'\n", argv[i]);
            return -1;
        }
    }
    struct stat st;
    if (o->webroot && (stat(o->webroot, &st) != 0 || !S_ISDIR(st.st_mode)))
        o->webroot = NULL; /* no browser files: the API only */
    return 0;
}

int cmd_serve(int argc, char **argv)
{
    sv_server_opts o;
    if (parse_opts(argc, argv, &o) != 0)
        return CLI_USAGE;
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL); /* every thread inherits it */
    char why[512];
    sv_server *s = sv_server_start(&o, why, sizeof why);
    if (!s) {
        fprintf(stderr, "grognard serve: %s\n", why);
        return CLI_FAIL;
    }
    printf("grognard serve: listening on %s (port %d), games in %s%s%s\n", o.listen,
           sv_server_port(s), o.db, o.webroot ? ", board from " : "",
           o.webroot ? o.webroot : "");
    fflush(stdout);
    int sig = 0;
    sigwait(&stop, &sig);
    printf("grognard serve: %s: stopping\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
    sv_server_stop(s);
    return CLI_OK;
}
