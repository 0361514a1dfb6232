/*
 * claim_seconds.c -- a claim's measured seconds, looked up in the table
 * proofs/claim_seconds.tsv holds (built into BUILD/gen/claim_seconds_data.c).
 */
#include "proofs/claim_seconds.h"

#include <string.h>

double claim_default_seconds(const char *id)
{
    for (int i = 0; i < CLAIM_SECONDS_COUNT; i++)
        if (strcmp(CLAIM_SECONDS[i].id, id) == 0)
            return CLAIM_SECONDS[i].seconds;
    return -1;
}
