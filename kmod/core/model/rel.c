// SPDX-License-Identifier: GPL-2.0
/*
 * Routing relations: per switch, the candidate outputs of each
 * destination, for destination-routed packets (Documentation/adaptive.rst).
 * A relation goes in whole and is kept compact: the lists of candidates
 * are stored once per switch however many destinations use them.
 */
#include "model.h"
#include "route_step.h"

/* bytes a destination's list index takes */
static size_t rcf_rel_width(u32 nlists)
{
	return nlists > RCF_REL_NARROW_LISTS ? sizeof(u16) : 1;
}

/* masked: some candidate has an input mask, so every one keeps its own */
static size_t rcf_rel_size(const struct rcf_rel *r, bool masked)
{
	return sizeof(*r) + r->ndst * (sizeof(u16) + rcf_rel_width(r->nlists)) +
	       (r->nlists + 1) * sizeof(u16) + r->ncand * sizeof(u16) +
	       (masked ? r->ncand * sizeof(u32) : 0);
}

size_t rcf_rel_bytes(const struct rcf_rel *r)
{
	return rcf_rel_size(r, r->in);
}

const struct rcf_rel *rcf_rel_get(const struct rcf_fabric *f, u32 sw)
{
	return rcf_vec_get(&f->rels, sw);
}

/*
 * A candidate's byte is a route byte read at the switch, so the route
 * step (route_step.h) judges it and the link its port leads to, as it
 * judges a route's.  A down link is let through: the engine passes
 * over a candidate whose link is down when it picks one, so a relation
 * stands while links come and go under it.
 */
static int rcf_rel_check_cand(struct rcf_fabric *f, const struct rcf_switch *s,
			      const struct rcf_rel_cand *c, struct rcf_err *e)
{
	struct rcf_end at = { .kind = RCF_ELEM_SWITCH, .id = s->id };
	struct rcf_rstep_link l = { .up = true };
	u32 lid, vc;

	if (c->cls > RCF_REL_ESCAPE)
		return rcf_fail(e, EINVAL,
				"relation candidate class is neither adaptive nor escape",
				0);
	switch (rcf_rstep_byte(c->hop, s->ports, &at.port, &vc)) {
	case RCF_RSTEP_RESERVED:
		return rcf_fail(e, EINVAL,
				"relation candidate has its reserved bit set", 0);
	case RCF_RSTEP_NO_PORT:
		return rcf_fail(e, ERANGE,
				"relation candidate names a port the switch does not have",
				0);
	default:
		break;
	}
	lid = rcf_end_link(f, &at);
	l.present = lid != RCF_NONE;
	if (l.present)
		l.vcs = rcf_link_get(f, lid)->vcs;
	switch (rcf_rstep_cross(&l, vc)) {
	case RCF_RSTEP_NO_LINK:
		return rcf_fail(e, ENOENT,
				"relation candidate names a port with no link", 0);
	case RCF_RSTEP_NO_VC:
		return rcf_fail(e, ERANGE,
				"relation candidate uses a virtual channel the link does not have",
				0);
	default:
		break;
	}
	if (c->vin >> RCF_LINK_MAX_VCS)
		return rcf_fail(e, ERANGE,
				"relation candidate's input VC mask names a VC no link has",
				0);
	if (c->keep > 1 || (c->keep && RCF_HOP_VC(c->hop)))
		return rcf_fail(e, EINVAL,
				"relation candidate that keeps the input VC must name VC 0",
				0);
	if (s->ports < 32 && c->in >> s->ports)
		return rcf_fail(e, ERANGE,
				"relation candidate's input mask names a port the switch does not have",
				0);
	return 0;
}

