// SPDX-License-Identifier: GPL-2.0
/*
 * The traffic generator: when each node sends, what, and to whom; and the
 * loop that interleaves sending with running the engine (traffic.h).
 */
#include "traffic_priv.h"

/* xoshiro256** (Blackman and Vigna), seeded through splitmix64 */
static u64 tr_rotl(u64 x, int k)
{
	return (x << k) | (x >> (64 - k));
}

u64 tr_rand(struct rcf_traffic *t)
{
	u64 *s = t->rng, r = tr_rotl(s[1] * 5, 7) * 9, x = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= x;
	s[3] = tr_rotl(s[3], 45);
	return r;
}

static void tr_seed(struct rcf_traffic *t, u64 seed)
{
	int i;

	for (i = 0; i < 4; i++) {
		u64 z = (seed += 0x9e3779b97f4a7c15ULL);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		t->rng[i] = z ^ (z >> 31);
	}
}

/* uniform in [0, n), n > 0; the bias of one modulo of 64 bits is < 2^-32 */
static u64 tr_below(struct rcf_traffic *t, u64 n)
{
	return tr_rand(t) % n;
}

static u32 tr_size(struct rcf_traffic *t)
{
	const struct rcf_traffic_spec *s = &t->spec;
	u64 w;
	u32 i;

	if (!s->nsizes)
		return s->size_min +
		       (u32)tr_below(t, (u64)s->size_max - s->size_min + 1);
	w = tr_below(t, t->size_w);
	for (i = 0; i + 1 < s->nsizes; i++) {
		if (w < s->sizes[i].weight)
			break;
		w -= s->sizes[i].weight;
	}
	return s->sizes[i].bytes;
}

/*
 * The first cycle at or after from in which node n sends, and the size
 * of that message.  Bernoulli: one coin per cycle with p = rate * size_w
 * / (1000 * size_b), which makes the mean load rate bytes per 1000
 * cycles.  Periodic: milli-byte credit accrues at rate per cycle and a
 * message leaves when it covers the message.
 */
static u64 tr_next(struct rcf_traffic *t, struct tr_node *n, u64 from)
{
	u64 num = (u64)n->rate * t->size_w, den = 1000 * t->size_b, need, dt;

	if (!n->rate)
		return TR_NEVER;
	if (t->spec.arrival == RCF_TRAFFIC_PERIODIC) {
		n->size = tr_size(t);
		need = (u64)n->size * 1000;
		dt = n->credit >= need ? 0 :
			(need - n->credit + n->rate - 1) / n->rate;
		n->credit = n->credit + dt * n->rate - need;
		if (n->credit > need)
			n->credit = need;
		return from + dt;
	}
	n->size = tr_size(t);
	if (num >= den)
		return from;
	while (tr_below(t, den) >= num) {
		from++;
		if (t->spec.cycles && from >= t->spec.cycles)
			return TR_NEVER;
	}
	return from;
}

static u32 tr_dest(struct rcf_traffic *t, u32 src)
{
	const struct rcf_traffic_spec *s = &t->spec;
	struct tr_node *n = &t->node[src];
	u64 w;
	u32 d, i;

	switch (s->pattern) {
	case RCF_TRAFFIC_HOTSPOT:
	case RCF_TRAFFIC_UNIFORM:
		if (s->pattern == RCF_TRAFFIC_HOTSPOT && src != s->param &&
		    tr_below(t, 1000) < s->hot_permille)
			return s->param;
		if (s->pattern == RCF_TRAFFIC_UNIFORM && s->self)
			return (u32)tr_below(t, s->nodes);
		d = (u32)tr_below(t, s->nodes - 1);
		return d >= src ? d + 1 : d;
	case RCF_TRAFFIC_NIG:
		w = tr_below(t, n->wsum);
		for (i = n->arc0; i + 1 < n->arc0 + n->narcs; i++) {
			if (w < t->arcs[i].weight)
				break;
			w -= t->arcs[i].weight;
		}
		return t->arcs[i].dst;
	default:
		return (u32)rcf_traffic_perm(s->pattern, s->param, s->nodes,
					     src);
	}
}

static u32 tr_id(const struct rcf_traffic *t, u32 idx)
{
	return t->ids ? t->ids[idx] : idx;
}

