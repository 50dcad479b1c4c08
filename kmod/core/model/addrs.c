// SPDX-License-Identifier: GPL-2.0
/*
 * The nodes' addresses by hash, so that the rule that an address belongs
 * to one node costs a probe per address rather than a scan of every node:
 * a fabric whose nodes all have addresses is checked in time linear in
 * its nodes.
 *
 * Open addressing with linear probing; a slot names a node and which of
 * its addresses (RCF_ADDRS_SLOT()), read from the node itself, so the
 * index holds no copy of an address.  A removal shifts the entries after
 * it back (Knuth, "The Art of Computer Programming", vol. 3, 1973, §6.4,
 * Algorithm R), so no slot is ever a tombstone.
 *
 * The index follows nodes inside a transaction; abort puts its table
 * back as it was allocated before (journal kind RCF_J_ADDRS) and leaves
 * it to be filled again from the nodes abort restored, on next use, in
 * place: they fitted it before the transaction.
 */
#include "model.h"

#define RCF_ADDRS_SLOT(id, k)	((id) * RCF_NODE_MAX_ADDRS + (k))
#define RCF_ADDRS_MIN		16

/* FNV-1a over the address's bytes, whose low bits pick a slot */
static u32 rcf_addr_hash(const struct rcf_addr *a)
{
	u32 h = 2166136261u, i;

	for (i = 0; i < (a->v6 ? 16u : 4u); i++)
		h = (h ^ a->a[i]) * 16777619u;
	return h ^ a->v6;
}

/* the address slot s names, in its node as the model holds it now */
static const struct rcf_addr *rcf_addrs_at(struct rcf_fabric *f, u32 s)
{
	const struct rcf_node *n = rcf_node_get(f, s / RCF_NODE_MAX_ADDRS);

	return &n->addrs[s % RCF_NODE_MAX_ADDRS];
}

static void rcf_addrs_put(struct rcf_fabric *f, u32 s)
{
	struct rcf_addr_index *x = &f->addrs;
	u32 mask = x->cap - 1, i = rcf_addr_hash(rcf_addrs_at(f, s)) & mask;

	while (x->slot[i] != RCF_NONE)
		i = (i + 1) & mask;
	x->slot[i] = s;
	x->n++;
}

/*
 * Room for more addresses, at most half the slots full so that probes
 * stay short; a bigger table is kept in the journal as a vector's is.
 */
static int rcf_addrs_room(struct rcf_fabric *f, u32 more)
{
	struct rcf_addr_index *x = &f->addrs;
	u32 ncap = x->cap ? x->cap : RCF_ADDRS_MIN, *old = x->slot;
	u32 ocap = x->cap, i;

	if (!more || 2 * (x->n + more) <= x->cap)
		return 0;
	while (2 * (x->n + more) > ncap)
		ncap *= 2;
	x->slot = rcf_zalloc(f, sizeof(*x->slot) * ncap);
	if (!x->slot)
		goto nomem;
	if (f->in_txn && rcf_journal_table(f, RCF_J_ADDRS, old, ocap)) {
		rcf_free(f, x->slot);
		goto nomem;
	}
	memset(x->slot, 0xff, sizeof(*x->slot) * ncap);
	x->cap = ncap;
	x->n = 0;
	for (i = 0; i < ocap; i++)
		if (old[i] != RCF_NONE)
			rcf_addrs_put(f, old[i]);
	if (!f->in_txn)
		rcf_free(f, old);
	return 0;
nomem:
	x->slot = old;
	return -ENOMEM;
}

/* The index as the nodes have it, after an abort left it stale. */
static int rcf_addrs_fresh(struct rcf_fabric *f)
{
	struct rcf_addr_index *x = &f->addrs;
	struct rcf_node *n;
	u32 id, k, total = 0;

	if (!x->stale)
		return 0;
	for (id = 0; (n = rcf_node_next(f, id)); id = n->id + 1)
		total += n->naddr;
	x->n = 0;
	if (x->cap)
		memset(x->slot, 0xff, sizeof(*x->slot) * x->cap);
	if (rcf_addrs_room(f, total))
		return -ENOMEM;
	for (id = 0; (n = rcf_node_next(f, id)); id = n->id + 1)
		for (k = 0; k < n->naddr; k++)
			rcf_addrs_put(f, RCF_ADDRS_SLOT(n->id, k));
	x->stale = false;
	return 0;
}

int rcf_addrs_reserve(struct rcf_fabric *f, u32 more)
{
	int err = rcf_addrs_fresh(f);

	return err ? err : rcf_addrs_room(f, more);
}

/* the slot holding s, whose address is a, or RCF_NONE */
static u32 rcf_addrs_find(struct rcf_fabric *f, const struct rcf_addr *a,
			  u32 s)
{
	struct rcf_addr_index *x = &f->addrs;
	u32 mask = x->cap - 1, i;

	if (!x->cap)
		return RCF_NONE;
	for (i = rcf_addr_hash(a) & mask; x->slot[i] != RCF_NONE;
	     i = (i + 1) & mask)
		if (x->slot[i] == s)
			return i;
	return RCF_NONE;
}

void rcf_addrs_add(struct rcf_fabric *f, const struct rcf_node *n)
{
	u32 k;

	for (k = 0; k < n->naddr; k++)
		rcf_addrs_put(f, RCF_ADDRS_SLOT(n->id, k));
}

void rcf_addrs_del(struct rcf_fabric *f, const struct rcf_node *n)
{
	struct rcf_addr_index *x = &f->addrs;
	u32 mask = x->cap - 1, i, j, h, k;

	for (k = 0; k < n->naddr; k++) {
		i = rcf_addrs_find(f, &n->addrs[k], RCF_ADDRS_SLOT(n->id, k));
		if (i == RCF_NONE)
			continue;
		/* the node's own later entries are still there to read */
		for (j = (i + 1) & mask; x->slot[j] != RCF_NONE;
		     j = (j + 1) & mask) {
			h = rcf_addr_hash(rcf_addrs_at(f, x->slot[j])) & mask;
			/* j's home lies cyclically in (i, j]: it stays */
			if (i <= j ? (i < h && h <= j) : (i < h || h <= j))
				continue;
			x->slot[i] = x->slot[j];
			i = j;
		}
		x->slot[i] = RCF_NONE;
		x->n--;
	}
}

struct rcf_node *rcf_node_by_addr(struct rcf_fabric *f,
				  const struct rcf_addr *a)
{
	struct rcf_addr_index *x = &f->addrs;
	struct rcf_node *n;
	u32 i, id;

	if (rcf_addrs_fresh(f)) {
		/* no memory to fill the index again: the answer all the same */
		for (id = 0; (n = rcf_node_next(f, id)); id = n->id + 1)
			for (i = 0; i < n->naddr; i++)
				if (rcf_addr_eq(&n->addrs[i], a))
					return n;
		return NULL;
	}
	if (!x->cap)
		return NULL;
	for (i = rcf_addr_hash(a) & (x->cap - 1); x->slot[i] != RCF_NONE;
	     i = (i + 1) & (x->cap - 1))
		if (rcf_addr_eq(rcf_addrs_at(f, x->slot[i]), a))
			return rcf_node_get(f, x->slot[i] / RCF_NODE_MAX_ADDRS);
	return NULL;
}

void rcf_addrs_abort(struct rcf_fabric *f, void *old, u32 old_cap)
{
	struct rcf_addr_index *x = &f->addrs;

	rcf_free(f, x->slot);
	x->slot = old;
	x->cap = old_cap;
	x->stale = true;
}
