// SPDX-License-Identifier: GPL-2.0
/*
 * Fabric lifetime, the accounted allocator, key-indexed arrays and the
 * undo journal behind all-or-nothing transactions.
 *
 * Every key is journaled at most once per transaction (vec->jgen), with
 * the object as it was before the transaction (NULL when it did not
 * exist).  Abort puts those originals back, newest entry first; commit
 * frees them.  Growing an array keeps the old arrays in the journal, so
 * abort never allocates and leaves the byte count where it started.
 */
#include "model.h"

/* Size header in front of every block, keeping 16-byte alignment. */
#define RCF_MHDR 16

struct rcf_jent {
	u8 kind;
	u32 key;
	struct rcf_vec *vec;
	void *old;
	u32 *old_jgen;
	u32 old_cap;
	u64 old_limit;
};

static void *rcf_raw_alloc(u64 *mem, size_t n)
{
	char *p = rcf_os_zalloc(n + RCF_MHDR);

	if (!p)
		return NULL;
	*(size_t *)p = n + RCF_MHDR;
	*mem += n + RCF_MHDR;
	return p + RCF_MHDR;
}

static void rcf_raw_free(u64 *mem, void *p)
{
	char *b;

	if (!p)
		return;
	b = (char *)p - RCF_MHDR;
	*mem -= *(size_t *)b;
	rcf_os_free(b);
}

void *rcf_zalloc(struct rcf_fabric *f, size_t n)
{
	if (f->mem_limit && f->mem + n + RCF_MHDR > f->mem_limit) {
		f->mem_hit = true;
		f->mem_hit_own = f->mem_own;
		return NULL;
	}
	return rcf_raw_alloc(&f->mem, n);
}

void rcf_free(struct rcf_fabric *f, void *p)
{
	rcf_raw_free(&f->mem, p);
}

void *rcf_dup(struct rcf_fabric *f, const void *p, size_t n)
{
	void *q = rcf_zalloc(f, n);

	if (q)
		memcpy(q, p, n);
	return q;
}

void *rcf_vec_get(const struct rcf_vec *vec, u32 key)
{
	return key < vec->cap ? vec->v[key] : NULL;
}

int rcf_vec_free_key(struct rcf_vec *vec, u32 *key)
{
	u32 i;

	for (i = vec->hint; i < vec->max; i++) {
		if (!rcf_vec_get(vec, i)) {
			vec->hint = i;
			*key = i;
			return 0;
		}
	}
	return -ENOSPC;
}

static int rcf_journal_push(struct rcf_fabric *f, const struct rcf_jent *j)
{
	if (f->jn == f->jcap) {
		u32 ncap = f->jcap ? f->jcap * 2 : 64;
		struct rcf_jent *n = rcf_zalloc(f, sizeof(*n) * ncap);

		if (!n)
			return -ENOMEM;
		if (f->jn)
			memcpy(n, f->jr, sizeof(*n) * f->jn);
		rcf_free(f, f->jr);
		f->jr = n;
		f->jcap = ncap;
	}
	f->jr[f->jn++] = *j;
	return 0;
}

int rcf_journal_table(struct rcf_fabric *f, enum rcf_jkind kind, void *old,
		      u32 old_cap)
{
	struct rcf_jent j = { .kind = kind, .old = old, .old_cap = old_cap };

	return rcf_journal_push(f, &j);
}

