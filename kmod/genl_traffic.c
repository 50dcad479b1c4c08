// SPDX-License-Identifier: GPL-2.0
/*
 * TRAFFIC_START, TRAFFIC_STOP and TRAFFIC_GET: the spec from netlink
 * into the generator's terms (defaults as rcfsim's, so one spec means
 * the same run in both), and its results back out.
 */
#include <linux/sort.h>
#include <net/sock.h>

#include "rcf.h"
#include "core/traffic/traffic.h"

static int rcf_tput64(struct sk_buff *skb, int type, u64 v)
{
	return nla_put_u64_64bit(skb, type, v, RCF_TRAFFIC_PAD);
}

/* The size table comes back; the arcs and trace, too long, do not. */
static int rcf_traffic_fill_sizes(struct sk_buff *skb,
				  const struct rcf_traffic_spec *s)
{
	struct nlattr *list, *e;
	u32 i;

	if (!s->nsizes)
		return 0;
	list = nla_nest_start(skb, RCF_TRAFFIC_SIZES);
	if (!list)
		return -EMSGSIZE;
	for (i = 0; i < s->nsizes; i++) {
		e = nla_nest_start(skb, i + 1);
		if (!e ||
		    nla_put_u32(skb, RCF_TRAFFIC_SZ_BYTES, s->sizes[i].bytes) ||
		    nla_put_u32(skb, RCF_TRAFFIC_SZ_WEIGHT, s->sizes[i].weight))
			return -EMSGSIZE;
		nla_nest_end(skb, e);
	}
	nla_nest_end(skb, list);
	return 0;
}

static int rcf_traffic_fill_spec(struct sk_buff *skb,
				 const struct rcf_traffic_spec *s, u32 hot_id)
{
	if (nla_put_u8(skb, RCF_TRAFFIC_PATTERN, s->pattern) ||
	    nla_put_u32(skb, RCF_TRAFFIC_RATE, s->rate) ||
	    nla_put_u32(skb, RCF_TRAFFIC_SIZE_MIN, s->size_min) ||
	    nla_put_u32(skb, RCF_TRAFFIC_SIZE_MAX, s->size_max) ||
	    rcf_tput64(skb, RCF_TRAFFIC_SEED, s->seed))
		return -EMSGSIZE;
	if (s->pattern == RCF_TRAFFIC_HOTSPOT) {
		if (nla_put_u32(skb, RCF_TRAFFIC_HOT_NODE, hot_id) ||
		    nla_put_u32(skb, RCF_TRAFFIC_HOT_PERMILLE, s->hot_permille))
			return -EMSGSIZE;
	} else if (nla_put_u32(skb, RCF_TRAFFIC_PARAM, s->param)) {
		return -EMSGSIZE;
	}
	if (s->cycles && rcf_tput64(skb, RCF_TRAFFIC_CYCLES, s->cycles))
		return -EMSGSIZE;
	if (s->messages && rcf_tput64(skb, RCF_TRAFFIC_MESSAGES, s->messages))
		return -EMSGSIZE;
	if (s->self && nla_put_u8(skb, RCF_TRAFFIC_SELF, 1))
		return -EMSGSIZE;
	if (nla_put_u8(skb, RCF_TRAFFIC_ARRIVAL, s->arrival) ||
	    rcf_tput64(skb, RCF_TRAFFIC_WARMUP, s->warmup) ||
	    nla_put_u32(skb, RCF_TRAFFIC_BACKLOG, (u32)s->src_limit) ||
	    nla_put_u32(skb, RCF_TRAFFIC_ENTRIES,
			s->pattern == RCF_TRAFFIC_TRACE ? s->ntrace : s->narcs))
		return -EMSGSIZE;
	return rcf_traffic_fill_sizes(skb, s);
}

