// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl collective run OP: a plan of lib/coll executed on rcf.ko's
 * kport:N:K fabric.  Each step's connections become paths (the kernel's
 * circuits with a master, Documentation/paths.rst) set in one batch,
 * hence one epoch; the step's transfers are a trace replayed by the
 * kernel's traffic generator, waited for, and checked against the plan:
 * the run's messages, and pair by pair the data path's byte counters.
 * The same shape as rcfsim collective, which runs the same engine in
 * userspace.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "coll/coll_kport.h"
#include "nl/nl_stats.h"
#include "out/json.h"
#include "stats/stats.h"
#include "topo/topo_gen.h"
#include "util/mono.h"
#include "rcfctl.h"

/* paths of alternate steps take alternate halves of the id space, so
 * that one batch can delete the old and make the new */
#define RUN_IDS (RCF_MAX_PATHS / 2)
/* how long a recalled path may take to hand its mastership back */
#define RETURN_MS 10000

struct step_res {
	uint64_t conns, circs, paths, epochs;
	uint64_t apply_ns, epoch_ns; /* apply phases; all phases */
	uint64_t msgs, bytes, cycles, pairs;
};

struct run {
	struct ctl *c;
	const struct rcf_coll_plan *p;
	struct rcf_kport m;
	char spec[48];
	struct rcf_kport_circ *sc;
	struct rcf_op *ops;
	uint32_t *held; /* path ids in place */
	size_t nheld;
	int recalled; /* the held paths' mastership is back */
	struct step_res *res;
	uint64_t step;
};

/* a transfer's bytes as messages the generator takes */
static uint64_t xfer_msgs(const struct rcf_coll_xfer *x)
{
	return (x->bytes + RCF_TRAFFIC_MAX_SIZE - 1) / RCF_TRAFFIC_MAX_SIZE;
}

static uint64_t step_msgs(const struct rcf_coll_plan *p, uint64_t si)
{
	const struct rcf_coll_step *s = &p->steps[si];
	uint64_t n = 0;

	for (uint64_t x = s->first_xfer; x < s->first_xfer + s->nxfer; x++)
		n += xfer_msgs(&p->xfers[x]);
	return n;
}

/* what the kernel cannot take is refused before anything changes */
static int fits(const struct rcf_coll_plan *p)
{
	for (uint64_t si = 0; si < p->nsteps; si++) {
		uint64_t n = step_msgs(p, si);

		if (2 * p->steps[si].ncirc > RUN_IDS)
			return usage_error(
				"collective run: step %llu has "
				"%llu connections, more than the "
				"%u paths a step may use",
				(unsigned long long)si + 1,
				(unsigned long long)p->steps[si].ncirc,
				RUN_IDS / 2);
		if (n > RCF_TRAFFIC_MAX_MSGS)
			return usage_error("collective run: step %llu is %llu "
					   "messages of at most %u bytes; the "
					   "kernel's trace takes %u (a "
					   "smaller --size, or rcfsim "
					   "collective)",
					   (unsigned long long)si + 1,
					   (unsigned long long)n,
					   RCF_TRAFFIC_MAX_SIZE,
					   RCF_TRAFFIC_MAX_MSGS);
	}
	return 0;
}

static int count_obj(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	(void)cmd;
	(void)o;
	++*(size_t *)arg;
	return 0;
}

static int same_end(const struct rcf_end *a, const struct rcf_end *b)
{
	return a->kind == b->kind && a->id == b->id && a->port == b->port;
}

