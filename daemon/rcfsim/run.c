// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim's engine half: the flattened fabric into the kernel's object
 * model, the adapter and the traffic generator on it, the run loop, and
 * the counters into the struct rcf_stats that rcfctl stats prints too.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "adapter/adapter.h"
#include "util/errf.h"
#include "topo/topo_model.h"
#include "rcfsim.h"

/* what the callbacks need */
struct sim_ctx {
	struct rcf_traffic *t;
	const struct sim_fabric *f;
	struct rcf_stats_pair *pair; /* nnodes^2 when --pairs */
	uint32_t *idx;		     /* node id -> index, RCF_MAX_NODES */
};

static struct rcf_stats_pair *pair_of(struct sim_ctx *c, u32 src, u32 dst)
{
	if (!c->pair)
		return NULL;
	return &c->pair[(size_t)c->idx[src] * c->f->nnodes + c->idx[dst]];
}

static void on_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	struct sim_ctx *c = priv;
	struct rcf_stats_pair *p = pair_of(c, src, dst);

	if (p) {
		p->msgs_received++;
		p->rx_bytes += len;
	}
	rcf_traffic_deliver(c->t, dst, src, msg, len, cookie, latency);
}

static void on_sent(void *priv, u32 src, u32 dst, u32 len)
{
	struct rcf_stats_pair *p = pair_of(priv, src, dst);

	if (p) {
		p->msgs_sent++;
		p->tx_bytes += len;
	}
}

static const struct rcf_adapter_ops sim_ops = {.deliver = on_deliver};

/* each switch's part of f->rel (by switch, then destination) whole */
static int add_rels(struct rcf_fabric *m, const struct sim_fabric *f,
		    struct rcf_err *e)
{
	struct rcf_rel_ent *ents = calloc(f->nnodes + 1, sizeof(*ents));
	size_t i = 0, k;
	int rc = 0;

	if (!ents)
		return rcf_fail(e, ENOMEM, "out of memory", 0);
	while (i < f->nrel && !rc) {
		uint32_t sw = f->rel[i].sw, n = 0;

		for (; i < f->nrel && f->rel[i].sw == sw && n < f->nnodes;
		     i++, n++) {
			ents[n].dst = f->rel[i].dst;
			ents[n].n = f->rel[i].n;
			for (k = 0; k < f->rel[i].n && k < RCF_REL_MAX_CAND;
			     k++) {
				ents[n].c[k].hop = f->rel[i].hop[k];
				ents[n].c[k].cls = f->rel[i].cls[k];
				ents[n].c[k].in = f->rel[i].in[k];
				ents[n].c[k].vin = f->rel[i].vin[k];
				ents[n].c[k].keep = f->rel[i].keep[k];
			}
		}
		rc = rcf_rel_set(m, sw, ents, n, e);
	}
	free(ents);
	return rc;
}

/* the open transaction committed when rc is 0, else undone */
static int txn_end(struct rcf_fabric *m, int rc, struct rcf_err *e)
{
	if (rc) {
		rcf_txn_abort(m);
		return rc;
	}
	return rcf_txn_commit(m, e);
}

/* one transaction for the elements, one for the routes and relations */
static struct rcf_fabric *build_model(const struct sim_fabric *f, char *err,
				      size_t errlen)
{
	static const char what[] = "the model refused the fabric";
	struct rcf_fabric *m = rcf_fabric_new(NULL, NULL);
	struct rcf_err e = {0};
	int rc;

	if (!m) {
		rcf_errf(err, errlen, "out of memory");
		return NULL;
	}
	rcf_txn_begin(m);
	rc = rcf_topo_model_topo(
		m, &f->t, RCF_TOPO_MODEL_FABRIC | RCF_TOPO_MODEL_CIRCUITS, what,
		err, errlen);
	if (txn_end(m, rc, &e))
		goto bad;
	rcf_txn_begin(m);
	rc = rcf_topo_model_routes(m, &f->s, what, err, errlen);
	if (!rc && add_rels(m, f, &e))
		rc = rcf_errf(err, errlen, "%s: %s", what,
			      e.msg ? e.msg : "out of memory");
	if (txn_end(m, rc, &e))
		goto bad;
	return m;
bad:
	/* the loaders' refusals are in err; a commit's are in e */
	if (!rc)
		rcf_errf(err, errlen, "%s: %s", what,
			 e.msg ? e.msg : "out of memory");
	rcf_fabric_free(m);
	return NULL;
}

