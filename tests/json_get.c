/*
 * json_get.c -- the shell tests' JSON reader (jansson): reads one JSON
 * document from standard input and prints, one line each, the values at
 * the paths given.  A path is keys and array indices joined by '/'
 * ("claims/0/status"); "#" as the last step prints an array's length or
 * an object's size, "*" an object's keys (one a line); "" the whole
 * document.  In a key, "~1" stands for '/' and "~0" for '~', as in a JSON
 * Pointer (RFC 6901): "verdicts/rn~1table-6".  Strings print bare, other
 * values as compact JSON.  Exit 1 when the input is not one JSON
 * document or a path leads nowhere (said on stderr).
 * Usage: json_get PATH... <file.json
 */
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A key step with its escapes undone, in place ("~1" -> '/', "~0" -> '~'). */
static void unescape(char *step)
{
    char *out = step;
    for (const char *in = step; *in; in++) {
        if (in[0] == '~' && (in[1] == '0' || in[1] == '1'))
            *out++ = *++in == '1' ? '/' : '~';
        else
            *out++ = *in;
    }
    *out = '\0';
}

/* The value at `path` inside root, or NULL; *size set for a "#" step,
 * *keys for a "*" step. */
static json_t *walk(json_t *root, const char *path, long *size, bool *keys)
{
    char *copy = strdup(path), *save = NULL;
    json_t *at = root;
    *size = -1;
    *keys = false;
    for (char *step = strtok_r(copy, "/", &save); step && at; step = strtok_r(NULL, "/", &save)) {
        if (strcmp(step, "#") == 0) {
            *size = json_is_array(at) ? (long)json_array_size(at) : json_is_object(at) ? (long)json_object_size(at) : -1;
            break;
        }
        if (strcmp(step, "*") == 0) {
            *keys = true;
            at = json_is_object(at) ? at : NULL;
            break;
        }
        unescape(step);
        if (json_is_array(at)) {
            char *end;
            long i = strtol(step, &end, 10);
            at = *end || i < 0 ? NULL : json_array_get(at, (size_t)i);
        } else
            at = json_is_object(at) ? json_object_get(at, step) : NULL;
    }
    free(copy);
    return at;
}

int main(int argc, char **argv)
{
    json_error_t e;
    json_t *root = json_loadf(stdin, JSON_DECODE_ANY, &e);
    if (!root) {
        fprintf(stderr, "json_get: not JSON: line %d: %s\n", e.line, e.text);
        return 1;
    }
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        long size;
        bool keys;
        json_t *v = walk(root, argv[i], &size, &keys);
        if (!v || (strstr(argv[i], "#") && size < 0)) {
            fprintf(stderr, "json_get: nothing at %s\n", argv[i]);
            rc = 1;
        } else if (keys) {
            const char *key;
            json_t *member;
            json_object_foreach(v, key, member) printf("%s\n", key);
        } else if (size >= 0)
            printf("%ld\n", size);
        else if (json_is_string(v))
            printf("%s\n", json_string_value(v));
        else {
            char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
            printf("%s\n", text ? text : "");
            free(text);
        }
    }
    json_decref(root);
    return rc;
}