/* why live is not want (kport:N:K as generated), or NULL */
static const char *differs(const struct rcf_topo *live,
			   const struct rcf_topo *want, char *buf, size_t len)
{
	static const char *const what[] = {
		[RCF_K_NODE] = "nodes",	  [RCF_K_SWITCH] = "switches",
		[RCF_K_LINK] = "links",	  [RCF_K_CIRCUIT] = "circuits",
		[RCF_K_ROUTE] = "routes",
	};

	for (int k = RCF_K_NODE; k <= RCF_K_ROUTE; k++)
		if (live->v[k].n != want->v[k].n) {
			snprintf(buf, len, "it has %zu %s, the machine %zu",
				 live->v[k].n, what[k], want->v[k].n);
			return buf;
		}
	for (int k = RCF_K_NODE; k <= RCF_K_SWITCH; k++) {
		int ports =
			k == RCF_K_NODE ? RCF_A_NODE_PORTS : RCF_A_SWITCH_PORTS;
		int key = k == RCF_K_NODE ? RCF_A_NODE_ID : RCF_A_SWITCH_ID;

		for (size_t i = 0; i < want->v[k].n; i++) {
			const struct rcf_obj *a = &live->v[k].o[i];
			const struct rcf_obj *b = &want->v[k].o[i];

			if (a->v[key] == b->v[key] &&
			    a->v[ports] == b->v[ports])
				continue;
			snprintf(buf, len,
				 "%s %llu of %llu ports is not the machine's "
				 "%s %llu of %llu ports",
				 k == RCF_K_NODE ? "node" : "switch",
				 (unsigned long long)a->v[key],
				 (unsigned long long)a->v[ports],
				 k == RCF_K_NODE ? "node" : "switch",
				 (unsigned long long)b->v[key],
				 (unsigned long long)b->v[ports]);
			return buf;
		}
	}
	for (size_t i = 0; i < want->v[RCF_K_LINK].n; i++) {
		const struct rcf_obj *a = &live->v[RCF_K_LINK].o[i];
		const struct rcf_obj *b = &want->v[RCF_K_LINK].o[i];

		if ((same_end(&a->end[0], &b->end[0]) &&
		     same_end(&a->end[1], &b->end[1])) ||
		    (same_end(&a->end[0], &b->end[1]) &&
		     same_end(&a->end[1], &b->end[0])))
			continue;
		snprintf(buf, len,
			 "link %llu does not join what the machine's "
			 "link %llu joins",
			 (unsigned long long)a->v[RCF_A_LINK_ID],
			 (unsigned long long)b->v[RCF_A_LINK_ID]);
		return buf;
	}
	return NULL;
}

/* RCFCTL_OK when the running fabric is kport:N:K with nothing set */
static int check_fabric(struct run *r)
{
	struct rcf_topo live, want;
	char err[256], why[256];
	const char *bad;
	size_t paths = 0;
	int rc;

	if (rcf_topo_generate(r->spec, &want, err, sizeof(err)))
		return usage_error("collective run: %s", err);
	rc = topo_dump(r->c, &live);
	if (rc) {
		rcf_topo_free(&want);
		return rc;
	}
	bad = differs(&live, &want, why, sizeof(why));
	rcf_topo_free(&live);
	rcf_topo_free(&want);
	if (!bad &&
	    rcf_nl_dump(&r->c->nl, RCF_K_PATH, NULL, count_obj, &paths)) {
		struct rcf_obj o;

		rcf_obj_init(&o, RCF_K_PATH);
		return kernel_error(r->c, "collective run", &o);
	}
	if (!bad && paths) {
		snprintf(why, sizeof(why), "it holds %zu paths", paths);
		bad = why;
	}
	if (!bad)
		return RCFCTL_OK;
	fprintf(stderr,
		"rcfctl: collective run: the fabric is not the machine %s "
		"with nothing set (%s); run the plan on a fabric made by "
		"rcfctl topo apply %s\n",
		r->spec, bad, r->spec);
	return RCFCTL_ERR;
}

static int batch_error(struct run *r, const char *what, size_t n)
{
	char why[512];

	rcf_nl_error_str(&r->c->nl.e, why, sizeof(why));
	fprintf(stderr,
		"rcfctl: collective run: step %llu: %s (%zu "
		"operations, none applied): %s\n",
		(unsigned long long)r->step + 1, what, n, why);
	return RCFCTL_ERR;
}

/* adds the last epoch's phases to the step's figures */
static void account_epoch(struct run *r, struct step_res *sr)
{
	struct rcf_epoch_info e;

	if (rcf_nl_epoch_get(&r->c->nl, &e))
		return;
	sr->epochs++;
	sr->apply_ns += e.apply_ns;
	sr->epoch_ns += e.suspend_ns + e.drain_ns + e.apply_ns + e.resume_ns;
}