/* command-line and file node ids to traffic indices */
static int map_spec(struct sim_opts *o, struct sim_ctx *c,
		    struct rcf_traffic_arc **arcs, char *err, size_t errlen)
{
	struct rcf_traffic_spec *s = &o->spec;

#define IDX(id, what)                                                        \
	({                                                                   \
		uint32_t _id = (id);                                         \
		if (_id >= RCF_MAX_NODES || c->idx[_id] == UINT32_MAX)       \
			return rcf_errf(err, errlen, "%s: no node %u", what, \
					_id);                                \
		c->idx[_id];                                                 \
	})
	if (o->hot_set)
		s->param = IDX(o->hot_id, "--traffic hotspot");
	if (o->narcs) {
		*arcs = calloc(o->narcs, sizeof(**arcs));
		if (!*arcs)
			return rcf_errf(err, errlen, "out of memory");
		for (size_t i = 0; i < o->narcs; i++) {
			(*arcs)[i].src = IDX(o->arc_ids[3 * i], "nig");
			(*arcs)[i].dst = IDX(o->arc_ids[3 * i + 1], "nig");
			(*arcs)[i].weight = o->arc_ids[3 * i + 2];
		}
		s->arcs = *arcs;
		s->narcs = o->narcs;
	}
	for (size_t i = 0; i < o->ntrace; i++) {
		o->trace[i].src = IDX(o->trace[i].src, "trace");
		o->trace[i].dst = IDX(o->trace[i].dst, "trace");
	}
	s->trace = o->trace;
	s->ntrace = o->ntrace;
#undef IDX
	return 0;
}