int rcf_vec_reserve(struct rcf_fabric *f, struct rcf_vec *vec, u32 key)
{
	struct rcf_jent j = { .kind = RCF_J_GROW, .vec = vec };
	u32 ncap = vec->cap ? vec->cap : 16;
	void **nv;
	u32 *ng;

	if (key < vec->cap)
		return 0;
	if (key >= vec->max)
		return -ERANGE;
	while (ncap <= key)
		ncap *= 2;
	if (ncap > vec->max)
		ncap = vec->max;
	nv = rcf_zalloc(f, sizeof(*nv) * ncap);
	ng = rcf_zalloc(f, sizeof(*ng) * ncap);
	if (!nv || !ng)
		goto nomem;
	if (vec->cap) {
		memcpy(nv, vec->v, sizeof(*nv) * vec->cap);
		memcpy(ng, vec->jgen, sizeof(*ng) * vec->cap);
	}
	j.old = vec->v;
	j.old_jgen = vec->jgen;
	j.old_cap = vec->cap;
	if (f->in_txn && rcf_journal_push(f, &j))
		goto nomem;
	if (!f->in_txn) {
		rcf_free(f, vec->v);
		rcf_free(f, vec->jgen);
	}
	vec->v = nv;
	vec->jgen = ng;
	vec->cap = ncap;
	return 0;
nomem:
	rcf_free(f, nv);
	rcf_free(f, ng);
	return -ENOMEM;
}

static void rcf_count(struct rcf_fabric *f, u8 kind, const void *obj, int sign)
{
	if (!obj)
		return;
	switch (kind) {
	case RCF_J_NODE:
		f->n_nodes += sign;
		break;
	case RCF_J_SWITCH:
		f->n_switches += sign;
		f->n_circuits += sign * (int)((const struct rcf_switch *)obj)->ncircuits;
		break;
	case RCF_J_LINK:
		f->n_links += sign;
		/* a link's queues come and go with it, abort included */
		if (sign > 0)
			f->mem += rcf_link_ev_bytes(obj);
		else
			f->mem -= rcf_link_ev_bytes(obj);
		break;
	case RCF_J_ROUTE:
		f->n_routes += sign;
		break;
	case RCF_J_PATH:
		f->n_paths += sign;
		break;
	}
}

static bool rcf_journaled(struct rcf_fabric *f, struct rcf_vec *vec, u32 key)
{
	return vec->jgen[key] == f->gen;
}

static int rcf_journal_key(struct rcf_fabric *f, u8 kind, struct rcf_vec *vec,
			   u32 key, void *old)
{
	struct rcf_jent j = { .kind = kind, .key = key, .vec = vec, .old = old };
	int err = rcf_journal_push(f, &j);

	if (!err)
		vec->jgen[key] = f->gen;
	return err;
}

void *rcf_touch(struct rcf_fabric *f, enum rcf_jkind kind,
		struct rcf_vec *vec, u32 key, size_t size)
{
	void *live = rcf_vec_get(vec, key);
	void *copy;

	if (!live || rcf_journaled(f, vec, key))
		return live;
	copy = rcf_dup(f, live, size);
	if (!copy)
		return NULL;
	if (rcf_journal_key(f, kind, vec, key, copy)) {
		rcf_free(f, copy);
		return NULL;
	}
	return live;
}

int rcf_put(struct rcf_fabric *f, enum rcf_jkind kind, struct rcf_vec *vec,
	    u32 key, void *obj)
{
	int err = rcf_vec_reserve(f, vec, key);

	if (err)
		return err;
	if (vec->v[key])
		return -EEXIST;
	if (!rcf_journaled(f, vec, key)) {
		err = rcf_journal_key(f, kind, vec, key, NULL);
		if (err)
			return err;
	}
	vec->v[key] = obj;
	rcf_count(f, kind, obj, 1);
	return 0;
}

int rcf_remove(struct rcf_fabric *f, enum rcf_jkind kind,
	       struct rcf_vec *vec, u32 key)
{
	void *live = rcf_vec_get(vec, key);
	bool saved = false;
	int err;

	if (!live)
		return -ENOENT;
	if (!rcf_journaled(f, vec, key)) {
		err = rcf_journal_key(f, kind, vec, key, live);
		if (err)
			return err;
		saved = true;
	}
	rcf_count(f, kind, live, -1);
	vec->v[key] = NULL;
	if (key < vec->hint)
		vec->hint = key;
	/* otherwise the journal holds the original and live is ours */
	if (!saved)
		rcf_free(f, live);
	return 0;
}

