// SPDX-License-Identifier: GPL-2.0
/*
 * The nodes' address index (model/addrs.c): after every change, committed
 * or aborted, each address is found at the node that holds it, as a scan
 * of every node finds it, and the rule that an address belongs to one
 * node refuses what that scan would.
 */
#include "util.h"

/*
 * A pool of addresses small enough that nodes keep taking each other's,
 * spread over their bytes so that their hashes meet as often as chance
 * has them meet, and removals have entries to move.
 */
#define POOL 512

static struct rcf_addr pool_addr(u32 i)
{
	struct rcf_addr a = {.v6 = i & 1};
	u32 x = i * 2654435761u, k;

	/* v4 10.x.y.z; v6 fd00::x:y:z */
	a.a[0] = a.v6 ? 0xfd : 10;
	for (k = 0; k < 3; k++)
		a.a[(a.v6 ? 13 : 1) + k] = (u8)(x >> (8 * (k + 1)));
	return a;
}

/* the holder of a by looking at every node: what the index must say */
static struct rcf_node *scan(struct rcf_fabric *f, const struct rcf_addr *a)
{
	struct rcf_node *n;
	u32 id, k;

	for (id = 0; (n = rcf_node_next(f, id)); id = n->id + 1)
		for (k = 0; k < n->naddr; k++)
			if (n->addrs[k].v6 == a->v6 &&
			    !memcmp(n->addrs[k].a, a->a, 16))
				return n;
	return NULL;
}

/* every address of the pool found where the scan finds it */
static int agree(struct rcf_fabric *f)
{
	u32 i;

	for (i = 0; i < POOL; i++) {
		struct rcf_addr a = pool_addr(i);

		if (rcf_node_by_addr(f, &a) != scan(f, &a)) {
			printf("# address %u: index and scan differ\n", i);
			return 0;
		}
	}
	return 1;
}

static int node_add(struct rcf_fabric *f, void *arg)
{
	return rcf_node_add(f, arg, &last_err);
}

static int node_set(struct rcf_fabric *f, void *arg)
{
	return rcf_node_set(f, arg, &last_err);
}

static int node_del(struct rcf_fabric *f, void *arg)
{
	return rcf_node_del(f, *(u32 *)arg, &last_err);
}

/* a random list of up to 8 addresses of the pool, none twice */
static void rnd_addrs(struct rcf_node_cfg *c)
{
	u32 i, k;

	c->has_addrs = true;
	c->naddr = rnd(RCF_NODE_MAX_ADDRS + 1);
	for (i = 0; i < c->naddr; i++) {
		do {
			c->addrs[i] = pool_addr(rnd(POOL));
			for (k = 0; k < i; k++)
				if (!memcmp(&c->addrs[k], &c->addrs[i],
					    sizeof(c->addrs[i])))
					break;
		} while (k < i);
	}
}

/* whether the scan says c's addresses may go to node c->id */
static bool free_for(struct rcf_fabric *f, const struct rcf_node_cfg *c)
{
	u32 i;

	for (i = 0; i < c->naddr; i++) {
		struct rcf_node *h = scan(f, &c->addrs[i]);

		if (h && h->id != c->id)
			return false;
	}
	return true;
}

/*
 * Random adds, replacements and deletions of 64 nodes, some in batches
 * that abort: each accepted or refused as the scan says, every address
 * then where the scan finds it.
 */
static void t_random(void)
{
	struct rcf_fabric *f = fab_new();
	int step, ok = 1, taken = 0, refused = 0;
	struct rcf_err e;

	rnd_state = 7;
	for (step = 0; step < 3000 && ok; step++) {
		struct rcf_node_cfg c = {.id = rnd(64), .has_id = true};
		bool there = rcf_node_get(f, c.id) != NULL, may;
		int rc, want;

		rnd_addrs(&c);
		may = free_for(f, &c);
		if (rnd(8) == 0) {
			/* a batch that changes the node, then fails */
			rcf_txn_begin(f);
			rc = there ? rcf_node_del(f, c.id, &e)
				   : rcf_node_add(f, &c, &e);
			rcf_txn_abort(f);
			rc = 1;
		} else if (!there) {
			rc = op_txn(f, node_add, &c, &e);
			want = may ? 0 : -EEXIST;
			ok &= rc == want;
		} else if (rnd(3) == 0) {
			rc = op_txn(f, node_del, &c.id, &e);
			ok &= rc == 0;
		} else {
			rc = op_txn(f, node_set, &c, &e);
			want = may ? 0 : -EEXIST;
			ok &= rc == want;
		}
		taken += rc == 0;
		refused += rc == -EEXIST;
		ok &= agree(f);
	}
	printf("# %d steps: %d changes, %d refused for an address taken\n",
	       step, taken, refused);
	CHECK(ok);
	/* both sides of the rule were met often */
	CHECK(taken > 500 && refused > 500);
	rcf_fabric_free(f);
}