static double clock_secs(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double now_secs(void)
{
	return clock_secs(CLOCK_MONOTONIC);
}

/* the whole fabric's counters, as rcfctl stats names them */
static void collect_fabric(struct rcf_adapter *a, struct rcf_stats *st)
{
	struct rcf_engine *e = rcf_adapter_engine(a);
	struct rcf_stats_fabric *sf = &st->fabric;
	struct rcf_engine_stats es;
	struct rcf_adapter_stats as;
	int k;

	rcf_engine_stats(e, &es);
	rcf_adapter_stats(a, &as);
	st->have_fabric = 1;
	sf->cycle = es.now;
	sf->engine_gen = 1;
	sf->pkts_sent = es.sent_pkts;
	sf->pkts_delivered = es.delivered_pkts;
	sf->pkts_dropped = es.dropped_pkts;
	sf->bytes_injected = es.injected;
	sf->bytes_delivered = es.delivered;
	sf->bytes_dropped = es.dropped;
	sf->bytes_inflight = es.inflight;
	sf->byte_hops = es.byte_hops;
	sf->islip_grants = es.islip_grants;
	sf->islip_accepts = es.islip_accepts;
	for (k = 0; k < RCF_EDROP_NR; k++)
		sf->drops[rcf_engine_drop_reason(k)] += es.drops[k];
	for (k = 0; k < RCF_ADROP_NR; k++)
		sf->drops[rcf_adapter_drop_reason(k)] += as.drops[k];
	for (k = 0; k < RCF_ENGINE_LAT_BUCKETS && k < RCF_STATS_LAT_BUCKETS;
	     k++)
		sf->lat_hist[k] = es.lat_hist[k];
	sf->lat_sum = es.lat_sum;
	sf->lat_min = es.lat_min;
	sf->lat_max = es.lat_max;
	sf->msgs_sent = as.msgs_sent;
	sf->msgs_received = as.msgs_received;
	sf->tx_bytes = as.tx_bytes;
	sf->rx_bytes = as.rx_bytes;
}

/* every (link, direction, VC) the engine has; -1 out of memory */
static int collect_channels(const struct sim_fabric *f, struct rcf_engine *e,
			    struct rcf_stats *st)
{
	const struct rcf_objv *lv = &f->t.v[RCF_K_LINK];

	for (size_t i = 0; i < lv->n; i++) {
		for (int dir = 0; dir < 2; dir++)
			for (int vc = 0; vc < RCF_LINK_MAX_VCS; vc++) {
				struct rcf_engine_chan_id id = {
					(uint32_t)lv->o[i].v[RCF_A_LINK_ID],
					dir, vc};
				struct rcf_engine_chan_stats cs;
				struct rcf_stats_channel sc = {
					.link = id.link, .dir = dir, .vc = vc};

				if (rcf_engine_chan_stats(e, &id, &cs))
					continue;
				sc.bytes = cs.bytes;
				sc.packets = cs.packets;
				sc.blocked = cs.blocked;
				sc.credit = cs.credit;
				sc.occupancy = cs.occ;
				if (rcf_stats_add_channel(st, &sc))
					return -1;
			}
	}
	return 0;
}

/* each switch's central queue: its size, now and at its peak */
static int collect_switches(const struct sim_fabric *f, struct rcf_engine *e,
			    struct rcf_stats *st)
{
	const struct rcf_objv *sv = &f->t.v[RCF_K_SWITCH];
	const struct rcf_obj *fab = &f->t.fabric;

	for (size_t i = 0; i < sv->n; i++) {
		const struct rcf_obj *s = &sv->o[i];
		struct rcf_stats_switch w = {
			.id = (uint32_t)s->v[RCF_A_SWITCH_ID]};

		/* the switch's own, else the fabric's, else the model's */
		w.cq_size = rcf_has(s, RCF_A_SWITCH_CQ_SIZE)
				    ? (uint32_t)s->v[RCF_A_SWITCH_CQ_SIZE]
			    : rcf_has(fab, RCF_A_FABRIC_CQ_SIZE)
				    ? (uint32_t)fab->v[RCF_A_FABRIC_CQ_SIZE]
				    : RCF_CQ_DEF_SIZE;
		if (rcf_engine_cq_stats(e, w.id, &w.cq_cur, &w.cq_peak) ||
		    rcf_stats_add_switch(st, &w))
			return -1;
	}
	return 0;
}

/* each node's adapter: messages, bytes, backlog, paths awaited */
static int collect_nodes(const struct sim_fabric *f, struct rcf_adapter *a,
			 struct rcf_stats *st)
{
	struct rcf_adapter_stats as;

	for (uint32_t i = 0; i < f->nnodes; i++) {
		struct rcf_stats_node n = {.id = f->node_ids[i]};

		if (rcf_adapter_node_stats(a, n.id, &as))
			return -1;
		n.msgs_sent = as.msgs_sent;
		n.msgs_received = as.msgs_received;
		n.tx_bytes = as.tx_bytes;
		n.rx_bytes = as.rx_bytes;
		n.backlog = rcf_adapter_backlog(a, n.id);
		n.path_waiting = as.path_waiting;
		n.path_requests = as.path_requests;
		if (rcf_stats_add_node(st, &n))
			return -1;
	}
	return 0;
}

/* the pairs that sent anything, the run's messages beside the packets */
static int collect_pairs(const struct sim_fabric *f, struct rcf_engine *e,
			 struct sim_ctx *c, struct rcf_stats *st)
{
	for (size_t i = 0; i < (size_t)f->nnodes * f->nnodes; i++) {
		struct rcf_stats_pair *p = &c->pair[i];
		struct rcf_engine_pair_stats ps;

		p->src = f->node_ids[i / f->nnodes];
		p->dst = f->node_ids[i % f->nnodes];
		/* the engine's C_ij, where it keeps one (up to 1024 nodes) */
		if (!rcf_engine_pair_stats(e, p->src, p->dst, &ps))
			p->pkts_sent = ps.sent_pkts;
		if (!rcf_engine_pair_stats(e, p->dst, p->src, &ps))
			p->pkts_delivered = ps.recv_pkts;
		if ((p->msgs_sent || p->msgs_received || p->pkts_sent ||
		     p->pkts_delivered) &&
		    rcf_stats_add_pair(st, p))
			return -1;
	}
	return 0;
}

static int collect(const struct sim_opts *o, const struct sim_fabric *f,
		   struct rcf_adapter *a, struct sim_ctx *c,
		   struct rcf_stats *st)
{
	struct rcf_engine *e = rcf_adapter_engine(a);

	collect_fabric(a, st);
	/* a picture needs the links' bytes even when no table shows them */
	if ((o->show_channels || o->draw) && collect_channels(f, e, st))
		return -1;
	if (o->show_switches && collect_switches(f, e, st))
		return -1;
	if (o->show_nodes && collect_nodes(f, a, st))
		return -1;
	if (c->pair && collect_pairs(f, e, c, st))
		return -1;
	rcf_stats_sort(st);
	return 0;
}

/* The relation's class counters, in all and per switch of f; its size. */
static int collect_rel(const struct sim_fabric *f, const struct rcf_fabric *m,
		       struct rcf_engine *e, struct sim_result *res)
{
	struct rcf_engine_stats es;
	size_t i, k = 0;

	if (!f->nrel)
		return 0;
	for (i = 0; i < f->t.v[RCF_K_SWITCH].n; i++) {
		const struct rcf_rel *r = rcf_rel_get(
			m, (u32)f->t.v[RCF_K_SWITCH].o[i].v[RCF_A_SWITCH_ID]);

		if (!r)
			continue;
		if (r->nlists > res->rel_lists)
			res->rel_lists = r->nlists;
		res->rel_wide += r->wlist != NULL;
		res->rel_model += rcf_rel_bytes(r);
	}
	res->rel_engine = rcf_engine_rel_bytes(e);
	rcf_engine_stats(e, &es);
	res->rel_class[0] = es.rel_class[0];
	res->rel_class[1] = es.rel_class[1];
	res->rel_sw = calloc(2 * (size_t)f->nswitches + 1, sizeof(uint64_t));
	if (!res->rel_sw)
		return -1;
	for (i = 0; i < f->t.v[RCF_K_SWITCH].n; i++) {
		u64 c0 = 0, c1 = 0;

		rcf_engine_rel_stats(
			e, (u32)f->t.v[RCF_K_SWITCH].o[i].v[RCF_A_SWITCH_ID],
			&c0, &c1);
		res->rel_sw[2 * k] = c0;
		res->rel_sw[2 * k + 1] = c1;
		k++;
	}
	return 0;
}

void sim_result_free(struct sim_result *res)
{
	free(res->rel_sw);
	res->rel_sw = NULL;
}

static int loop(const struct sim_opts *o, struct rcf_traffic *t,
		struct rcf_engine *e, struct sim_result *res, char *err,
		size_t errlen)
{
	double t0 = now_secs(), last = t0;
	double cpu0 = clock_secs(CLOCK_PROCESS_CPUTIME_ID);
	uint64_t slice = o->slice ? o->slice : 10000;
	long long rc = 0;

	while (!rcf_traffic_done(t)) {
		rc = rcf_traffic_run(t, slice);
		if (rc < 0)
			break;
		if (o->progress && now_secs() - last >= 1) {
			struct rcf_traffic_results r;

			last = now_secs();
			rcf_traffic_results(t, &r);
			fprintf(stderr,
				"rcfsim: cycle %llu, %llu of %llu messages "
				"delivered, %.0f s\n",
				(unsigned long long)r.cycles,
				(unsigned long long)r.msgs_delivered,
				(unsigned long long)r.msgs_sent, last - t0);
		}
	}
	res->secs = now_secs() - t0;
	rcf_traffic_results(t, &res->tr);
	if (o->progress) {
		struct rcf_engine_stats es;

		rcf_engine_stats(e, &es);
		fprintf(stderr,
			"rcfsim: ran %llu engine cycles, %llu byte-hops in "
			"%.3f s, %.3f s of CPU\n",
			(unsigned long long)es.now,
			(unsigned long long)es.byte_hops, res->secs,
			clock_secs(CLOCK_PROCESS_CPUTIME_ID) - cpu0);
		if (!rcf_engine_exact(e)) {
			u64 jumps, cycles;

			rcf_engine_ff_counts(e, &jumps, &cycles);
			fprintf(stderr,
				"rcfsim: fast-forwarded %llu cycles in %llu "
				"steps\n",
				(unsigned long long)cycles,
				(unsigned long long)jumps);
		}
		{
			u64 visits, changed, replayed;

			rcf_engine_visit_counts(e, &visits, &changed,
						&replayed);
			fprintf(stderr,
				"rcfsim: visited elements %llu times, %llu "
				"changing discrete state, %llu replayed\n",
				(unsigned long long)visits,
				(unsigned long long)changed,
				(unsigned long long)replayed);
		}
	}
	if (rc == -EDEADLK)
		fprintf(stderr,
			"rcfsim: deadlock at cycle %llu: packets in flight "
			"can never move again\n",
			(unsigned long long)res->tr.cycles);
	else if (rc < 0)
		return rcf_errf(err, errlen, "engine: %s", strerror((int)-rc));
	return 0;
}

int sim_run(struct sim_opts *o, const struct sim_fabric *f,
	    struct sim_result *res, char *err, size_t errlen)
{
	struct sim_ctx c = {.f = f};
	struct rcf_traffic_arc *arcs = NULL;
	struct rcf_adapter *a = NULL;
	struct rcf_fabric *m;
	int rc = -1;

	memset(res, 0, sizeof(*res));
	rcf_stats_init(&res->st);
	c.idx = malloc(sizeof(*c.idx) * RCF_MAX_NODES);
	if (!c.idx)
		return rcf_errf(err, errlen, "out of memory");
	memset(c.idx, 0xff, sizeof(*c.idx) * RCF_MAX_NODES);
	for (uint32_t i = 0; i < f->nnodes; i++)
		c.idx[f->node_ids[i]] = i;
	if (o->show_pairs) {
		c.pair = calloc((size_t)f->nnodes * f->nnodes + 1,
				sizeof(*c.pair));
		if (!c.pair) {
			free(c.idx);
			return rcf_errf(err, errlen,
					"out of memory for --pairs");
		}
	}
	m = build_model(f, err, errlen);
	if (!m)
		goto out;
	if (map_spec(o, &c, &arcs, err, errlen))
		goto out;
	o->spec.nodes = f->nnodes;
	o->spec.node_ids = f->node_ids;
	o->spec.sent = on_sent;
	o->spec.priv = &c;
	a = rcf_adapter_new(m, o->policy, &sim_ops, &c);
	if (!a) {
		rcf_errf(err, errlen, "out of memory for the engine");
		goto out;
	}
	/* a new engine is quiet, so the mode can always be chosen here */
	rcf_engine_set_exact(rcf_adapter_engine(a), o->exact);
	/* the selection's generator follows the run's seed */
	o->cfg.seed = o->spec.seed;
	/* the options were checked against the same ranges */
	rcf_engine_configure(rcf_adapter_engine(a), &o->cfg);
	rcf_adapter_set_raw(a, o->raw);
	rcf_adapter_set_dest(a, f->nrel != 0);
	rc = rcf_traffic_new(&o->spec, a, &c.t);
	if (rc) {
		rcf_errf(err, errlen, "traffic %s cannot run on %u nodes: %s",
			 o->traffic, f->nnodes, strerror(-rc));
		rc = -1;
		goto out;
	}
	rc = loop(o, c.t, rcf_adapter_engine(a), res, err, errlen);
	if (!rc && (collect(o, f, a, &c, &res->st) ||
		    collect_rel(f, m, rcf_adapter_engine(a), res)))
		rc = rcf_errf(err, errlen, "out of memory");
out:
	rcf_traffic_free(c.t);
	rcf_adapter_free(a);
	if (m)
		rcf_fabric_free(m);
	free(arcs);
	free(c.pair);
	free(c.idx);
	return rc;
}
