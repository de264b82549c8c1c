/*
 * path.c — Dijkstra search over a hex grid with integer costs: the general
 * instance of the search in path_engine.h (which says how it works).
 */
#include "path.h"
#include "path_engine.h"

int gr_path_reach(const gr_path_params *p, int start, gr_path_work *w)
{
    return gr_path_engine_reach(p, start, w);
}

int gr_path_to(const gr_path_params *p, int start, int goal, gr_path_work *w, int *path,
               int cap)
{
    return gr_path_engine_to(p, start, goal, w, path, cap);
}
