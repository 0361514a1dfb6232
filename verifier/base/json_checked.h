/*
 * json_checked.h -- the jansson calls that fail only for want of memory
 * (building an object or an array), made to stop the run with status 4
 * (die) instead of leaving a key or an element out without a word: a
 * summary.json or a checkpoint missing a field must never be written.
 */
#ifndef JSON_CHECKED_H
#define JSON_CHECKED_H

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/engine/xalloc.h"

/* j, which must not be NULL (jansson's answer when out of memory). */
static inline json_t *jx_must(json_t *j)
{
    if (!j)
        die("out of memory while building JSON; the run stopped with no verdict");
    return j;
}

/* o[key] = v, taking v's reference. */
static inline void jx_set(json_t *o, const char *key, json_t *v)
{
    if (json_object_set_new(o, key, jx_must(v)) != 0)
        die("out of memory while building JSON; the run stopped with no verdict");
}

/* Appends v to the array a, taking v's reference. */
static inline void jx_append(json_t *a, json_t *v)
{
    if (json_array_append_new(a, jx_must(v)) != 0)
        die("out of memory while building JSON; the run stopped with no verdict");
}

/* j as text, as json_dumps makes it, but trusted only once it reads back
 * as j: an allocation failing inside jansson's dump can leave a key out of
 * the text and still return it (seen with the Nth allocation failing:
 * summary.json with `": "` where `"statement": "` was).  NULL when out of
 * memory; free() the text. */
static inline char *jx_dumps(const json_t *j, size_t flags)
{
    char *text = json_dumps(j, flags);
    if (!text)
        return NULL;
    json_t *back = json_loads(text, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
    int same = back && json_equal(back, (json_t *)j);
    json_decref(back);
    if (!same) {
        free(text);
        return NULL;
    }
    return text;
}

/* Prints j whole to f, then a newline: the text is built first, so an
 * allocation failing on the way stops the run (status 4) with nothing
 * printed, never a document cut in two.  A write error stays in ferror(f)
 * for the caller's check. */
static inline void jx_print(FILE *f, const json_t *j, size_t flags)
{
    char *text = jx_dumps(j, flags);
    if (!text)
        die("out of memory while printing JSON; nothing printed");
    fputs(text, f);
    fputc('\n', f);
    free(text);
}

#endif