static void tr_send(struct rcf_traffic *t, u32 src, u32 dst, u32 len,
		    u64 now)
{
	struct rcf_traffic_results *r = &t->r;
	u32 sid = tr_id(t, src), did = tr_id(t, dst), k;
	int rc;

	r->msgs_offered++;
	r->bytes_offered += len;
	if (now >= t->spec.warmup)
		r->win_bytes_offered += len;
	if (t->spec.messages && r->msgs_offered >= t->spec.messages)
		t->stopped = true;
	if (t->spec.src_limit &&
	    rcf_adapter_backlog(t->a, sid) >= t->spec.src_limit) {
		r->msgs_skipped++;
		return;
	}
	for (k = 0; k < len; k++)
		t->buf[k] = tr_byte(now, sid, did, k);
	/*
	 * A message the adapter holds for a path (0) is sent: it leaves in
	 * order once the path is there.  -EAGAIN, the node's queue full of
	 * such messages, is a refusal like no route or too big: the
	 * generator models offered load and does not hold messages back.
	 * -ENOBUFS, the engine's pool budget held by packets in flight, is
	 * a skip like the backlog bound: a memory bound of the source, not
	 * a refusal of the message.
	 */
	rc = rcf_adapter_send(t->a, sid, did, t->buf, len, now);
	if (rc == -ENOBUFS) {
		r->msgs_skipped++;
		return;
	}
	if (rc) {
		r->msgs_refused++;
		return;
	}
	r->msgs_sent++;
	if (t->spec.sent)
		t->spec.sent(t->spec.priv, sid, did, len);
}

/* Sends every message due at cycle now; finds the next one due. */
static void tr_inject(struct rcf_traffic *t, u64 now)
{
	const struct rcf_traffic_spec *s = &t->spec;
	u64 min = TR_NEVER;
	u32 i;

	if (s->pattern == RCF_TRAFFIC_TRACE) {
		while (!t->stopped && t->trace_pos < s->ntrace &&
		       t->trace[t->trace_pos].cycle <= now) {
			const struct rcf_traffic_msg *m =
				&t->trace[t->trace_pos++];

			tr_send(t, m->src, m->dst, m->bytes, now);
		}
		if (t->trace_pos < s->ntrace)
			min = t->trace[t->trace_pos].cycle;
	} else {
		for (i = 0; i < s->nodes; i++) {
			struct tr_node *n = &t->node[i];

			if (n->next <= now && !t->stopped) {
				tr_send(t, i, tr_dest(t, i), n->size, now);
				n->next = tr_next(t, n, now + 1);
			}
			if (s->cycles && n->next >= s->cycles)
				n->next = TR_NEVER;
			if (n->next < min)
				min = n->next;
		}
	}
	if (s->cycles && min >= s->cycles)
		min = TR_NEVER;
	if (min == TR_NEVER)
		t->stopped = true;
	if (t->stopped && t->end == TR_NEVER)
		t->end = s->cycles && !(s->messages &&
					t->r.msgs_offered >= s->messages) ?
				 s->cycles : now + 1;
	t->next_due = t->stopped ? TR_NEVER : min;
}

u64 rcf_traffic_now(const struct rcf_traffic *t)
{
	return rcf_engine_now(t->e) - t->t0 + t->skew;
}

/*
 * Messages of the run waiting in its nodes' queues for a path.  The
 * run's nodes, not the adapter's: another user's messages waiting on
 * other nodes are not the run's to wait for.
 */
static u64 tr_waiting(const struct rcf_traffic *t)
{
	u64 n = 0;
	u32 i;

	for (i = 0; i < t->spec.nodes; i++)
		n += rcf_adapter_waiting(t->a, tr_id(t, i));
	return n;
}

bool rcf_traffic_done(const struct rcf_traffic *t)
{
	return t->done;
}

long long rcf_traffic_run(struct rcf_traffic *t, u64 max_cycles)
{
	u64 adv = 0;

	while (adv < max_cycles && !t->done) {
		u64 now = rcf_traffic_now(t), next, n;
		long long r;

		tr_inject(t, now);
		/*
		 * Drained means quiet, credits home too: a run cut into
		 * slices of any length then ends in the same cycle.  Nor
		 * is it drained while messages of it wait for a path.
		 */
		if (t->stopped &&
		    (t->spec.no_drain ? now >= t->end :
					rcf_engine_quiet(t->e) &&
					!tr_waiting(t))) {
			t->done = true;
			break;
		}
		next = t->next_due;
		if (t->stopped && t->spec.no_drain)
			next = t->end;
		n = next - now;
		if (n > max_cycles - adv)
			n = max_cycles - adv;
		r = rcf_engine_run(t->e, n);
		if (r < 0) {
			t->r.error = (int)r;
			t->done = true;
			return r;
		}
		/* the caller's bound on full cycles: go on at its next call */
		if (rcf_engine_full_spent(t->e)) {
			adv += r;
			break;
		}
		/*
		 * A path's message arrived and the engine yielded so that the
		 * master's next one goes at once; time goes on from there.
		 */
		if (rcf_adapter_waiting(t->a, ~0u))
			rcf_adapter_kick(t->a);
		if ((u64)r < n && !rcf_engine_quiet(t->e)) {
			adv += r;
			continue;
		}
		if (r && (u64)r < n && t->stopped) {
			/* drained: time stops where the last byte arrived */
			adv += r;
			continue;
		}
		/*
		 * The engine idled for the rest: nothing happens there.
		 * So too when it idled from the start after the end of
		 * generation: messages wait for a path (or, no_drain, for
		 * the end), and time must pass for either to come.
		 */
		t->skew += n - r;
		adv += n;
	}
	return adv;
}