struct rcf_fabric *rcf_fabric_new(const struct rcf_hooks *hooks, void *priv)
{
	u64 mem = 0;
	struct rcf_fabric *f = rcf_raw_alloc(&mem, sizeof(*f));

	if (!f)
		return NULL;
	f->mem = mem;
	f->hooks = hooks;
	f->priv = priv;
	f->cq_size = RCF_CQ_DEF_SIZE;
	f->gen = 1;
	f->nodes.max = RCF_MAX_NODES;
	f->switches.max = RCF_MAX_SWITCHES;
	f->links.max = RCF_MAX_LINKS;
	f->rsrc.max = RCF_MAX_NODES;
	f->paths.max = RCF_MAX_PATHS;
	f->rels.max = RCF_MAX_SWITCHES;
	return f;
}

static void rcf_vec_release(struct rcf_fabric *f, struct rcf_vec *vec)
{
	u32 i;

	for (i = 0; i < vec->cap; i++)
		rcf_free(f, vec->v[i]);
	rcf_free(f, vec->v);
	rcf_free(f, vec->jgen);
	vec->v = NULL;
	vec->jgen = NULL;
	vec->cap = 0;
}

void rcf_fabric_free(struct rcf_fabric *f)
{
	u64 mem;
	u32 i;

	if (!f)
		return;
	for (i = 0; i < f->nodes.cap; i++) {
		struct rcf_node *n = f->nodes.v[i];

		if (n && n->dev && f->hooks && f->hooks->detach)
			f->hooks->detach(f, n);
	}
	for (i = 0; i < f->rsrc.cap; i++) {
		struct rcf_vec *t = f->rsrc.v[i];

		if (t) {
			rcf_vec_release(f, t);
			rcf_free(f, t);
			f->rsrc.v[i] = NULL;
		}
	}
	rcf_vec_release(f, &f->rsrc);
	rcf_vec_release(f, &f->paths);
	rcf_vec_release(f, &f->rels);
	rcf_vec_release(f, &f->nodes);
	rcf_vec_release(f, &f->switches);
	rcf_vec_release(f, &f->links);
	rcf_free(f, f->addrs.slot);
	rcf_free(f, f->jr);
	mem = f->mem;
	rcf_raw_free(&mem, f);
}

int rcf_fabric_set_cq(struct rcf_fabric *f, u32 cq, struct rcf_err *e)
{
	struct rcf_jent j = { .kind = RCF_J_CQ, .old_cap = f->cq_size };

	if (cq < RCF_CQ_MIN_SIZE || cq > RCF_CQ_MAX_SIZE)
		return rcf_fail(e, ERANGE, "central queue size is out of range",
				RCF_A_FABRIC_CQ_SIZE);
	if (rcf_journal_push(f, &j))
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	rcf_txn_mark(f, RCF_TXN_FABRIC);
	f->cq_size = cq;
	return 0;
}

int rcf_fabric_set_mem_limit(struct rcf_fabric *f, u64 limit, bool own,
			     struct rcf_err *e)
{
	struct rcf_jent j = {
		.kind = RCF_J_MEM,
		.old_limit = f->mem_limit,
		.old_cap = f->mem_own,
	};

	/* pushed first: the entry itself counts in what the model holds */
	if (rcf_journal_push(f, &j))
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	if (limit && limit < f->mem)
		return rcf_fail(e, ERANGE,
				"mem-limit is below what the fabric already holds",
				RCF_A_FABRIC_MEM_LIMIT);
	f->mem_limit = limit;
	f->mem_own = own;
	return 0;
}

void rcf_txn_begin(struct rcf_fabric *f)
{
	f->in_txn = true;
	f->txn_kinds = 0;
	f->gen++;
	if (!f->gen)
		f->gen = 1;
	f->jn = 0;
}

static void rcf_journal_release(struct rcf_fabric *f)
{
	rcf_free(f, f->jr);
	f->jr = NULL;
	f->jn = 0;
	f->jcap = 0;
	f->in_txn = false;
}

