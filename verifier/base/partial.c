/*
 * partial.c -- the checkpoint files of a partial results directory (see
 * partial.h).
 */
#include "verifier/base/partial.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool partial_holds_checkpoint(const char *dir)
{
    char path[4352];
    struct stat st;
    snprintf(path, sizeof path, "%s/" PARTIAL_CHECKPOINT, dir);
    return stat(path, &st) == 0;
}

void partial_remove_checkpoint(const char *dir)
{
    char path[4352];
    snprintf(path, sizeof path, "%s/" PARTIAL_CHECKPOINT, dir);
    unlink(path);
    /* A header a kill cut short under its temporary name (a table file's
     * temporary name starts with "table-" and goes with the tables). */
    snprintf(path, sizeof path, "%s/" PARTIAL_CHECKPOINT ".tmp", dir);
    unlink(path);
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strncmp(e->d_name, "table-", 6) == 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    closedir(d);
}