/* the held paths recalled in one epoch, then until each is back */
static int recall(struct run *r, struct step_res *sr)
{
	uint64_t start;

	for (size_t i = 0; i < r->nheld; i++) {
		r->ops[i] = (struct rcf_op){.cmd = RCF_CMD_PATH_SET};
		rcf_obj_init(&r->ops[i].o, RCF_K_PATH);
		rcf_set(&r->ops[i].o, RCF_A_PATH_ID, r->held[i]);
		rcf_set(&r->ops[i].o, RCF_A_PATH_STATE, RCF_PATH_RECALL);
	}
	if (r->recalled)
		return RCFCTL_OK;
	if (rcf_nl_batch(&r->c->nl, r->ops, r->nheld))
		return batch_error(r, "recalling the paths", r->nheld);
	if (sr)
		account_epoch(r, sr);
	start = rcf_mono_us();
	for (size_t i = 0; i < r->nheld; i++) {
		struct rcf_obj o;

		for (;;) {
			if (rcf_nl_path_get(&r->c->nl, r->held[i], &o)) {
				rcf_obj_init(&o, RCF_K_PATH);
				rcf_set(&o, RCF_A_PATH_ID, r->held[i]);
				return kernel_error(r->c, "collective run", &o);
			}
			if (o.v[RCF_A_PATH_STATE] == RCF_PATH_RETURNED ||
			    o.v[RCF_A_PATH_STATE] == RCF_PATH_BROKEN)
				break;
			if (rcf_mono_us() - start > RETURN_MS * 1000ull) {
				fprintf(stderr,
					"rcfctl: collective run: path %u's "
					"mastership did not come back within "
					"%u ms\n",
					r->held[i], RETURN_MS);
				return RCFCTL_ERR;
			}
			poll(NULL, 0, 1);
		}
	}
	r->recalled = 1;
	return RCFCTL_OK;
}

static void put_del(struct run *r, size_t *n)
{
	for (size_t i = 0; i < r->nheld; i++, ++*n) {
		r->ops[*n] = (struct rcf_op){.cmd = RCF_CMD_PATH_DEL};
		rcf_obj_init(&r->ops[*n].o, RCF_K_PATH);
		rcf_set(&r->ops[*n].o, RCF_A_PATH_ID, r->held[i]);
	}
}

/*
 * The router gives a connection's circuits a -> b, then b -> a, each in
 * the order a packet crosses them: one path per direction, ops from *n.
 */
static int put_new(struct run *r, size_t nsc, size_t *n)
{
	const struct rcf_coll_step *s = &r->p->steps[r->step];
	uint32_t base = r->step % 2 ? RUN_IDS : 0;
	size_t at = 0;
	int h;

	for (uint64_t d = 0; d < 2 * s->ncirc; d++, ++*n) {
		const struct rcf_coll_circ *x =
			&r->p->circs[s->first_circ + d / 2];
		struct rcf_obj *o = &r->ops[*n].o;

		r->ops[*n] = (struct rcf_op){.cmd = RCF_CMD_PATH_NEW};
		rcf_obj_init(o, RCF_K_PATH);
		rcf_set(o, RCF_A_PATH_ID, base + d);
		rcf_set(o, RCF_A_PATH_MASTER, d % 2 ? x->b : x->a);
		rcf_set(o, RCF_A_PATH_DST, d % 2 ? x->a : x->b);
		h = rcf_kport_path_hops(&r->m, x, d % 2, r->sc, nsc, &at,
					o->hops, RCF_ROUTE_MAX_HOPS);
		if (h < 0) {
			fprintf(stderr,
				"rcfctl: collective run: step %llu: the "
				"router's circuits end before connection "
				"%llu's\n",
				(unsigned long long)r->step + 1,
				(unsigned long long)d / 2);
			return RCFCTL_ERR;
		}
		o->nhops = (uint8_t)h;
		rcf_mark(o, RCF_A_PATH_HOPS);
	}
	return RCFCTL_OK;
}

