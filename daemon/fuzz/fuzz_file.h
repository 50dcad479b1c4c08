/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the file readers' fuzz targets share: the input as a FILE the
 * readers take, and an assertion that keeps the input when it fails.
 */
#ifndef RCF_FUZZ_FILE_H
#define RCF_FUZZ_FILE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fz_assert.h"

/*
 * A reader's complaint must name the file and line (or the file alone for
 * what spans lines): "NAME:" first, never an empty reason.
 */
#define FZ_NAME "fuzz"

static inline void fz_check_err(const char *err)
{
	FZ_ASSERT(!strncmp(err, FZ_NAME ":", sizeof(FZ_NAME)) &&
			  strlen(err) > sizeof(FZ_NAME) + 1,
		  "reason \"%s\" does not name the file", err);
}

/* The input as a stream; fmemopen of 0 bytes fails on older libcs. */
static inline FILE *fz_open(const uint8_t *data, size_t size)
{
	static const char empty[1];
	FILE *f = fmemopen(size ? (void *)data : (void *)empty, size ? size : 1,
			   "r");

	FZ_ASSERT(f, "fmemopen failed");
	if (!size)
		fgetc(f); /* consume the one byte: an empty file */
	return f;
}

/*
 * The round trips' writes: a stream whose bytes land in *buf (the caller
 * frees it), then, closed, those bytes as a stream to read back.
 */
static inline FILE *fz_out(char **buf, size_t *len)
{
	FILE *w;

	*buf = NULL;
	*len = 0;
	w = open_memstream(buf, len);
	FZ_ASSERT(w, "open_memstream failed");
	return w;
}

static inline FILE *fz_back(FILE *w, char **buf, size_t *len)
{
	fclose(w);
	return fz_open((const uint8_t *)*buf, *len);
}

#endif
