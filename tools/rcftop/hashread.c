// SPDX-License-Identifier: GPL-2.0
/* Reading every entry of a BPF hash map, a batch at a time. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>

#include "hashread.h"

/* room for n + more records of size rec in *a (of *cap): 0 or -1 */
static int recs_room(char **a, size_t n, size_t more, size_t *cap, size_t rec)
{
	char *b;

	if (n + more <= *cap)
		return 0;
	b = realloc(*a, (n + more + 256) * rec);
	if (!b) {
		errno = ENOMEM;
		return -1;
	}
	*cap = n + more + 256;
	*a = b;
	return 0;
}

/*
 * The walk for a kernel without batched lookups: two calls an entry.
 * Keys are never deleted, so walking with get_next_key while the
 * programs add keys misses none that existed when the walk began.
 */
static int walk_hash(int fd, size_t ksz, size_t voff, size_t rec, char **a,
		     size_t *n)
{
	char key[64], next[64];
	size_t cap = 0;
	void *prev = NULL;

	while (!bpf_map_get_next_key(fd, prev, next)) {
		if (recs_room(a, *n, 1, &cap, rec))
			return -1;
		memset(*a + *n * rec, 0, rec);
		memcpy(*a + *n * rec, next, ksz);
		if (bpf_map_lookup_elem(fd, next, *a + *n * rec + voff))
			return -1;
		(*n)++;
		memcpy(key, next, ksz);
		prev = key;
	}
	return errno == ENOENT ? 0 : -1;
}

int hash_walk_only;

/* what a kernel without batched lookups for this map answers */
static int no_batch(int e)
{
	return e == EINVAL || e == ENOTSUP || e == EOPNOTSUPP ||
	       e == 524 /* the kernel's ENOTSUPP */;
}

/*
 * Batched lookups, one call for up to 'chunk' entries; a hash bucket
 * is never split across calls, so one larger than chunk makes the
 * chunk grow.  The kernel walks bucket by bucket and keys are never
 * deleted: none is read twice, and none that existed when the reading
 * began is missed.  1 when the kernel has no batched lookups.
 */
static int batch_hash(int fd, size_t ksz, size_t vsz, size_t voff, size_t rec,
		      char **a, size_t *n)
{
	uint32_t chunk = 256, cnt;
	uint64_t tok = 0;
	char *keys = NULL, *vals = NULL;
	size_t cap = 0;
	int first = 1, rc = -1, r;

	for (;;) {
		char *k = realloc(keys, chunk * ksz), *v;

		if (k)
			keys = k;
		v = k ? realloc(vals, chunk * vsz) : NULL;
		if (!v) {
			errno = ENOMEM;
			goto out;
		}
		vals = v;
		cnt = chunk;
		r = bpf_map_lookup_batch(fd, first ? NULL : &tok, &tok, keys,
					 vals, &cnt, NULL);
		if (r && errno == ENOSPC && !cnt && chunk < (1u << 20)) {
			chunk *= 2;
			continue;
		}
		if (r && errno != ENOENT) {
			rc = first && no_batch(errno) ? 1 : -1;
			goto out;
		}
		if (recs_room(a, *n, cnt, &cap, rec))
			goto out;
		for (uint32_t i = 0; i < cnt; i++, (*n)++) {
			char *to = *a + *n * rec;

			memset(to, 0, rec);
			memcpy(to, keys + i * ksz, ksz);
			memcpy(to + voff, vals + i * vsz, vsz);
		}
		first = 0;
		if (r) /* ENOENT: past the last bucket */
			break;
	}
	rc = 0;
out:
	free(keys);
	free(vals);
	return rc;
}

/*
 * Every (key, value) of a hash map into a growing array of records of
 * size rec, key (ksz bytes) at offset 0 and value (vsz) at voff.
 */
int read_hash(int fd, size_t ksz, size_t vsz, size_t voff, size_t rec,
	      void **out, size_t *n)
{
	char *a = NULL;
	int r;

	*n = 0;
	r = hash_walk_only ? 1 : batch_hash(fd, ksz, vsz, voff, rec, &a, n);
	if (r > 0) {
		*n = 0;
		r = walk_hash(fd, ksz, voff, rec, &a, n);
	}
	if (r) {
		free(a);
		return -1;
	}
	*out = a;
	return 0;
}