void rcf_txn_abort(struct rcf_fabric *f)
{
	/* abort frees keys anywhere: search from the start again */
	f->nodes.hint = 0;
	f->switches.hint = 0;
	f->links.hint = 0;
	f->paths.hint = 0;

	while (f->jn) {
		struct rcf_jent *j = &f->jr[--f->jn];
		struct rcf_vec *vec = j->vec;
		void *cur;

		switch (j->kind) {
		case RCF_J_GROW:
			if (j->old_cap) {
				memcpy(j->old, vec->v,
				       sizeof(void *) * j->old_cap);
				memcpy(j->old_jgen, vec->jgen,
				       sizeof(u32) * j->old_cap);
			}
			rcf_free(f, vec->v);
			rcf_free(f, vec->jgen);
			vec->v = j->old;
			vec->jgen = j->old_jgen;
			vec->cap = j->old_cap;
			break;
		case RCF_J_RTAB:
			vec = f->rsrc.v[j->key];
			rcf_free(f, vec->v);
			rcf_free(f, vec->jgen);
			rcf_free(f, vec);
			f->rsrc.v[j->key] = NULL;
			break;
		case RCF_J_CQ:
			f->cq_size = j->old_cap;
			break;
		case RCF_J_MEM:
			f->mem_limit = j->old_limit;
			f->mem_own = j->old_cap;
			break;
		case RCF_J_ADDRS:
			rcf_addrs_abort(f, j->old, j->old_cap);
			break;
		default:
			/* the index is filled again from the nodes put back */
			if (j->kind == RCF_J_NODE)
				f->addrs.stale = true;
			cur = vec->v[j->key];
			rcf_count(f, j->kind, cur, -1);
			rcf_count(f, j->kind, j->old, 1);
			vec->v[j->key] = j->old;
			vec->jgen[j->key] = 0;
			rcf_free(f, cur);
			break;
		}
	}
	rcf_journal_release(f);
}

static bool rcf_same_name(const struct rcf_node *a, const struct rcf_node *b)
{
	return strcmp(a->ifname, b->ifname) == 0;
}

/* Gives netdevs to added nodes; on failure takes back what it gave. */
static int rcf_commit_attach(struct rcf_fabric *f, struct rcf_err *e)
{
	u32 i;
	int err = 0;

	for (i = 0; i < f->jn && !err; i++) {
		struct rcf_jent *j = &f->jr[i];
		struct rcf_node *live, *old = j->old;

		if (j->kind != RCF_J_NODE)
			continue;
		live = rcf_vec_get(j->vec, j->key);
		if (!live || live->dev)
			continue;
		if (old && old->dev && rcf_same_name(old, live))
			continue;
		err = f->hooks->attach(f, live, e);
	}
	if (!err)
		return 0;
	for (i = 0; i < f->jn; i++) {
		struct rcf_jent *j = &f->jr[i];
		struct rcf_node *live, *old = j->old;

		if (j->kind != RCF_J_NODE)
			continue;
		live = rcf_vec_get(j->vec, j->key);
		if (!live || !live->dev || (old && old->dev == live->dev))
			continue;
		f->hooks->detach(f, live);
		live->dev = NULL;
		live->ifindex = 0;
	}
	return err;
}

/* Hands a removed node's netdev to its same-named successor, or drops it. */
static void rcf_commit_detach(struct rcf_fabric *f)
{
	u32 i;

	for (i = 0; i < f->jn; i++) {
		struct rcf_jent *j = &f->jr[i];
		struct rcf_node *live, *old = j->old;

		if (j->kind != RCF_J_NODE || !old || !old->dev)
			continue;
		live = rcf_vec_get(j->vec, j->key);
		if (live && live->dev == old->dev)
			continue;
		if (live && !live->dev && rcf_same_name(old, live)) {
			live->dev = old->dev;
			live->ifindex = old->ifindex;
		} else {
			f->hooks->detach(f, old);
		}
		old->dev = NULL;
	}
}

