// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim collective's library half: a plan's steps on kport:N:K, their
 * circuits from the router as paths for the engine half (coll_net.c),
 * the transfers as messages whose bytes are a function of (item, offset)
 * so that every byte can be checked where it arrives, and what the
 * nodes hold, from the bytes that arrived whole, against the checker's
 * replay of the plan.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll/coll_kport.h"
#include "util/errf.h"
#include "util/grow.h"
#include "coll_exec.h"
#include "coll_net.h"

struct msg {
	uint64_t xfer, off; /* the transfer and where in it */
	uint32_t len;
};

struct ctx {
	const struct rcf_coll_plan *p;
	const struct sim_coll_cfg *cfg;
	struct rcf_kport m;
	struct sim_fabric f;
	struct sim_coll_net *net;
	struct rcf_coll_replay *replay;
	uint64_t words;
	uint64_t *held, *next; /* per node: items arrived whole */
	/* the step under way: its messages by cookie, bytes per transfer */
	uint64_t step;
	struct msg *msgs;
	size_t nmsgs, cap;
	uint64_t *got;
	uint64_t sent, verified;
	uint8_t *buf, *want;
	/* the previous step's switch circuits, as sorted keys */
	uint64_t *prev, *cur;
	size_t nprev;
	int bad; /* a delivery went wrong: fault says how */
	char fault[512];
};

static uint64_t *set_of(struct ctx *c, uint64_t *base, uint32_t node)
{
	return base + (uint64_t)node * c->words;
}

static int bit(const uint64_t *s, uint64_t i)
{
	return (int)(s[i / 64] >> (i % 64) & 1);
}

/* bytes [off, off + len) of transfer x into out */
static void fill(const struct rcf_coll_plan *p, const struct rcf_coll_xfer *x,
		 uint64_t off, uint32_t len, uint8_t *out)
{
	uint64_t at = 0, end = off + len;

	for (uint64_t i = x->first; i < x->first + x->n && at < end; i++) {
		uint32_t it = p->items[i];
		uint64_t b = p->item_bytes[it];

		for (uint64_t o = off > at ? off - at : 0;
		     o < b && at + o < end; o++)
			out[at + o - off] = sim_coll_byte(it, o);
		at += b;
	}
}

/* the item at offset off of transfer x, and its offset in the item */
static uint32_t item_at(const struct rcf_coll_plan *p,
			const struct rcf_coll_xfer *x, uint64_t off,
			uint64_t *in)
{
	for (uint64_t i = x->first; i < x->first + x->n; i++) {
		uint64_t b = p->item_bytes[p->items[i]];

		if (off < b) {
			*in = off;
			return p->items[i];
		}
		off -= b;
	}
	*in = 0;
	return UINT32_MAX;
}

static void on_rx(void *priv, uint32_t dst, uint32_t src, const uint8_t *msg,
		  uint32_t len, uint64_t cookie)
{
	struct ctx *c = priv;
	const struct rcf_coll_xfer *x;
	const struct msg *m;
	char name[96];
	uint64_t in;

	if (c->bad)
		return;
	c->bad = 1;
	if (cookie >= c->nmsgs) {
		snprintf(c->fault, sizeof(c->fault),
			 "step %llu: node %u got a message from %u that "
			 "was never sent",
			 (unsigned long long)c->step + 1, dst, src);
		return;
	}
	m = &c->msgs[cookie];
	x = &c->p->xfers[m->xfer];
	if (src != x->src || dst != x->dst || len != m->len) {
		snprintf(c->fault, sizeof(c->fault),
			 "step %llu: %u bytes from %u arrived at %u, sent "
			 "as %u bytes from %u to %u",
			 (unsigned long long)c->step + 1, len, src, dst, m->len,
			 x->src, x->dst);
		return;
	}
	fill(c->p, x, m->off, len, c->want);
	for (uint32_t i = 0; i < len; i++) {
		uint32_t it;

		if (msg[i] == c->want[i])
			continue;
		it = item_at(c->p, x, m->off + i, &in);
		rcf_coll_item_name(c->p, it, name, sizeof(name));
		snprintf(c->fault, sizeof(c->fault),
			 "step %llu: node %u got byte %llu of %s from %u as "
			 "0x%02x, not 0x%02x",
			 (unsigned long long)c->step + 1, dst,
			 (unsigned long long)in, name, src, msg[i], c->want[i]);
		return;
	}
	c->got[m->xfer - c->p->steps[c->step].first_xfer] += len;
	c->verified += len;
	c->bad = 0;
}