int rcf_rel_check_ent(struct rcf_fabric *f, u32 sw,
		      const struct rcf_rel_ent *ent, struct rcf_err *e)
{
	const struct rcf_switch *s = rcf_switch_get(f, sw);
	u32 k;
	int err;

	if (!s)
		return rcf_fail(e, ENOENT, "no such switch", 0);
	if (!rcf_node_get(f, ent->dst))
		return rcf_fail(e, ENOENT, "relation destination node does not exist",
				0);
	if (!ent->n || ent->n > RCF_REL_MAX_CAND)
		return rcf_fail(e, EINVAL,
				"relation entry must have 1 to 8 candidates", 0);
	for (k = 0; k < ent->n; k++) {
		err = rcf_rel_check_cand(f, s, &ent->c[k], e);
		if (err)
			return err;
	}
	return 0;
}

static int rcf_rel_check(struct rcf_fabric *f, const struct rcf_switch *s,
			 const struct rcf_rel_ent *ents, u32 n,
			 struct rcf_err *e)
{
	u32 i;
	int err;

	for (i = 0; i < n; i++) {
		if (i && ents[i].dst <= ents[i - 1].dst)
			return rcf_fail(e, EINVAL,
					"relation destinations must be ascending and distinct",
					0);
		err = rcf_rel_check_ent(f, s->id, &ents[i], e);
		if (err)
			return err;
	}
	return 0;
}

static bool rcf_rel_same(const struct rcf_rel_ent *a,
			 const struct rcf_rel_ent *b)
{
	u32 k;

	if (a->n != b->n)
		return false;
	for (k = 0; k < a->n; k++)
		if (a->c[k].hop != b->c[k].hop || a->c[k].cls != b->c[k].cls ||
		    a->c[k].vin != b->c[k].vin ||
		    a->c[k].keep != b->c[k].keep || a->c[k].in != b->c[k].in)
			return false;
	return true;
}

/*
 * Fowler, Noll and Vo's FNV-1a hash (1991) over what makes a list
 * distinct, so any two equal lists agree
 */
static u32 rcf_rel_hash(const struct rcf_rel_ent *x)
{
	u32 h = 2166136261u, k, v;

	for (k = 0; k < x->n; k++) {
		v = x->c[k].hop | x->c[k].cls << 8 | x->c[k].keep << 9 |
		    x->c[k].vin << 12;
		h = (h ^ v) * 16777619u;
		h = (h ^ x->c[k].in) * 16777619u;
	}
	return (h ^ x->n) * 16777619u;
}

/* slots for n entries: a power of two at least twice n, so probes end */
static u32 rcf_rel_slots(u32 n)
{
	u32 m = 2;

	while (m < 2 * n)
		m <<= 1;
	return m;
}

/*
 * The distinct lists, each named by the first entry that has it: first[]
 * holds their entry indices, which[] each entry's list.  A switch may
 * hold as many lists as destinations (a turn model's on a large PRDT),
 * so they are found through a table of rcf_rel_slots(n) slots (list + 1,
 * 0 empty) rather than by comparing each entry with every list.
 */
static void rcf_rel_lists(const struct rcf_rel_ent *ents, u32 n, u32 *slot,
			  u32 *first, u32 *which, u32 *nlists, u32 *ncand)
{
	u32 mask = rcf_rel_slots(n) - 1, i, h;

	*nlists = 0;
	*ncand = 0;
	for (i = 0; i < n; i++) {
		h = rcf_rel_hash(&ents[i]) & mask;
		while (slot[h] &&
		       !rcf_rel_same(&ents[first[slot[h] - 1]], &ents[i]))
			h = (h + 1) & mask;
		if (!slot[h]) {
			first[*nlists] = i;
			slot[h] = ++*nlists;
			*ncand += ents[i].n;
		}
		which[i] = slot[h] - 1;
	}
}