/* the step's connections in place of the last step's: one epoch */
static int configure(struct run *r, struct step_res *sr)
{
	const struct rcf_coll_step *s = &r->p->steps[r->step];
	size_t nsc = 0, n = 0;
	char err[384];
	int rc;

	if (rcf_kport_route(&r->m, &r->p->circs[s->first_circ], s->ncirc, r->sc,
			    &nsc, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: collective run: step %llu: %s\n",
			(unsigned long long)r->step + 1, err);
		return RCFCTL_ERR;
	}
	if (r->nheld) {
		rc = recall(r, sr);
		if (rc)
			return rc;
	}
	put_del(r, &n);
	rc = put_new(r, nsc, &n);
	if (rc)
		return rc;
	if (n && rcf_nl_batch(&r->c->nl, r->ops, n))
		return batch_error(r, "setting the step's paths", n);
	if (n)
		account_epoch(r, sr);
	r->nheld = 2 * s->ncirc;
	r->recalled = 0;
	for (size_t i = 0; i < r->nheld; i++)
		r->held[i] = (uint32_t)((r->step % 2 ? RUN_IDS : 0) + i);
	sr->conns = s->ncirc;
	sr->circs = nsc;
	sr->paths = r->nheld;
	return RCFCTL_OK;
}

/* the paths the run left, recalled and deleted: the fabric as it was */
static int clean(struct run *r)
{
	size_t n = 0;
	int rc;

	if (!r->nheld)
		return RCFCTL_OK;
	rc = recall(r, NULL);
	if (rc)
		return rc;
	put_del(r, &n);
	if (rcf_nl_batch(&r->c->nl, r->ops, n))
		return batch_error(r, "deleting the paths", n);
	r->nheld = 0;
	r->recalled = 0;
	return RCFCTL_OK;
}

/*
 * The step's transfers as a trace, all offered in cycle 0 in turns
 * (every transfer's first message, then every second one) so that no
 * node queues one port's messages ahead of all of another's.
 */
static int trace_of(struct run *r, struct rcf_traffic_req *q)
{
	const struct rcf_coll_step *s = &r->p->steps[r->step];
	uint64_t n = step_msgs(r->p, r->step);

	memset(q, 0, sizeof(*q));
	q->pattern = RCF_TRAFFIC_TRACE;
	q->rate = RCF_TRAFFIC_RATE_DEFAULT;
	q->size_min = q->size_max = RCF_TRAFFIC_SIZE_DEFAULT;
	q->seed = RCF_TRAFFIC_SEED_DEFAULT;
	q->hot_permille = RCF_TRAFFIC_HOT_PERMILLE_DEFAULT;
	q->msgs = calloc(n + 1, sizeof(*q->msgs));
	if (!q->msgs)
		return nomem_error();
	for (uint64_t i = 0, more = 1; more; i++) {
		more = 0;
		for (uint64_t x = s->first_xfer; x < s->first_xfer + s->nxfer;
		     x++) {
			const struct rcf_coll_xfer *t = &r->p->xfers[x];
			uint64_t off = i * RCF_TRAFFIC_MAX_SIZE;

			if (off >= t->bytes)
				continue;
			q->msgs[q->nmsgs++] = (struct rcf_traffic_msg_ent){
				0, t->src, t->dst,
				(uint32_t)(t->bytes - off > RCF_TRAFFIC_MAX_SIZE
						   ? RCF_TRAFFIC_MAX_SIZE
						   : t->bytes - off)};
			more = 1;
		}
	}
	return RCFCTL_OK;
}

static int traffic_fail(struct run *r, struct rcf_nl *nl, const char *what)
{
	char why[512];

	rcf_nl_error_str(&nl->e, why, sizeof(why));
	fprintf(stderr, "rcfctl: collective run: step %llu: %s: %s\n",
		(unsigned long long)r->step + 1, what, why);
	return RCFCTL_ERR;
}

/* starts q and waits for the run's end */
static int replay(struct run *r, const struct rcf_traffic_req *q,
		  struct rcf_traffic_res *res)
{
	char err[512];