static int push_msg(struct ctx *c, uint64_t xfer, uint64_t off, uint32_t len)
{
	struct msg *m = rcf_grow(c->msgs, c->nmsgs, &c->cap, sizeof(*m), 256);

	if (!m)
		return -1;
	c->msgs = m;
	c->msgs[c->nmsgs++] = (struct msg){xfer, off, len};
	return 0;
}

/* message number i of transfer xi, if it has one; 1 when it has not */
static int send_part(struct ctx *c, uint64_t xi, uint64_t i, char *err,
		     size_t len)
{
	const struct rcf_coll_xfer *x = &c->p->xfers[xi];
	uint64_t off = i * SIM_COLL_MSG_MAX, left;
	uint32_t n;

	/* an empty transfer is one empty message */
	if (off >= x->bytes && (i || x->bytes))
		return 1;
	left = x->bytes - off;
	n = left > SIM_COLL_MSG_MAX ? SIM_COLL_MSG_MAX : (uint32_t)left;
	fill(c->p, x, off, n, c->buf);
	if (c->cfg->corrupt && ++c->sent == c->cfg->corrupt && n)
		c->buf[n / 2] ^= 0x5a;
	if (push_msg(c, xi, off, n))
		return rcf_errf(err, len, "out of memory");
	return sim_coll_net_send(c->net, x->src, x->dst, c->buf, n,
				 c->nmsgs - 1, err, len);
}

/*
 * Transfers [first, first + n) as messages, in turns: every transfer's
 * first message, then every second one, so that no node's queue holds
 * one port's messages ahead of all of another's.
 */
static int send_xfers(struct ctx *c, uint64_t first, uint64_t n, char *err,
		      size_t len)
{
	for (uint64_t i = 0, more = 1; more; i++) {
		more = 0;
		for (uint64_t xi = first; xi < first + n; xi++) {
			int rc = send_part(c, xi, i, err, len);

			if (rc < 0)
				return -1;
			more |= rc == 0;
		}
	}
	return 0;
}

/*
 * The router gives each connection's circuits a -> b, then b -> a, each
 * in the order a packet crosses them: a path per direction.
 */
static int to_paths(struct ctx *c, const struct rcf_coll_step *s,
		    const struct rcf_kport_circ *sc, size_t nsc,
		    struct sim_coll_path *out, char *err, size_t len)
{
	size_t at = 0;
	int h;