static struct rcf_rel *rcf_rel_make(struct rcf_fabric *f, u32 sw,
				    const struct rcf_rel_ent *ents, u32 n,
				    const u32 *first, const u32 *which,
				    u32 nlists, u32 ncand)
{
	struct rcf_rel shape = { .ndst = n, .nlists = nlists, .ncand = ncand };
	bool masked = false;
	struct rcf_rel *r;
	u32 i, k, at = 0;

	for (i = 0; i < n; i++)
		for (k = 0; k < ents[i].n; k++)
			masked |= ents[i].c[k].in != 0;
	r = rcf_zalloc(f, rcf_rel_size(&shape, masked));
	if (!r)
		return NULL;
	*r = shape;
	r->sw = sw;
	/* the u32 masks, then the u16 arrays, so each is aligned */
	if (masked)
		r->in = (u32 *)(r + 1);
	r->dst = masked ? (u16 *)(r->in + ncand) : (u16 *)(r + 1);
	r->lstart = r->dst + n;
	r->cand = r->lstart + nlists + 1;
	if (rcf_rel_width(nlists) > 1)
		r->wlist = r->cand + ncand;
	else
		r->list = (u8 *)(r->cand + ncand);
	for (i = 0; i < n; i++) {
		r->dst[i] = ents[i].dst;
		if (r->wlist)
			r->wlist[i] = which[i];
		else
			r->list[i] = which[i];
	}
	for (i = 0; i < nlists; i++) {
		const struct rcf_rel_ent *x = &ents[first[i]];

		r->lstart[i] = at;
		for (k = 0; k < x->n; k++, at++) {
			r->cand[at] = RCF_REL_CAND(x->c[k].hop, x->c[k].cls,
						   x->c[k].keep, x->c[k].vin);
			if (r->in)
				r->in[at] = x->c[k].in;
		}
	}
	r->lstart[nlists] = at;
	return r;
}

int rcf_rel_set(struct rcf_fabric *f, u32 sw, const struct rcf_rel_ent *ents,
		u32 n, struct rcf_err *e)
{
	struct rcf_switch *s = rcf_switch_get(f, sw);
	u32 nlists, ncand, *first = NULL, *which = NULL, *slot = NULL;
	struct rcf_rel *r = NULL;
	int err;

	if (!s)
		return rcf_fail(e, ENOENT, "no such switch", 0);
	/* at most a list per entry: RCF_REL_MAX_LISTS bounds both */
	if (n > RCF_MAX_NODES)
		return rcf_fail(e, E2BIG, "relation has more entries than nodes",
				0);
	err = rcf_rel_check(f, s, ents, n, e);
	if (err)
		return err;
	first = rcf_zalloc(f, sizeof(*first) * (n + 1));
	which = rcf_zalloc(f, sizeof(*which) * (n + 1));
	slot = rcf_zalloc(f, sizeof(*slot) * rcf_rel_slots(n));
	if (!first || !which || !slot) {
		err = rcf_nomem(e);
		goto out;
	}
	rcf_rel_lists(ents, n, slot, first, which, &nlists, &ncand);
	r = rcf_rel_make(f, sw, ents, n, first, which, nlists, ncand);
	if (!r) {
		err = rcf_nomem(e);
		goto out;
	}
	rcf_txn_mark(f, RCF_TXN_RELS);
	if (rcf_vec_get(&f->rels, sw) && rcf_remove(f, RCF_J_REL, &f->rels, sw)) {
		err = rcf_nomem(e);
		goto out;
	}
	err = rcf_put(f, RCF_J_REL, &f->rels, sw, r);
	if (err) {
		err = rcf_nomem(e);
		goto out;
	}
	r = NULL;
out:
	rcf_free(f, r);
	rcf_free(f, first);
	rcf_free(f, which);
	rcf_free(f, slot);
	return err;
}

int rcf_rel_del(struct rcf_fabric *f, u32 sw, struct rcf_err *e)
{
	if (!rcf_vec_get(&f->rels, sw))
		return rcf_fail(e, ENOENT, "switch has no routing relation", 0);
	rcf_txn_mark(f, RCF_TXN_RELS);
	if (rcf_remove(f, RCF_J_REL, &f->rels, sw))
		return rcf_nomem(e);
	return 0;
}