/* One RCF_A_TRAFFIC nest: spec and results; under dp->lock. */
int rcf_traffic_fill(struct sk_buff *skb, struct rcf_dp_traffic *tr)
{
	const struct rcf_traffic_spec *s;
	struct rcf_traffic_results r;
	struct nlattr *nest;
	u32 hot_id;

	nest = nla_nest_start(skb, RCF_A_TRAFFIC);
	if (!nest)
		return -EMSGSIZE;
	s = rcf_dp_traffic_spec(tr, &hot_id);
	rcf_dp_traffic_results(tr, &r);
	if (rcf_traffic_fill_spec(skb, s, hot_id))
		return -EMSGSIZE;
	if ((rcf_dp_traffic_running(tr) &&
	     nla_put_flag(skb, RCF_TRAFFIC_RUNNING)) ||
	    (r.done && nla_put_flag(skb, RCF_TRAFFIC_DONE)) ||
	    (r.done && r.complete && !r.error &&
	     nla_put_flag(skb, RCF_TRAFFIC_COMPLETE)) ||
	    (r.error && nla_put_u32(skb, RCF_TRAFFIC_ERROR, -r.error)) ||
	    nla_put_u32(skb, RCF_TRAFFIC_NODES, r.nodes) ||
	    rcf_tput64(skb, RCF_TRAFFIC_NOW, r.cycles) ||
	    rcf_tput64(skb, RCF_TRAFFIC_WINDOW, r.window) ||
	    rcf_tput64(skb, RCF_TRAFFIC_MSGS_OFFERED, r.msgs_offered) ||
	    rcf_tput64(skb, RCF_TRAFFIC_MSGS_SENT, r.msgs_sent) ||
	    rcf_tput64(skb, RCF_TRAFFIC_MSGS_REFUSED, r.msgs_refused) ||
	    rcf_tput64(skb, RCF_TRAFFIC_MSGS_SKIPPED, r.msgs_skipped) ||
	    rcf_tput64(skb, RCF_TRAFFIC_MSGS_DELIVERED, r.msgs_delivered) ||
	    rcf_tput64(skb, RCF_TRAFFIC_MSGS_CORRUPT, r.msgs_corrupt) ||
	    rcf_tput64(skb, RCF_TRAFFIC_BYTES_OFFERED, r.bytes_offered) ||
	    rcf_tput64(skb, RCF_TRAFFIC_BYTES_DELIVERED, r.bytes_delivered) ||
	    rcf_tput64(skb, RCF_TRAFFIC_OFFERED_MILLI, r.offered_milli) ||
	    rcf_tput64(skb, RCF_TRAFFIC_ACCEPTED_MILLI, r.accepted_milli) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_COUNT, r.lat_count) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_AVG, r.lat_avg) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_MIN,
		       r.lat_count ? r.lat_min : 0) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_P50, r.lat_p50) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_P99, r.lat_p99) ||
	    rcf_tput64(skb, RCF_TRAFFIC_LAT_MAX, r.lat_max))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

static u32 rcf_tget32(struct nlattr **tb, int type, u32 def)
{
	return tb[type] ? nla_get_u32(tb[type]) : def;
}

static bool rcf_traffic_is_node(struct rcf_fabric *f, u32 id)
{
	struct rcf_node *n = id < RCF_MAX_NODES ? rcf_node_next(f, id) : NULL;

	return n && n->id == id;
}

/*
 * The entries of an indexed-array attribute: their number, refused over
 * max; each has passed the policy already.
 */
static int rcf_traffic_count(const struct nlattr *list, u32 max,
			     struct netlink_ext_ack *extack)
{
	const struct nlattr *e;
	int rem, n = 0;

	nla_for_each_nested(e, list, rem)
		n++;
	if (n > max) {
		NL_SET_ERR_MSG_ATTR(extack, list, "too many entries");
		return -E2BIG;
	}
	if (!n) {
		NL_SET_ERR_MSG_ATTR(extack, list, "no entries");
		return -EINVAL;
	}
	return n;
}