	for (uint64_t r = 0; r < 2 * s->ncirc; r++) {
		const struct rcf_coll_circ *x =
			&c->p->circs[s->first_circ + r / 2];
		struct sim_coll_path *q = &out[r];

		q->master = r % 2 ? x->b : x->a;
		q->dst = r % 2 ? x->a : x->b;
		h = rcf_kport_path_hops(&c->m, x, r % 2, sc, nsc, &at, q->hops,
					sizeof(q->hops));
		if (h < 0)
			return rcf_errf(err, len,
					"step %llu: the router's circuits end "
					"before connection %llu's",
					(unsigned long long)c->step + 1,
					(unsigned long long)r / 2);
		q->nhops = (uint8_t)h;
	}
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* switch circuits this step shares with the one before, by key */
static uint64_t count_kept(struct ctx *c, const struct rcf_kport_circ *sc,
			   size_t n)
{
	uint64_t kept = 0;
	size_t i = 0, j = 0;
	uint64_t *t;

	for (size_t k = 0; k < n; k++)
		c->cur[k] =
			(uint64_t)sc[k].sw << 32 | sc[k].in << 16 | sc[k].out;
	qsort(c->cur, n, sizeof(*c->cur), cmp_u64);
	while (i < n && j < c->nprev) {
		if (c->cur[i] == c->prev[j]) {
			kept++;
			i++;
			j++;
		} else if (c->cur[i] < c->prev[j]) {
			i++;
		} else {
			j++;
		}
	}
	t = c->prev;
	c->prev = c->cur;
	c->cur = t;
	c->nprev = n;
	return kept;
}

/* the step's circuits in place: routed, walked into paths, one change */
static int configure(struct ctx *c, struct sim_coll_step_res *sr, char *err,
		     size_t len)
{
	const struct rcf_coll_step *s = &c->p->steps[c->step];
	size_t nsc = 0, cap = RCF_KPORT_CIRCS_PER_CONN * s->ncirc + 1;
	struct rcf_kport_circ *sc = calloc(cap, sizeof(*sc));
	struct sim_coll_path *paths = calloc(2 * s->ncirc + 1, sizeof(*paths));
	struct sim_coll_net_set ns;
	char why[384];
	int rc = -1;

	free(c->cur);
	c->cur = calloc(cap, sizeof(*c->cur));
	if (!sc || !paths || !c->cur) {
		rcf_errf(err, len, "out of memory");
		goto out;
	}
	if (rcf_kport_route(&c->m, &c->p->circs[s->first_circ], s->ncirc, sc,
			    &nsc, why, sizeof(why))) {
		rcf_errf(err, len, "step %llu: %s",
			 (unsigned long long)c->step + 1, why);
		goto out;
	}
	if (to_paths(c, s, sc, nsc, paths, err, len))
		goto out;
	if (sim_coll_net_set(c->net, paths, 2 * s->ncirc, &ns, why,
			     sizeof(why))) {
		rcf_errf(err, len, "step %llu: %s",
			 (unsigned long long)c->step + 1, why);
		goto out;
	}
	sr->conns = s->ncirc;
	sr->circs = nsc;
	sr->circs_kept = count_kept(c, sc, nsc);
	sr->circs_set = nsc - sr->circs_kept;
	sr->paths_kept = ns.paths_kept;
	sr->epochs = ns.epochs;
	sr->reconf = sr->circs_set
			     ? c->cfg->beta_r + c->cfg->tau_r * sr->circs_set
			     : 0;
	rc = 0;
out:
	free(sc);
	free(paths);
	return rc;
}

/* every item a transfer sends is one its sender received whole */
static int check_sender(struct ctx *c, uint64_t xi, char *err, size_t len)
{
	const struct rcf_coll_xfer *x = &c->p->xfers[xi];
	char name[96];

	if (x->src >= c->p->nodes || x->dst >= c->p->nodes)
		return rcf_errf(err, len,
				"step %llu: a transfer names no node of %u",
				(unsigned long long)c->step + 1, c->p->nodes);
	for (uint64_t i = x->first; i < x->first + x->n; i++) {
		uint32_t it = c->p->items[i];

		if (it < c->p->nitems && bit(set_of(c, c->held, x->src), it))
			continue;
		if (it < c->p->nitems)
			rcf_coll_item_name(c->p, it, name, sizeof(name));
		else
			snprintf(name, sizeof(name), "item %u", it);
		return rcf_errf(err, len,
				"step %llu: node %u would send %s to %u, "
				"but has not received it",
				(unsigned long long)c->step + 1, x->src, name,
				x->dst);
	}
	return 0;
}

/* what arrived whole lands, what was passed on and is not a target goes */
static int land(struct ctx *c, char *err, size_t len)
{
	const struct rcf_coll_plan *p = c->p;
	const struct rcf_coll_step *s = &p->steps[c->step];
	uint64_t all = c->words * p->nodes;

	memcpy(c->next, c->held, all * 8);
	for (uint64_t xi = s->first_xfer; xi < s->first_xfer + s->nxfer; xi++) {
		const struct rcf_coll_xfer *x = &p->xfers[xi];

		if (c->got[xi - s->first_xfer] != x->bytes)
			return rcf_errf(
				err, len,
				"step %llu: %llu of the %llu bytes from %u "
				"to %u arrived",
				(unsigned long long)c->step + 1,
				(unsigned long long)c->got[xi - s->first_xfer],
				(unsigned long long)x->bytes, x->src, x->dst);
		for (uint64_t i = x->first; i < x->first + x->n; i++)
			if (!rcf_coll_item_target(p, p->items[i], x->src))
				set_of(c, c->next, x->src)[p->items[i] / 64] &=
					~(1ull << (p->items[i] % 64));
	}
	for (uint64_t xi = s->first_xfer; xi < s->first_xfer + s->nxfer; xi++)
		for (uint64_t i = p->xfers[xi].first;
		     i < p->xfers[xi].first + p->xfers[xi].n; i++)
			set_of(c, c->next,
			       p->xfers[xi].dst)[p->items[i] / 64] |=
				1ull << (p->items[i] % 64);
	memcpy(c->held, c->next, all * 8);
	return 0;
}

/* the nodes against the replay, then (at the end) the operation */
static int compare(struct ctx *c, struct sim_coll_res *r, int final, char *err,
		   size_t len)
{
	const struct rcf_coll_plan *p = c->p;
	char name[96];

	for (uint32_t n = 0; n < p->nodes; n++)
		for (uint32_t i = 0; i < p->nitems; i++) {
			int has = bit(set_of(c, c->held, n), i);
			int want =
				final ? rcf_coll_item_target(p, i, n)
				      : rcf_coll_replay_holds(c->replay, n, i);

			r->items_checked++;
			if (has == want)
				continue;
			rcf_coll_item_name(p, i, name, sizeof(name));
			return rcf_errf(err, len,
					"after step %llu: node %u %s %s, "
					"which %s says it %s",
					(unsigned long long)c->step + 1, n,
					has ? "holds" : "lacks", name,
					final ? "the operation" : "the plan",
					want ? "must hold" : "must not hold");
		}
	return 0;
}

static int run_step(struct ctx *c, struct sim_coll_res *r, char *err,
		    size_t len)
{
	const struct rcf_coll_step *s = &c->p->steps[c->step];
	struct sim_coll_step_res *sr = &r->steps[c->step];
	char why[384];
	int64_t cyc;

	if (s->first_circ + s->ncirc > c->p->ncircs ||
	    s->first_xfer + s->nxfer > c->p->nxfers)
		return rcf_errf(err, len, "step %llu: past the plan's arrays",
				(unsigned long long)c->step + 1);
	/* a static network's routes need nothing set between steps */
	if (!c->cfg->fabric && configure(c, sr, err, len))
		return -1;
	free(c->got);
	c->got = calloc(s->nxfer + 1, sizeof(*c->got));
	if (!c->got)
		return rcf_errf(err, len, "out of memory");
	c->nmsgs = 0;
	for (uint64_t xi = s->first_xfer; xi < s->first_xfer + s->nxfer; xi++) {
		uint64_t b = c->p->xfers[xi].bytes;

		if (check_sender(c, xi, err, len))
			return -1;
		sr->bytes += b;
		if (b > sr->max_bytes)
			sr->max_bytes = b;
	}
	if (send_xfers(c, s->first_xfer, s->nxfer, err, len))
		return -1;
	sr->xfers = s->nxfer;
	sr->msgs = c->nmsgs;
	cyc = sim_coll_net_run(c->net, why, sizeof(why));
	if (cyc < 0)
		return rcf_errf(err, len, "step %llu: %s",
				(unsigned long long)c->step + 1, why);
	if (c->bad)
		return rcf_errf(err, len, "%s", c->fault);
	if (sim_coll_net_drops(c->net))
		return rcf_errf(err, len, "step %llu: the fabric dropped %llu",
				(unsigned long long)c->step + 1,
				(unsigned long long)sim_coll_net_drops(c->net));
	sr->cycles = (uint64_t)cyc;
	if (land(c, err, len))
		return -1;
	if (rcf_coll_replay_step(c->replay, c->step, why, sizeof(why)))
		return rcf_errf(err, len, "the plan's replay: %s", why);
	return compare(c, r, 0, err, len);
}

static int machine(struct ctx *c, uint32_t nodes, uint32_t k, int exact,
		   char *err, size_t len)
{
	struct sim_topo_opts o = {.no_routes = !c->cfg->fabric};
	char spec[48];

	snprintf(spec, sizeof(spec), "kport:%u:%u", nodes, k);
	o.gen = c->cfg->fabric ? c->cfg->fabric : spec;
	if (c->cfg->fabric ? sim_topo_load(&o, &c->f, err, len)
			   : rcf_kport_parse(spec, &c->m, err, len) ||
				     sim_topo_load(&o, &c->f, err, len))
		return -1;
	if (c->f.nnodes != nodes)
		return rcf_errf(err, len, "%s has %u nodes, the plan %u", o.gen,
				c->f.nnodes, nodes);
	c->buf = malloc(SIM_COLL_MSG_MAX + 1);
	c->want = malloc(SIM_COLL_MSG_MAX + 1);
	if (!c->buf || !c->want)
		return rcf_errf(err, len, "out of memory");
	c->net = sim_coll_net_new(&c->f, exact, !!c->cfg->fabric, on_rx, c, err,
				  len);
	return c->net ? 0 : -1;
}

static void ctx_free(struct ctx *c)
{
	sim_coll_net_free(c->net);
	sim_fabric_free(&c->f);
	rcf_coll_replay_free(c->replay);
	free(c->held);
	free(c->next);
	free(c->msgs);
	free(c->got);
	free(c->buf);
	free(c->want);
	free(c->prev);
	free(c->cur);
}

static int start(struct ctx *c, struct sim_coll_res *r, char *err, size_t len)
{
	const struct rcf_coll_plan *p = c->p;
	uint64_t all;

	c->replay = rcf_coll_replay_new(p, err, len);
	if (!c->replay)
		return -1;
	c->words = (p->nitems + 63) / 64;
	all = c->words * p->nodes;
	c->held = calloc(all + 1, 8);
	c->next = calloc(all + 1, 8);
	r->steps = calloc(p->nsteps + 1, sizeof(*r->steps));
	if (!c->held || !c->next || !r->steps)
		return rcf_errf(err, len, "out of memory");
	r->nsteps = p->nsteps;
	for (uint32_t n = 0; n < p->nodes; n++)
		for (uint32_t i = 0; i < p->nitems; i++)
			if (rcf_coll_item_initial(p, i, n))
				set_of(c, c->held, n)[i / 64] |= 1ull
								 << (i % 64);
	return machine(c, p->nodes, p->k, c->cfg->exact, err, len);
}

int sim_coll_exec(const struct rcf_coll_plan *p, const struct sim_coll_cfg *cfg,
		  struct sim_coll_res *r, char *err, size_t len)
{
	struct ctx c = {.p = p, .cfg = cfg};
	int rc;

