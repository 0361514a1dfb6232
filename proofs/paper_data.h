/*
 * paper_data.h -- a paper's data files, embedded by the build: every
 * proofs/<paper>/tables/<name>.tsv (proofs/embed_data.sh), so that a claim
 * reads its printed table without reading a file.  A paper ships a data
 * file by putting it in its folder's tables/; no build rule names a paper.
 */
#ifndef PAPER_DATA_H
#define PAPER_DATA_H

/* The text of proofs/<paper>/tables/<name>.tsv (paper: the folder's name,
 * "huibers"; name without .tsv, "table-04"), or NULL when there is none. */
const char *paper_data_text(const char *paper, const char *name);

#endif