/* an entry's attributes by type, up to max; false unless all of want */
static bool rcf_traffic_entry(const struct nlattr *e, const struct nlattr **tb,
			      int max, int want)
{
	const struct nlattr *a;
	int rem, t;

	memset(tb, 0, sizeof(*tb) * (max + 1));
	nla_for_each_nested(a, e, rem) {
		t = nla_type(a);
		if (t <= max)
			tb[t] = a;
	}
	for (t = max - want + 1; t <= max; t++)
		if (!tb[t])
			return false;
	return true;
}

/* an entry's two node ids: known, and not one node */
static int rcf_traffic_pair(struct rcf_fabric *f, const struct nlattr *e,
			    const struct nlattr *src, const struct nlattr *dst,
			    u32 *s, u32 *d, struct netlink_ext_ack *extack)
{
	*s = nla_get_u32(src);
	*d = nla_get_u32(dst);
	if (!rcf_traffic_is_node(f, *s)) {
		NL_SET_ERR_MSG_ATTR(extack, src, "not a node of the fabric");
		return -ENOENT;
	}
	if (!rcf_traffic_is_node(f, *d)) {
		NL_SET_ERR_MSG_ATTR(extack, dst, "not a node of the fabric");
		return -ENOENT;
	}
	if (*s == *d) {
		NL_SET_ERR_MSG_ATTR(extack, e, "a node cannot send to itself");
		return -EINVAL;
	}
	return 0;
}

struct rcf_traffic_arc_in {
	struct rcf_traffic_arc arc;
	const struct nlattr *nla;
};

static int rcf_traffic_arc_cmp(const void *x, const void *y)
{
	const struct rcf_traffic_arc *a = x, *b = y;

	if (a->src != b->src)
		return a->src < b->src ? -1 : 1;
	if (a->dst != b->dst)
		return a->dst < b->dst ? -1 : 1;
	return 0;
}

/* by pair, then by place in the message: the later duplicate is blamed */
static int rcf_traffic_arc_in_cmp(const void *x, const void *y)
{
	const struct rcf_traffic_arc_in *a = x, *b = y;
	int c = rcf_traffic_arc_cmp(&a->arc, &b->arc);

	if (c || a->nla == b->nla)
		return c;
	return a->nla < b->nla ? -1 : 1;
}

/* RCF_TRAFFIC_ARCS into s (node ids), sorted; duplicates refused */
static int rcf_traffic_parse_arcs(struct rcf_fabric *f,
				  const struct nlattr *list,
				  struct rcf_traffic_spec *s,
				  struct netlink_ext_ack *extack)
{
	const struct nlattr *tb[RCF_TRAFFIC_ARC_MAX + 1], *e;
	struct rcf_traffic_arc_in *in;
	struct rcf_traffic_arc *arcs;
	int n, rem, i = 0, err = 0;

	n = rcf_traffic_count(list, RCF_TRAFFIC_MAX_ARCS, extack);
	if (n < 0)
		return n;
	in = kvcalloc(n, sizeof(*in), GFP_KERNEL_ACCOUNT);
	arcs = kvcalloc(n, sizeof(*arcs), GFP_KERNEL_ACCOUNT);
	if (!in || !arcs) {
		err = -ENOMEM;
		goto out;
	}
	nla_for_each_nested(e, list, rem) {
		if (!rcf_traffic_entry(e, tb, RCF_TRAFFIC_ARC_MAX, 3)) {
			NL_SET_ERR_MSG_ATTR(extack, e,
					    "an arc needs SRC, DST and WEIGHT");
			err = -EINVAL;
			goto out;
		}
		err = rcf_traffic_pair(f, e, tb[RCF_TRAFFIC_ARC_SRC],
				       tb[RCF_TRAFFIC_ARC_DST], &in[i].arc.src,
				       &in[i].arc.dst, extack);
		if (err)
			goto out;
		in[i].arc.weight = nla_get_u32(tb[RCF_TRAFFIC_ARC_WEIGHT]);
		in[i++].nla = e;
	}
	sort(in, n, sizeof(*in), rcf_traffic_arc_in_cmp, NULL);
	for (i = 0; i < n; i++) {
		if (i && !rcf_traffic_arc_cmp(&in[i - 1].arc, &in[i].arc)) {
			NL_SET_ERR_MSG_ATTR(extack, in[i].nla,
					    "a second arc for one (src, dst) pair");
			err = -EINVAL;
			goto out;
		}
		arcs[i] = in[i].arc;
	}
	s->arcs = arcs;
	s->narcs = n;
	arcs = NULL;
out:
	kvfree(in);
	kvfree(arcs);
	return err;
}

