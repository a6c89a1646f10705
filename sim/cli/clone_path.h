/* clone_path.h - files of the clone this program was built in (clone_path.c):
 * the published rating lists and ladder, and the networks their specs name. */
#ifndef JM_CLONE_PATH_H
#define JM_CLONE_PATH_H

#include <stddef.h>

/* rel (e.g. "results/ratings/list-4p.csv") beside the bin/ this program
 * was built into when readable there, else rel itself (the working
 * directory's). */
void clone_file(const char *rel, char *buf, size_t len);

/* A spec's file= paths, read from `list` (a file two folders below a
 * clone's root, as results/ratings/list-4p.csv): one that does not name a file
 * from here is taken from that clone.  0, or -1 when the spec would not fit. */
int clone_spec_paths(const char *list, char *spec, size_t len);

#endif