	if (!rcf_nl_traffic_run(&r->c->nl, q, res, err, sizeof(err)))
		return RCFCTL_OK;
	fprintf(stderr, "rcfctl: collective run: step %llu: the trace: %s\n",
		(unsigned long long)r->step + 1, err);
	return RCFCTL_ERR;
}

static const struct rcf_stats_pair *find_pair(const struct rcf_stats *s,
					      uint32_t src, uint32_t dst)
{
	for (size_t i = 0; i < s->npair; i++)
		if (s->pair[i].src == src && s->pair[i].dst == dst)
			return &s->pair[i];
	return NULL;
}

/*
 * The engine counts a packet's adapter header (RCF_ADAPTER_HDR in
 * kmod/core/adapter/adapter.h) as its payload, and the adapter counts a
 * pair's messages for IP only, not for the generator's: a pair's
 * message bytes are its received bytes less this per packet.
 */
#define RUN_ADAPTER_HDR 8

/* what the pair counters grew by during the step */
static void grew(const struct rcf_stats *a, const struct rcf_stats *b,
		 uint32_t src, uint32_t dst, uint64_t *pkts, uint64_t *bytes)
{
	const struct rcf_stats_pair *x = find_pair(a, src, dst);
	const struct rcf_stats_pair *y = find_pair(b, src, dst);

	*pkts = (y ? y->pkts_delivered : 0) - (x ? x->pkts_delivered : 0);
	*bytes = (y ? y->rx_bytes : 0) - (x ? x->rx_bytes : 0);
}

/*
 * Every pair received the bytes the step's transfers send it, in at
 * least as many packets as they are messages, and no other pair
 * received anything.
 */
static int check_pairs(struct run *r, const struct rcf_stats *a,
		       const struct rcf_stats *b,
		       const struct rcf_traffic_req *q, struct step_res *sr)
{
	for (size_t i = 0; i < b->npair; i++) {
		const struct rcf_stats_pair *y = &b->pair[i];
		uint64_t want_m = 0, want_b = 0, pkts, raw, got_b;

		for (uint32_t k = 0; k < q->nmsgs; k++)
			if (q->msgs[k].src == y->src &&
			    q->msgs[k].dst == y->dst) {
				want_m++;
				want_b += q->msgs[k].bytes;
			}
		grew(a, b, y->src, y->dst, &pkts, &raw);
		got_b = raw - RUN_ADAPTER_HDR * pkts;
		if (want_m)
			sr->pairs++;
		if (raw >= RUN_ADAPTER_HDR * pkts && got_b == want_b &&
		    pkts >= want_m && (!pkts || want_m))
			continue;
		fprintf(stderr,
			"rcfctl: collective run: step %llu: node %u received "
			"%llu bytes in %llu packets from %u; the plan sends "
			"%llu bytes in %llu messages\n",
			(unsigned long long)r->step + 1, y->dst,
			(unsigned long long)(raw >= RUN_ADAPTER_HDR * pkts
						     ? got_b
						     : 0),
			(unsigned long long)pkts, y->src,
			(unsigned long long)want_b, (unsigned long long)want_m);
		return RCFCTL_ERR;
	}
	/* a planned pair the counters never saw received nothing */
	for (uint32_t k = 0; k < q->nmsgs; k++)
		if (!find_pair(b, q->msgs[k].src, q->msgs[k].dst)) {
			fprintf(stderr,
				"rcfctl: collective run: step %llu: node %u "
				"received nothing from %u\n",
				(unsigned long long)r->step + 1, q->msgs[k].dst,
				q->msgs[k].src);
			return RCFCTL_ERR;
		}
	return RCFCTL_OK;
}