/* RCF_TRAFFIC_MSGS into s (node ids), in cycle order */
static int rcf_traffic_parse_msgs(struct rcf_fabric *f,
				  const struct nlattr *list,
				  struct rcf_traffic_spec *s,
				  struct netlink_ext_ack *extack)
{
	const struct nlattr *tb[RCF_TRAFFIC_MSG_MAX + 1], *e;
	struct rcf_traffic_msg *m;
	int n, rem, i = 0, err;

	n = rcf_traffic_count(list, RCF_TRAFFIC_MAX_MSGS, extack);
	if (n < 0)
		return n;
	m = kvcalloc(n, sizeof(*m), GFP_KERNEL_ACCOUNT);
	if (!m)
		return -ENOMEM;
	nla_for_each_nested(e, list, rem) {
		if (!rcf_traffic_entry(e, tb, RCF_TRAFFIC_MSG_MAX, 4)) {
			NL_SET_ERR_MSG_ATTR(extack, e,
					    "a message needs CYCLE, SRC, DST and BYTES");
			err = -EINVAL;
			goto fail;
		}
		err = rcf_traffic_pair(f, e, tb[RCF_TRAFFIC_MSG_SRC],
				       tb[RCF_TRAFFIC_MSG_DST], &m[i].src,
				       &m[i].dst, extack);
		if (err)
			goto fail;
		m[i].cycle = nla_get_u64(tb[RCF_TRAFFIC_MSG_CYCLE]);
		m[i].bytes = nla_get_u32(tb[RCF_TRAFFIC_MSG_BYTES]);
		if (i && m[i].cycle < m[i - 1].cycle) {
			NL_SET_ERR_MSG_ATTR(extack, tb[RCF_TRAFFIC_MSG_CYCLE],
					    "the trace is not in cycle order");
			err = -EINVAL;
			goto fail;
		}
		i++;
	}
	s->trace = m;
	s->ntrace = n;
	return 0;
fail:
	kvfree(m);
	return err;
}

/* RCF_TRAFFIC_SIZES into s */
static int rcf_traffic_parse_sizes(const struct nlattr *list,
				   struct rcf_traffic_spec *s,
				   struct netlink_ext_ack *extack)
{
	const struct nlattr *tb[RCF_TRAFFIC_SZ_MAX + 1], *e;
	struct rcf_traffic_size *z;
	int n, rem, i = 0;

	n = rcf_traffic_count(list, RCF_TRAFFIC_MAX_SIZES, extack);
	if (n < 0)
		return n;
	z = kvcalloc(n, sizeof(*z), GFP_KERNEL_ACCOUNT);
	if (!z)
		return -ENOMEM;
	nla_for_each_nested(e, list, rem) {
		if (!rcf_traffic_entry(e, tb, RCF_TRAFFIC_SZ_MAX, 2)) {
			NL_SET_ERR_MSG_ATTR(extack, e,
					    "a size needs BYTES and WEIGHT");
			kvfree(z);
			return -EINVAL;
		}
		z[i].bytes = nla_get_u32(tb[RCF_TRAFFIC_SZ_BYTES]);
		z[i++].weight = nla_get_u32(tb[RCF_TRAFFIC_SZ_WEIGHT]);
	}
	s->sizes = z;
	s->nsizes = n;
	return 0;
}

