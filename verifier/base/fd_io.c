/*
 * fd_io.c -- whole reads and writes on a file descriptor (fd_io.h).
 */
#include "verifier/base/fd_io.h"

#include <errno.h>
#include <stddef.h>
#include <unistd.h>

/* The most a single read or write is asked to move. */
#define PIECE ((uint64_t)1 << 26)

int fd_write_all(int fd, const void *p, uint64_t bytes)
{
    const uint8_t *q = p;
    while (bytes > 0) {
        errno = 0;
        ssize_t w = write(fd, q, (size_t)(bytes > PIECE ? PIECE : bytes));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0 || errno == 0)
                errno = EIO;
            return -1;
        }
        q += w;
        bytes -= (uint64_t)w;
    }
    return 0;
}

int fd_read_exact(int fd, void *p, uint64_t bytes)
{
    uint8_t *q = p;
    while (bytes > 0) {
        ssize_t r = read(fd, q, (size_t)(bytes > PIECE ? PIECE : bytes));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        q += r;
        bytes -= (uint64_t)r;
    }
    return 0;
}