static int check_res(struct run *r, const struct rcf_traffic_req *q,
		     const struct rcf_traffic_res *t, struct step_res *sr)
{
	uint64_t bytes = 0;

	for (uint32_t k = 0; k < q->nmsgs; k++)
		bytes += q->msgs[k].bytes;
	sr->msgs = q->nmsgs;
	sr->bytes = bytes;
	sr->cycles = t->now;
	if (t->complete && t->msgs_delivered == q->nmsgs &&
	    t->bytes_delivered == bytes && !t->msgs_corrupt && !t->msgs_refused)
		return RCFCTL_OK;
	fprintf(stderr,
		"rcfctl: collective run: step %llu: the trace ended %s with "
		"%llu of %u messages, %llu of %llu bytes delivered, %llu "
		"refused, %llu corrupt\n",
		(unsigned long long)r->step + 1, rcf_traffic_state(t),
		(unsigned long long)t->msgs_delivered, q->nmsgs,
		(unsigned long long)t->bytes_delivered,
		(unsigned long long)bytes, (unsigned long long)t->msgs_refused,
		(unsigned long long)t->msgs_corrupt);
	return RCFCTL_ERR;
}

static int run_step(struct run *r)
{
	struct step_res *sr = &r->res[r->step];
	struct rcf_stats a, b;
	struct rcf_traffic_req q;
	struct rcf_traffic_res t;
	int rc = configure(r, sr);

	if (rc)
		return rc;
	if (!r->p->steps[r->step].nxfer)
		return RCFCTL_OK;
	rc = trace_of(r, &q);
	if (rc)
		return rc;
	rcf_stats_init(&a);
	rcf_stats_init(&b);
	if (rcf_nl_stats_get(&r->c->nl, RCF_STATS_KIND_PAIR, &a))
		rc = traffic_fail(r, &r->c->nl, "the pair counters");
	if (!rc && q.nmsgs)
		rc = replay(r, &q, &t);
	if (!rc && q.nmsgs)
		rc = check_res(r, &q, &t, sr);
	if (!rc && rcf_nl_stats_get(&r->c->nl, RCF_STATS_KIND_PAIR, &b))
		rc = traffic_fail(r, &r->c->nl, "the pair counters");
	if (!rc)
		rc = check_pairs(r, &a, &b, &q, sr);
	rcf_stats_free(&a);
	rcf_stats_free(&b);
	rcf_traffic_req_free(&q);
	return rc;
}

static void step_json(struct rcf_json *j, const struct rcf_coll_plan *p,
		      uint64_t si, const struct step_res *s)
{
	rcf_json_obj_open(j, NULL);
	rcf_json_u64(j, "step", si + 1);
	rcf_json_str(j, "phase", rcf_coll_phase_name(p->steps[si].phase));
	rcf_json_u64(j, "connections", s->conns);
	rcf_json_u64(j, "circuits", s->circs);
	rcf_json_u64(j, "paths", s->paths);
	rcf_json_u64(j, "epochs", s->epochs);
	rcf_json_fixed(j, "reconf_us", (double)s->apply_ns / 1000, 3);
	rcf_json_fixed(j, "epoch_us", (double)s->epoch_ns / 1000, 3);
	rcf_json_u64(j, "messages", s->msgs);
	rcf_json_u64(j, "bytes", s->bytes);
	rcf_json_u64(j, "pairs", s->pairs);
	rcf_json_u64(j, "cycles", s->cycles);
	rcf_json_obj_close(j);
}

