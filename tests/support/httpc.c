/* httpc.c — test helpers for grognard serve; see httpc.h. */
#include "httpc.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

int tu_program_path(char *buf, size_t size)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = '\0';
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(exe, '/');
        if (!slash)
            return -1;
        *slash = '\0';
    }
    snprintf(buf, size, "%s/grognard", exe);
    return 0;
}

int tu_serve_start(tu_server *s, const char *db, const char *sync)
{
    int fd[2];
    char prog[4200];
    if (tu_program_path(prog, sizeof prog) != 0 || pipe(fd) != 0)
        return -1;
    s->pid = fork();
    if (s->pid < 0)
        return -1;
    if (s->pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        execl(prog, prog, "serve", "--listen", "127.0.0.1:0", "--db", db, "--web", "/nonexistent",
              "--sync", sync ? sync : "full", (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    s->out = fdopen(fd[0], "r");
    char line[512] = "";
    const char *port = s->out && fgets(line, sizeof line, s->out) ? strstr(line, "(port ") : NULL;
    s->port = port ? atoi(port + 6) : 0;
    return s->port > 0 ? 0 : -1;
}

void tu_serve_kill9(tu_server *s)
{
    int status;
    kill(s->pid, SIGKILL);
    waitpid(s->pid, &status, 0);
    fclose(s->out);
}

int tu_serve_stop(tu_server *s)
{
    int status = 0;
    kill(s->pid, SIGTERM);
    waitpid(s->pid, &status, 0);
    fclose(s->out);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Non-zero once buf holds the headers and Content-Length bytes of body. */
static int complete(char *buf, size_t len)
{
    buf[len] = '\0';
    const char *end = strstr(buf, "\r\n\r\n");
    const char *cl = strstr(buf, "Content-Length: ");
    if (!end || !cl || cl > end)
        return 0;
    return len >= (size_t)(end + 4 - buf) + strtoul(cl + 16, NULL, 10);
}

static int send_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w <= 0)
            return -1;
        p += w, n -= (size_t)w;
    }
    return 0;
}

int tu_http(int port, const char *method, const char *path, const char *token, const char *body,
            long length, char **reply)
{
    *reply = strdup("");
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    size_t blen = body && length < 0 ? strlen(body) : 0;
    char head[1024];
    int n = snprintf(head, sizeof head,
                     "%s %s HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n%s%s%s"
                     "Content-Length: %ld\r\n\r\n",
                     method, path, token ? "Authorization: Bearer " : "", token ? token : "",
                     token ? "\r\n" : "", length < 0 ? (long)blen : length);
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    ssize_t got = 0;
    if (send_all(fd, head, (size_t)n) == 0 && (!blen || send_all(fd, body, blen) == 0))
        while (!complete(buf, len) && (got = read(fd, buf + len, cap - len - 1)) > 0)
            if ((len += (size_t)got) + 1 == cap)
                buf = realloc(buf, cap *= 2);
    close(fd);
    buf[len] = '\0';
    int status = 0;
    if (!complete(buf, len) || sscanf(buf, "HTTP/1.1 %d", &status) != 1)
        status = 0;
    char *start = strstr(buf, "\r\n\r\n");
    free(*reply);
    *reply = strdup(start ? start + 4 : "");
    free(buf);
    return status;
}