/*
 * The lists a pattern needs, and none it does not.  The arrays are
 * passed on to rcf_dp_traffic_alloc(), which takes their node ids to
 * indices and owns them from then on.
 */
static int rcf_traffic_parse_lists(struct rcf_fabric *f, struct nlattr **tb,
				   struct rcf_traffic_spec *s,
				   struct netlink_ext_ack *extack)
{
	bool nig = s->pattern == RCF_TRAFFIC_NIG, trace = s->pattern == RCF_TRAFFIC_TRACE;
	int err = 0;

	if (nig != !!tb[RCF_TRAFFIC_ARCS]) {
		NL_SET_ERR_MSG_ATTR(extack, tb[RCF_TRAFFIC_ARCS],
				    "RCF_TRAFFIC_ARCS goes with, and only with, the nig pattern");
		return -EINVAL;
	}
	if (trace != !!tb[RCF_TRAFFIC_MSGS]) {
		NL_SET_ERR_MSG_ATTR(extack, tb[RCF_TRAFFIC_MSGS],
				    "RCF_TRAFFIC_MSGS goes with, and only with, the trace pattern");
		return -EINVAL;
	}
	if (tb[RCF_TRAFFIC_SIZES] &&
	    (trace || tb[RCF_TRAFFIC_SIZE_MIN] || tb[RCF_TRAFFIC_SIZE_MAX])) {
		NL_SET_ERR_MSG_ATTR(extack, tb[RCF_TRAFFIC_SIZES],
				    "a size table replaces SIZE_MIN and SIZE_MAX, and a trace has its own sizes");
		return -EINVAL;
	}
	if (tb[RCF_TRAFFIC_SIZES])
		err = rcf_traffic_parse_sizes(tb[RCF_TRAFFIC_SIZES], s, extack);
	if (!err && nig)
		err = rcf_traffic_parse_arcs(f, tb[RCF_TRAFFIC_ARCS], s, extack);
	if (!err && trace)
		err = rcf_traffic_parse_msgs(f, tb[RCF_TRAFFIC_MSGS], s, extack);
	return err;
}

/*
 * The generator sends at most one message per node and cycle, so a rate
 * above one message of the mean size per cycle would silently be that.
 */
static int rcf_traffic_check_rate(const struct rcf_traffic_spec *s,
				  struct nlattr **tb,
				  struct netlink_ext_ack *extack)
{
	u64 w = 2, b = (u64)s->size_min + s->size_max;
	u32 i;

	if (s->pattern == RCF_TRAFFIC_TRACE)
		return 0;
	if (s->nsizes) {
		w = 0;
		b = 0;
		for (i = 0; i < s->nsizes; i++) {
			w += s->sizes[i].weight;
			b += (u64)s->sizes[i].weight * s->sizes[i].bytes;
		}
	}
	if ((u64)s->rate * w <= 1000 * b)
		return 0;
	NL_SET_ERR_MSG_ATTR(extack, tb[RCF_TRAFFIC_RATE],
			    "rate above one message per node and cycle: at most 1000 times the mean message size");
	return -ERANGE;
}

static void rcf_traffic_free_lists(struct rcf_traffic_spec *s)
{
	kvfree(s->sizes);
	kvfree(s->arcs);
	kvfree(s->trace);
}

/* The spec of RCF_A_TRAFFIC, checked against the fabric f. */
static struct rcf_dp_traffic *rcf_traffic_parse(struct rcf_fabric *f,
						struct genl_info *info)
{
	struct netlink_ext_ack *extack = info->extack;
	struct nlattr *tb[RCF_TRAFFIC_MAX + 1];
	struct rcf_traffic_spec s = {};
	struct rcf_dp_traffic *tr;
	u32 hot_id = 0;
	int err;