void rcf_traffic_rebind(struct rcf_traffic *t, struct rcf_adapter *a)
{
	t->a = a;
	t->e = rcf_adapter_engine(a);
}

void rcf_traffic_stop(struct rcf_traffic *t)
{
	if (t->stopped)
		return;
	t->stopped = true;
	t->end = rcf_traffic_now(t);
	t->next_due = TR_NEVER;
}

static int tr_copy(void **dst, const void *src, u64 n, size_t size)
{
	if (!n)
		return 0;
	*dst = rcf_os_zalloc(n * size);
	if (!*dst)
		return -ENOMEM;
	memcpy(*dst, src, n * size);
	return 0;
}

static int tr_check_spec(const struct rcf_traffic_spec *s)
{
	u64 w = 0;
	u32 i;

	if (s->nodes < 2 || s->arrival > RCF_TRAFFIC_PERIODIC ||
	    s->rate > 100000000 || s->hot_permille > 1000)
		return -EINVAL;
	if (s->pattern != RCF_TRAFFIC_NIG && s->pattern != RCF_TRAFFIC_TRACE &&
	    rcf_traffic_check(s->pattern, s->param, s->nodes))
		return -EINVAL;
	if (s->pattern == RCF_TRAFFIC_TRACE) {
		for (i = 0; i < s->ntrace; i++) {
			const struct rcf_traffic_msg *m = &s->trace[i];

			if (m->src >= s->nodes || m->dst >= s->nodes ||
			    !m->bytes || m->bytes > RCF_ADAPTER_MAX_MSG ||
			    (i && m->cycle < s->trace[i - 1].cycle))
				return -EINVAL;
		}
		return 0;
	}
	if (s->pattern == RCF_TRAFFIC_NIG) {
		for (i = 0; i < s->narcs; i++)
			if (s->arcs[i].src >= s->nodes ||
			    s->arcs[i].dst >= s->nodes ||
			    s->arcs[i].weight > 0xffffffu)
				return -EINVAL;
	}
	if (s->nsizes) {
		for (i = 0; i < s->nsizes; i++) {
			if (!s->sizes[i].bytes ||
			    s->sizes[i].bytes > RCF_ADAPTER_MAX_MSG ||
			    s->sizes[i].weight > 0xffffu)
				return -EINVAL;
			w += s->sizes[i].weight;
		}
		return w ? 0 : -EINVAL;
	}
	if (!s->size_min || s->size_min > s->size_max ||
	    s->size_max > RCF_ADAPTER_MAX_MSG)
		return -EINVAL;
	return 0;
}

static bool tr_arc_after(const struct rcf_traffic_arc *x,
			 const struct rcf_traffic_arc *y)
{
	return x->src > y->src || (x->src == y->src && x->dst > y->dst);
}

/*
 * RCF_TRAFFIC_NIG: arcs sorted by (source, destination), self arcs and
 * weight 0 gone, rates by weight.  The order fixes which destination a
 * draw picks, so sorting makes a graph's run independent of the order
 * its arcs were given in; arcs of one pair stay adjacent and draw as
 * their merged weight would.  Insertion sort: the kernel hands them
 * over sorted already, rcfsim's files are small.
 */
static void tr_nig(struct rcf_traffic *t)
{
	struct rcf_traffic_spec *s = &t->spec;
	u64 wmax = 0;
	u32 i, j, n = 0;

	for (i = 0; i < s->narcs; i++) {
		struct rcf_traffic_arc a = t->arcs[i];

		if (a.src == a.dst || !a.weight)
			continue;
		for (j = n; j > 0 && tr_arc_after(&t->arcs[j - 1], &a); j--)
			t->arcs[j] = t->arcs[j - 1];
		t->arcs[j] = a;
		n++;
	}
	s->narcs = n;
	for (i = 0; i < n; i++) {
		struct tr_node *nd = &t->node[t->arcs[i].src];

		if (!nd->narcs)
			nd->arc0 = i;
		nd->narcs++;
		nd->wsum += t->arcs[i].weight;
		if (nd->wsum > wmax)
			wmax = nd->wsum;
	}
	for (i = 0; i < s->nodes; i++)
		t->node[i].rate = wmax ? (u32)((u64)s->rate *
					       t->node[i].wsum / wmax) : 0;
}

