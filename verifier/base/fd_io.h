/*
 * fd_io.h -- whole reads and writes on a file descriptor: a read or a
 * write may move fewer bytes than asked (and a signal may interrupt it),
 * so these loop until every byte has moved, in pieces of at most 64 MiB.
 */
#ifndef FD_IO_H
#define FD_IO_H

#include <stdint.h>

/* Writes every one of `bytes`: 0, or -1 with errno set (EIO when a write
 * moved nothing and said nothing). */
int fd_write_all(int fd, const void *p, uint64_t bytes);
/* Reads exactly `bytes` into p: 0, or -1 (cut short, or an error). */
int fd_read_exact(int fd, void *p, uint64_t bytes);

#endif