	if (!info->attrs[RCF_A_TRAFFIC]) {
		NL_SET_ERR_MSG(extack, "TRAFFIC_START needs RCF_A_TRAFFIC");
		return ERR_PTR(-EINVAL);
	}
	err = nla_parse_nested(tb, RCF_TRAFFIC_MAX, info->attrs[RCF_A_TRAFFIC],
			       rcf_traffic_policy, extack);
	if (err)
		return ERR_PTR(err);
	s.pattern = tb[RCF_TRAFFIC_PATTERN] ?
		    nla_get_u8(tb[RCF_TRAFFIC_PATTERN]) : RCF_TRAFFIC_UNIFORM;
	s.param = rcf_tget32(tb, RCF_TRAFFIC_PARAM, 0);
	s.rate = rcf_tget32(tb, RCF_TRAFFIC_RATE, RCF_TRAFFIC_RATE_DEFAULT);
	s.size_min = rcf_tget32(tb, RCF_TRAFFIC_SIZE_MIN,
				 RCF_TRAFFIC_SIZE_DEFAULT);
	s.size_max = rcf_tget32(tb, RCF_TRAFFIC_SIZE_MAX, s.size_min);
	s.seed = tb[RCF_TRAFFIC_SEED] ? nla_get_u64(tb[RCF_TRAFFIC_SEED]) :
					  RCF_TRAFFIC_SEED_DEFAULT;
	s.cycles = tb[RCF_TRAFFIC_CYCLES] ?
		   nla_get_u64(tb[RCF_TRAFFIC_CYCLES]) : 0;
	s.messages = tb[RCF_TRAFFIC_MESSAGES] ?
		     nla_get_u64(tb[RCF_TRAFFIC_MESSAGES]) : 0;
	/* a trace runs to its end unless told otherwise, as in rcfsim */
	if (!s.cycles && !s.messages && s.pattern != RCF_TRAFFIC_TRACE)
		s.cycles = RCF_TRAFFIC_CYCLES_DEFAULT;
	s.hot_permille = rcf_tget32(tb, RCF_TRAFFIC_HOT_PERMILLE,
				    RCF_TRAFFIC_HOT_PERMILLE_DEFAULT);
	s.arrival = tb[RCF_TRAFFIC_ARRIVAL] ?
		    nla_get_u8(tb[RCF_TRAFFIC_ARRIVAL]) : RCF_TRAFFIC_BERNOULLI;
	s.warmup = tb[RCF_TRAFFIC_WARMUP] ?
		   nla_get_u64(tb[RCF_TRAFFIC_WARMUP]) : 0;
	/* never 0 (no bound): the policy refuses it, the default is not */
	s.src_limit = rcf_tget32(tb, RCF_TRAFFIC_BACKLOG,
				 RCF_TRAFFIC_BACKLOG_DEFAULT);
	s.self = tb[RCF_TRAFFIC_SELF] && nla_get_u8(tb[RCF_TRAFFIC_SELF]);
	if (s.self && s.pattern != RCF_TRAFFIC_UNIFORM) {
		NL_SET_ERR_MSG_ATTR(extack, tb[RCF_TRAFFIC_SELF],
				    "self traffic is for the uniform pattern");
		return ERR_PTR(-EINVAL);
	}
	if (s.size_min > s.size_max) {
		NL_SET_ERR_MSG_ATTR(extack, tb[RCF_TRAFFIC_SIZE_MAX],
				    "the largest message size is below the smallest");
		return ERR_PTR(-EINVAL);
	}
	if (s.pattern == RCF_TRAFFIC_HOTSPOT) {
		struct rcf_node *n;

		if (!tb[RCF_TRAFFIC_HOT_NODE]) {
			NL_SET_ERR_MSG(extack, "hotspot traffic needs RCF_TRAFFIC_HOT_NODE");
			return ERR_PTR(-EINVAL);
		}
		hot_id = nla_get_u32(tb[RCF_TRAFFIC_HOT_NODE]);
		n = hot_id < RCF_MAX_NODES ? rcf_node_next(f, hot_id) : NULL;
		if (!n || n->id != hot_id) {
			NL_SET_ERR_MSG_ATTR(extack, tb[RCF_TRAFFIC_HOT_NODE],
					    "the hot spot is not a node of the fabric");
			return ERR_PTR(-ENOENT);
		}
	}
	err = rcf_traffic_parse_lists(f, tb, &s, extack);
	if (!err)
		err = rcf_traffic_check_rate(&s, tb, extack);
	if (err) {
		rcf_traffic_free_lists(&s);
		return ERR_PTR(err);
	}
	tr = rcf_dp_traffic_alloc(f, &s, hot_id);
	if (!tr) {
		rcf_traffic_free_lists(&s);
		return ERR_PTR(-ENOMEM);
	}
	s = *rcf_dp_traffic_spec(tr, &hot_id);
	if (s.nodes < 2 || rcf_traffic_check(s.pattern, s.param, s.nodes)) {
		rcf_dp_traffic_free(tr);
		NL_SET_ERR_MSG(extack,
			       "the pattern cannot run with this step on this fabric's number of nodes");
		return ERR_PTR(-EINVAL);
	}
	return tr;
}