int rcf_txn_commit(struct rcf_fabric *f, struct rcf_err *e)
{
	u32 i;

	if (f->hooks) {
		int err = rcf_commit_attach(f, e);

		if (err) {
			rcf_txn_abort(f);
			return err;
		}
		rcf_commit_detach(f);
	}
	if (f->jn)
		f->epoch++;
	for (i = 0; i < f->jn; i++) {
		struct rcf_jent *j = &f->jr[i];

		switch (j->kind) {
		case RCF_J_GROW:
			rcf_free(f, j->old);
			rcf_free(f, j->old_jgen);
			break;
		case RCF_J_ADDRS:
			rcf_free(f, j->old);
			break;
		case RCF_J_RTAB:
		case RCF_J_CQ:
		case RCF_J_MEM:
			break;
		default:
			rcf_free(f, j->old);
			break;
		}
	}
	rcf_journal_release(f);
	return 0;
}

struct rcf_vec *rcf_rtab(struct rcf_fabric *f, u32 src, bool create)
{
	struct rcf_jent j = { .kind = RCF_J_RTAB, .key = src };
	struct rcf_vec *t = rcf_vec_get(&f->rsrc, src);

	if (t || !create)
		return t;
	if (rcf_vec_reserve(f, &f->rsrc, src))
		return NULL;
	t = rcf_zalloc(f, sizeof(*t));
	if (!t)
		return NULL;
	t->max = RCF_MAX_NODES * RCF_ROUTES_PER_PAIR;
	if (f->in_txn && rcf_journal_push(f, &j)) {
		rcf_free(f, t);
		return NULL;
	}
	f->rsrc.v[src] = t;
	return t;
}

u8 rcf_txn_kinds(const struct rcf_fabric *f)
{
	return f->txn_kinds;
}

/*
 * Whether the open transaction's change matters to the engine only
 * through route tables.  Such a change strands no packet in flight (a packet
 * carries its own route bytes), so the engine may keep running with a
 * new route table.  When srcs is given, srcs[id] is set for every source
 * node whose routes changed (RCF_MAX_NODES bytes).
 */
bool rcf_txn_routes_only(const struct rcf_fabric *f, u8 *srcs)
{
	if (f->txn_kinds & ~RCF_TXN_ROUTES)
		return false;
	if (srcs)
		rcf_txn_route_srcs(f, srcs);
	return true;
}

void rcf_txn_route_srcs(const struct rcf_fabric *f, u8 *srcs)
{
	const struct rcf_route *r;
	u32 i;

	for (i = 0; i < f->jn; i++) {
		const struct rcf_jent *j = &f->jr[i];

		if (j->kind == RCF_J_RTAB && j->key < RCF_MAX_NODES) {
			srcs[j->key] = 1;
		} else if (j->kind == RCF_J_ROUTE) {
			r = j->old ? j->old : rcf_vec_get(j->vec, j->key);
			if (r && r->src < RCF_MAX_NODES)
				srcs[r->src] = 1;
		}
	}
}

/*
 * Whether the open transaction changes only what the engine keeps in
 * tables it can swap while it runs: routes, which a packet copies at
 * send, and relations, which switches read on the way (the engine's
 * relation swap says when that is safe).
 */
bool rcf_txn_tables_only(const struct rcf_fabric *f)
{
	return f->txn_kinds &&
	       !(f->txn_kinds & ~(RCF_TXN_ROUTES | RCF_TXN_RELS));
}

/*
 * The open transaction changes paths and the circuits they own only: no
 * element, link parameter, plain circuit, route or address.  Such a
 * change leaves every packet in flight on the channels it has (a path's
 * circuits sit on inputs no route reads and only its own messages
 * cross), so the data path may apply it to the running engine where no
 * packet stands at the inputs it rewires (Documentation/paths.rst).
 */
bool rcf_txn_paths_only(const struct rcf_fabric *f)
{
	return f->txn_kinds == RCF_TXN_PATHS;
}