static void report(struct run *r, const struct step_res *tot)
{
	const struct rcf_coll_plan *p = r->p;

	if (r->c->json) {
		struct rcf_json j;

		rcf_json_init(&j, stdout, r->c->pretty);
		rcf_json_obj_open(&j, NULL);
		rcf_coll_json_params(&j, p);
		rcf_json_str(&j, "machine", r->spec);
		rcf_json_arr_open(&j, "steps");
		for (uint64_t si = 0; si < p->nsteps; si++)
			step_json(&j, p, si, &r->res[si]);
		rcf_json_arr_close(&j);
		rcf_json_u64(&j, "epochs", tot->epochs);
		rcf_json_fixed(&j, "reconf_us", (double)tot->apply_ns / 1000,
			       3);
		rcf_json_fixed(&j, "epoch_us", (double)tot->epoch_ns / 1000, 3);
		rcf_json_u64(&j, "messages", tot->msgs);
		rcf_json_u64(&j, "bytes", tot->bytes);
		rcf_json_u64(&j, "cycles", tot->cycles);
		rcf_json_bool(&j, "checked", 1);
		rcf_json_obj_close(&j);
		rcf_json_end(&j);
		return;
	}
	printf("%-5s %-7s %6s %8s %6s %10s %10s %6s %9s %9s\n", "step", "phase",
	       "conns", "circuits", "epochs", "reconf_us", "epoch_us", "msgs",
	       "bytes", "cycles");
	for (uint64_t si = 0; si < p->nsteps; si++) {
		const struct step_res *s = &r->res[si];

		printf("%-5llu %-7s %6llu %8llu %6llu %10.3f %10.3f %6llu "
		       "%9llu %9llu\n",
		       (unsigned long long)si + 1,
		       rcf_coll_phase_name(p->steps[si].phase),
		       (unsigned long long)s->conns,
		       (unsigned long long)s->circs,
		       (unsigned long long)s->epochs,
		       (double)s->apply_ns / 1000, (double)s->epoch_ns / 1000,
		       (unsigned long long)s->msgs,
		       (unsigned long long)s->bytes,
		       (unsigned long long)s->cycles);
	}
	printf("total: %llu epochs, reconfiguration %.3f us (all epoch "
	       "phases %.3f us), communication %llu cycles, %llu messages, "
	       "%llu bytes\n",
	       (unsigned long long)tot->epochs, (double)tot->apply_ns / 1000,
	       (double)tot->epoch_ns / 1000, (unsigned long long)tot->cycles,
	       (unsigned long long)tot->msgs, (unsigned long long)tot->bytes);
	printf("checked: every step's messages delivered whole and "
	       "uncorrupted, each pair's bytes as planned\n");
}

static int alloc_run(struct run *r)
{
	uint64_t most = 0;

	for (uint64_t si = 0; si < r->p->nsteps; si++)
		if (r->p->steps[si].ncirc > most)
			most = r->p->steps[si].ncirc;
	r->sc = calloc(RCF_KPORT_CIRCS_PER_CONN * most + 1, sizeof(*r->sc));
	r->ops = calloc(4 * most + 1, sizeof(*r->ops));
	r->held = calloc(2 * most + 1, sizeof(*r->held));
	r->res = calloc(r->p->nsteps + 1, sizeof(*r->res));
	return r->sc && r->ops && r->held && r->res ? 0 : -1;
}

int coll_run(struct ctl *ctl, const struct rcf_coll_plan *p)
{
	struct run r = {.c = ctl, .p = p};
	struct step_res tot = {0};
	char err[256];
	int rc, rc2;

	snprintf(r.spec, sizeof(r.spec), "kport:%u:%u", p->nodes, p->k);
	if (rcf_kport_parse(r.spec, &r.m, err, sizeof(err)))
		return usage_error("collective run: %s", err);
	rc = fits(p);
	if (rc)
		return rc;
	if (ctl_connect(ctl))
		return RCFCTL_ERR;
	rc = check_fabric(&r);
	if (rc)
		return rc;
	if (alloc_run(&r)) {
		rc = nomem_error();
		goto out;
	}
	if (!ctl->json) {
		printf("# ");
		print_plan_head(p);
		printf("# on rcf.ko's %s\n", r.spec);
	}
	for (r.step = 0; !rc && r.step < p->nsteps; r.step++)
		rc = run_step(&r);
	/* the fabric as it was, even after a failed step */
	rc2 = clean(&r);
	if (!rc)
		rc = rc2;
	if (rc)
		goto out;
	for (uint64_t si = 0; si < p->nsteps; si++) {
		tot.epochs += r.res[si].epochs;
		tot.apply_ns += r.res[si].apply_ns;
		tot.epoch_ns += r.res[si].epoch_ns;
		tot.msgs += r.res[si].msgs;
		tot.bytes += r.res[si].bytes;
		tot.cycles += r.res[si].cycles;
	}
	report(&r, &tot);
out:
	free(r.sc);
	free(r.ops);
	free(r.held);
	free(r.res);
	return rc;
}