int rcf_traffic_start_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	struct rcf_dp_traffic *tr;
	int err;

	mutex_lock(&rn->lock);
	if (!rn->fab || !rn->dp) {
		NL_SET_ERR_MSG(info->extack, "this namespace has no fabric");
		err = -ENOENT;
		goto out;
	}
	rcf_dp_lock(rn->dp);
	err = rcf_dp_traffic_running(rn->dp->tr) ? -EBUSY : 0;
	mutex_unlock(&rn->dp->lock);
	if (err) {
		NL_SET_ERR_MSG(info->extack, "a traffic run is under way");
		goto out;
	}
	tr = rcf_traffic_parse(rn->fab, info);
	if (IS_ERR(tr)) {
		err = PTR_ERR(tr);
		goto out;
	}
	err = rcf_dp_rebuild_traffic(rn->dp, rn->fab, tr);
	if (err) {
		if (err == -EINVAL)
			NL_SET_ERR_MSG(info->extack, "the generator refused the spec");
		rcf_dp_traffic_free(tr);
	}
out:
	mutex_unlock(&rn->lock);
	return err;
}

int rcf_traffic_stop_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	int err = 0;

	mutex_lock(&rn->lock);
	if (!rn->dp) {
		err = -ENOENT;
	} else {
		rcf_dp_lock(rn->dp);
		if (rcf_dp_traffic_running(rn->dp->tr))
			rcf_dp_traffic_stop(rn->dp);
		else
			err = -ENOENT;
		mutex_unlock(&rn->dp->lock);
	}
	if (err)
		NL_SET_ERR_MSG(info->extack, "no traffic run is under way");
	mutex_unlock(&rn->lock);
	return err;
}

int rcf_traffic_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct rcf_net *rn = rcf_net(genl_info_net(info));
	struct sk_buff *msg;
	void *hdr;
	int err = -ENOENT;

	msg = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &rcf_genl_family, 0,
				RCF_CMD_TRAFFIC_GET);
	if (!hdr) {
		nlmsg_free(msg);
		return -EMSGSIZE;
	}
	mutex_lock(&rn->lock);
	if (rn->dp) {
		rcf_dp_lock(rn->dp);
		if (rn->dp->tr)
			err = rcf_traffic_fill(msg, rn->dp->tr);
		mutex_unlock(&rn->dp->lock);
	}
	mutex_unlock(&rn->lock);
	if (err) {
		if (err == -ENOENT)
			NL_SET_ERR_MSG(info->extack, "no traffic has run");
		nlmsg_free(msg);
		return err;
	}
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);
}
