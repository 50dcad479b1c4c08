/* SPDX-License-Identifier: GPL-2.0 */
/* Reading every entry of a BPF hash map (hashread.c). */
#ifndef RCFTOP_HASHREAD_H
#define RCFTOP_HASHREAD_H

#include <stddef.h>

/*
 * Every (key, value) of the hash map fd into a new array *out of *n
 * records of size rec, key (ksz bytes) at offset 0 and value (vsz) at
 * voff, the rest zero: 0, or -1 with errno.  Keys must never be
 * deleted from the map: then none is read twice and none that existed
 * when the reading began is missed while the programs add keys.
 */
int read_hash(int fd, size_t ksz, size_t vsz, size_t voff, size_t rec,
	      void **out, size_t *n);

/*
 * Nonzero: read_hash walks the map key by key, as it does on a kernel
 * without batched lookups, instead of a batch at a time.  For the
 * tests, which hold the two ways to one another.
 */
extern int hash_walk_only;

#endif