/*
 * A batch that adds enough addresses to grow the index and takes a node's
 * away, then aborts: the model, memory included, as it was, and the index
 * with it.
 */
static void t_abort(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_node_cfg c = {.has_id = true, .has_addrs = true, .naddr = 1};
	struct rcf_addr a;
	struct rcf_err e;
	char *before, *after;
	u32 i, id0 = 0;

	for (i = 0; i < 4; i++) {
		c.id = i;
		c.addrs[0] = pool_addr(i);
		CHECK_EQ(op_txn(f, node_add, &c, &e), 0);
	}
	before = fab_dump(f);
	rcf_txn_begin(f);
	CHECK_EQ(rcf_node_del(f, 0, &e), 0);
	for (i = 4; i < 100; i++) {
		c.id = i;
		c.addrs[0] = pool_addr(i);
		CHECK_EQ(rcf_node_add(f, &c, &e), 0);
	}
	/* node 0's address was free inside the batch */
	c.id = 1000;
	c.addrs[0] = pool_addr(0);
	CHECK_EQ(rcf_node_add(f, &c, &e), 0);
	rcf_txn_abort(f);
	after = fab_dump(f);
	CHECK(!strcmp(before, after));
	CHECK(agree(f));
	a = pool_addr(0);
	CHECK(rcf_node_by_addr(f, &a) == rcf_node_get(f, id0));
	/* an address the batch added is free again, node 0's is not */
	c.id = 4;
	c.addrs[0] = pool_addr(4);
	CHECK_EQ(op_txn(f, node_add, &c, &e), 0);
	c.id = 5;
	c.addrs[0] = pool_addr(0);
	REFUSED(f, op_txn(f, node_add, &c, &e), EEXIST);
	CHECK(agree(f));
	free(before);
	free(after);
	rcf_fabric_free(f);
}

static int limit(struct rcf_fabric *f, void *arg)
{
	return rcf_fabric_set_mem_limit(f, *(u64 *)arg, true, &last_err);
}

/*
 * The index's memory is the model's: a limit that leaves no room for it
 * to grow refuses the node that needed it, and nothing changes.
 */
static void t_memory(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_node_cfg c = {.has_id = true, .has_addrs = true, .naddr = 8};
	struct rcf_err e;
	u64 held, lim;
	u32 i, k;

	/* 8 nodes of 8 addresses: 64 in 128 slots */
	for (i = 0; i < 8; i++) {
		c.id = i;
		for (k = 0; k < 8; k++)
			c.addrs[k] = pool_addr(i * 8 + k);
		CHECK_EQ(op_txn(f, node_add, &c, &e), 0);
	}
	CHECK(agree(f));
	/* room for a node and its journal, not for 256 slots more */
	held = f->mem;
	c.id = 8;
	c.naddr = 0;
	rcf_txn_begin(f);
	CHECK_EQ(rcf_node_add(f, &c, &e), 0);
	lim = f->mem + 512;
	rcf_txn_abort(f);
	CHECK_EQ(f->mem, held);
	c.naddr = 8;
	CHECK_EQ(op_txn(f, limit, &lim, &e), 0);
	for (k = 0; k < 8; k++)
		c.addrs[k] = pool_addr(64 + k);
	REFUSED(f, op_txn(f, node_add, &c, &e), ENOMEM);
	c.naddr = 0;
	CHECK_EQ(op_txn(f, node_add, &c, &e), 0);
	lim = 0;
	CHECK_EQ(op_txn(f, limit, &lim, &e), 0);
	c.id = 9;
	c.naddr = 8;
	CHECK_EQ(op_txn(f, node_add, &c, &e), 0);
	CHECK(agree(f));
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"address index: the scan's answers after random changes",
		 t_random},
		{"address index: an aborted batch puts it back", t_abort},
		{"address index: its memory is the model's", t_memory},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