static int tr_setup(struct rcf_traffic *t)
{
	struct rcf_traffic_spec *s = &t->spec;
	u32 i, max = s->size_max;

	if (tr_copy((void **)&t->ids, s->node_ids, s->node_ids ? s->nodes : 0,
		    sizeof(u32)) ||
	    tr_copy((void **)&t->arcs, s->arcs, s->narcs, sizeof(*t->arcs)) ||
	    tr_copy((void **)&t->sizes, s->sizes, s->nsizes,
		    sizeof(*t->sizes)) ||
	    tr_copy((void **)&t->trace, s->trace, s->ntrace,
		    sizeof(*t->trace)))
		return -ENOMEM;
	s->node_ids = t->ids;
	s->arcs = t->arcs;
	s->sizes = t->sizes;
	s->trace = t->trace;
	if (s->nsizes) {
		t->size_w = 0;
		t->size_b = 0;
		max = 0;
		for (i = 0; i < s->nsizes; i++) {
			t->size_w += s->sizes[i].weight;
			t->size_b += (u64)s->sizes[i].weight *
				     s->sizes[i].bytes;
			if (s->sizes[i].bytes > max)
				max = s->sizes[i].bytes;
		}
	} else {
		t->size_w = 2;
		t->size_b = (u64)s->size_min + s->size_max;
	}
	if (s->pattern == RCF_TRAFFIC_TRACE) {
		for (i = 0; i < s->ntrace; i++)
			if (s->trace[i].bytes > max)
				max = s->trace[i].bytes;
	}
	t->buf_len = max;
	t->buf = rcf_os_zalloc(max ? max : 1);
	t->node = rcf_os_zalloc(sizeof(*t->node) * s->nodes);
	t->lat = rcf_os_zalloc(sizeof(*t->lat) * TR_LAT_BUCKETS);
	return t->buf && t->node && t->lat ? 0 : -ENOMEM;
}

int rcf_traffic_new(const struct rcf_traffic_spec *spec,
		    struct rcf_adapter *a, struct rcf_traffic **out)
{
	struct rcf_traffic *t;
	u32 i;
	int rc;

	*out = NULL;
	rc = tr_check_spec(spec);
	if (rc)
		return rc;
	t = rcf_os_zalloc(sizeof(*t));
	if (!t)
		return -ENOMEM;
	t->spec = *spec;
	t->a = a;
	t->e = rcf_adapter_engine(a);
	t->t0 = rcf_engine_now(t->e);
	t->end = TR_NEVER;
	t->r.nodes = spec->nodes;
	t->r.lat_min = TR_NEVER;
	tr_seed(t, spec->seed);
	rc = tr_setup(t);
	if (rc) {
		rcf_traffic_free(t);
		return rc;
	}
	if (spec->pattern == RCF_TRAFFIC_NIG)
		tr_nig(t);
	else if (spec->pattern != RCF_TRAFFIC_TRACE)
		for (i = 0; i < spec->nodes; i++)
			if (spec->pattern == RCF_TRAFFIC_UNIFORM ||
			    spec->pattern == RCF_TRAFFIC_HOTSPOT ||
			    rcf_traffic_perm(spec->pattern, spec->param,
					     spec->nodes, i) >= 0)
				t->node[i].rate = spec->rate;
	for (i = 0; i < spec->nodes && spec->pattern != RCF_TRAFFIC_TRACE; i++) {
		struct tr_node *n = &t->node[i];

		/* a random phase, so periodic nodes do not send in step */
		if (spec->arrival == RCF_TRAFFIC_PERIODIC && n->rate)
			n->credit = tr_below(t, (u64)t->size_b * 1000 /
						    t->size_w + 1);
		n->next = tr_next(t, n, 0);
	}
	*out = t;
	return 0;
}

void rcf_traffic_free(struct rcf_traffic *t)
{
	if (!t)
		return;
	rcf_os_free(t->ids);
	rcf_os_free(t->arcs);
	rcf_os_free(t->sizes);
	rcf_os_free(t->trace);
	rcf_os_free(t->buf);
	rcf_os_free(t->node);
	rcf_os_free(t->lat);
	rcf_os_free(t);
}
