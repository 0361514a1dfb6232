/*
 * xalloc.h -- allocation that never fails silently, and the exit status
 * of a run that could not finish.
 *
 * A verifier must not turn "out of memory" into a verdict: a claim that
 * skipped its work because malloc returned NULL would report EMPTY, or
 * HOLDS on fewer cases than it says.  So every allocation in the engine,
 * the claims and the command line goes through these wrappers, which stop
 * the process with one line on stderr and EXIT_RUN_ERROR, a status no
 * verdict uses (0 holds, 1 fails, 2 bad input, 3 inconclusive).  The
 * command line cleans up its partial results on that exit (guard.h).
 */
#ifndef XALLOC_H
#define XALLOC_H

#include <stdarg.h>
#include <stddef.h>

/* The run stopped before a verdict: out of memory, a write error, a
 * signal, a runtime failure.  Nothing is written as a result. */
#define EXIT_RUN_ERROR 4

void *xmalloc(size_t bytes, const char *what);
void *xcalloc(size_t count, size_t size, const char *what);
void *xrealloc(void *p, size_t bytes, const char *what);
/* A large array that a worker keeps for a while and gives back whole,
 * mapped from the kernel directly and given back by xunmap (its bytes as
 * mapped): free() would keep it in malloc's arena once the dynamic mmap
 * threshold had risen past its size (a family's second chunk of games held
 * its ranked memos' freed arrays resident beside the new ones: 10 MiB
 * above the declared memory at conj-37 --max-take 3 --to 50). */
void *xmap(size_t bytes, const char *what);
void xunmap(void *p, size_t bytes);
char *xstrdup(const char *s, const char *what);

/* count * size, stopping the run (as out of memory) when it overflows. */
size_t xmul(size_t count, size_t size, const char *what);

/* Appends a formatted text to the string out (len bytes in all); a text
 * that does not fit stops the run (die, naming `what`), never cut short. */
void xappend(char *out, size_t len, const char *what, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void xvappend(char *out, size_t len, const char *what, const char *fmt, va_list ap);

/* Prints "verifier: out of memory ..." and exits with EXIT_RUN_ERROR. */
_Noreturn void die_oom(const char *what, size_t bytes);

/* Prints "verifier: <message>" and exits with EXIT_RUN_ERROR: for a
 * failure that is not the input's fault and leaves no verdict. */
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Makes GMP allocate through xmalloc and xrealloc (a failure stops the
 * run with one line and the error status, not GNU MP's abort).  Called
 * once, before any exact number exists. */
void xalloc_for_gmp(void);

#endif