	memset(r, 0, sizeof(*r));
	rc = start(&c, r, err, len);
	for (c.step = 0; !rc && c.step < p->nsteps; c.step++) {
		struct sim_coll_step_res *sr;

		rc = run_step(&c, r, err, len);
		sr = &r->steps[c.step];
		r->cycles += sr->cycles;
		r->reconf += sr->reconf;
		r->circs += sr->circs;
		r->circs_set += sr->circs_set;
		r->circs_kept += sr->circs_kept;
		r->msgs += sr->msgs;
		r->bytes += sr->bytes;
	}
	if (!rc) {
		c.step = p->nsteps - 1;
		rc = compare(&c, r, 1, err, len);
	}
	r->verified = c.verified;
	ctx_free(&c);
	return rc;
}

void sim_coll_res_free(struct sim_coll_res *r)
{
	free(r->steps);
	memset(r, 0, sizeof(*r));
}

int sim_coll_probe(uint32_t nodes, uint32_t k, const struct sim_coll_cfg *cfg,
		   const uint64_t *sizes, size_t n, double *cyc, char *err,
		   size_t len)
{
	/* one item of the largest size, sent whole or in part */
	uint64_t big = 0;
	uint32_t item = 0;
	struct rcf_coll_plan p = {.nodes = nodes, .k = k, .nitems = 1};
	struct rcf_coll_circ conn = {0, 0, nodes - 1, 0};
	struct rcf_coll_step s = {.ncirc = 1, .nxfer = 1};
	struct rcf_coll_xfer x = {.src = 0, .dst = nodes - 1, .n = 1};
	struct ctx c = {.p = &p, .cfg = cfg};
	int rc;

	for (size_t i = 0; i < n; i++)
		big = sizes[i] > big ? sizes[i] : big;
	p.item_bytes = &big;
	p.items = &item;
	p.circs = &conn;
	p.steps = &s;
	p.xfers = &x;
	p.nsteps = p.ncircs = p.nxfers = p.nrefs = 1;
	rc = machine(&c, nodes, k, cfg->exact, err, len);
	if (!rc && !cfg->fabric) {
		struct sim_coll_step_res sr = {0};

		rc = configure(&c, &sr, err, len);
	}
	for (size_t i = 0; !rc && i < n; i++) {
		char why[384];
		int64_t t;

		/* the item's first sizes[i] bytes, checked as they arrive */
		x.bytes = sizes[i];
		c.got = calloc(2, sizeof(*c.got));
		c.nmsgs = 0;
		rc = c.got ? send_xfers(&c, 0, 1, err, len)
			   : rcf_errf(err, len, "out of memory");
		t = rc ? -1 : sim_coll_net_run(c.net, why, sizeof(why));
		if (!rc && (t < 0 || c.bad || c.got[0] != sizes[i]))
			rc = rcf_errf(err, len, "%u bytes: %s",
				      (unsigned)sizes[i],
				      t < 0   ? why
				      : c.bad ? c.fault
					      : "not all arrived");
		cyc[i] = (double)t;
		free(c.got);
		c.got = NULL;
	}
	ctx_free(&c);
	return rc;
}
