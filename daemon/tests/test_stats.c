// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics decoding and printing: STATS_GET replies built here as the
 * kernel would send them, read back, and printed as text and JSON that
 * must match the golden output byte for byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "tap.h"
#include "nl/nl_stats.h"
#include "obj/parse.h"
#include "stats/stats.h"

static struct nl_msg *reply(int kind)
{
	struct nl_msg *m = nlmsg_alloc();

	genlmsg_put(m, 0, 0, 0x20, 0, NLM_F_MULTI, RCF_CMD_STATS_GET,
		    RCF_GENL_VERSION);
	nla_put_u8(m, RCF_A_STATS_KIND, (uint8_t)kind);
	return m;
}

static int feed(struct nl_msg *m, struct rcf_stats *s)
{
	struct genlmsghdr *gh = nlmsg_data(nlmsg_hdr(m));
	int rc = rcf_stats_parse_reply(genlmsg_attrdata(gh, 0),
				       genlmsg_attrlen(gh, 0), s);

	nlmsg_free(m);
	return rc;
}

/* one keyed count: a drop reason's or a latency bucket's */
static void entry(struct nl_msg *m, int type, uint32_t key, uint64_t count)
{
	struct nlattr *n = nla_nest_start(m, type);

	nla_put_u32(m, RCF_SDROP_REASON, key);
	nla_put_u64(m, RCF_SDROP_COUNT, count);
	nla_nest_end(m, n);
}

static int fabric_msg(struct rcf_stats *s)
{
	struct nl_msg *m = reply(RCF_STATS_KIND_FABRIC);
	struct nlattr *st = nla_nest_start(m, RCF_A_STATS), *n;

	nla_put_u64(m, RCF_STATS_CYCLE, 123456);
	nla_put_u64(m, RCF_STATS_ENGINE_GEN, 2);
	nla_put_u64(m, RCF_STATS_PKTS_SENT, 100);
	nla_put_u64(m, RCF_STATS_PKTS_DELIVERED, 97);
	nla_put_u64(m, RCF_STATS_PKTS_DROPPED, 3);
	nla_put_u64(m, RCF_STATS_BYTES_INJECTED, 25600);
	nla_put_u64(m, RCF_STATS_BYTES_DELIVERED, 24832);
	nla_put_u64(m, RCF_STATS_BYTES_DROPPED, 768);
	nla_put_u64(m, RCF_STATS_BYTES_INFLIGHT, 0);
	nla_put_u64(m, RCF_STATS_BYTE_HOPS, 76800);
	entry(m, RCF_STATS_DROPS, RCF_DROP_BAD_BYTE, 1);
	/* entries need not be adjacent */
	nla_put_u64(m, RCF_STATS_LAT_SUM, 7000);
	entry(m, RCF_STATS_DROPS, RCF_DROP_HOP_LIMIT, 2);
	entry(m, RCF_STATS_LAT_HIST, 4, 10); /* [16, 32) */
	entry(m, RCF_STATS_LAT_HIST, 6, 80); /* [64, 128), 5 empty between */
	entry(m, RCF_STATS_LAT_HIST, 7, 7);
	/* a key beyond the histogram is passed over, not a crash */
	entry(m, RCF_STATS_LAT_HIST, 1000, 5);
	/* an entry without its count is passed over */
	n = nla_nest_start(m, RCF_STATS_DROPS);
	nla_put_u32(m, RCF_SDROP_REASON, RCF_DROP_NO_MEM);
	nla_nest_end(m, n);
	nla_put_u64(m, RCF_STATS_LAT_MIN, 17);
	nla_put_u64(m, RCF_STATS_LAT_MAX, 200);
	/* a u32 counter reads too */
	nla_put_u32(m, RCF_STATS_MSGS_SENT, 10);
	nla_put_u64(m, RCF_STATS_MSGS_RECEIVED, 9);
	nla_put_u64(m, RCF_STATS_TX_BYTES, 2400);
	nla_put_u64(m, RCF_STATS_RX_BYTES, 2160);
	nla_nest_end(m, st);
	return feed(m, s);
}

static int channel_msg(struct rcf_stats *s, uint32_t link, uint8_t dir,
		       uint8_t vc, uint64_t bytes, uint64_t blocked)
{
	struct nl_msg *m = reply(RCF_STATS_KIND_CHANNEL);
	struct nlattr *st = nla_nest_start(m, RCF_A_STATS);

	nla_put_u32(m, RCF_STATS_LINK, link);
	nla_put_u8(m, RCF_STATS_DIR, dir);
	nla_put_u8(m, RCF_STATS_VC, vc);
	nla_put_u64(m, RCF_STATS_BYTES, bytes);
	nla_put_u64(m, RCF_STATS_PACKETS, bytes / 128);
	nla_put_u64(m, RCF_STATS_BLOCKED, blocked);
	nla_put_u32(m, RCF_STATS_CREDIT, 64);
	nla_put_u32(m, RCF_STATS_OCCUPANCY, 0);
	nla_nest_end(m, st);
	return feed(m, s);
}

static int pair_msg(struct rcf_stats *s, uint32_t src, uint32_t dst,
		    uint64_t msgs, uint64_t bytes)
{
	struct nl_msg *m = reply(RCF_STATS_KIND_PAIR);
	struct nlattr *st = nla_nest_start(m, RCF_A_STATS);

	nla_put_u32(m, RCF_STATS_SRC, src);
	nla_put_u32(m, RCF_STATS_DST, dst);
	nla_put_u64(m, RCF_STATS_PKTS_SENT, msgs * 2);
	nla_put_u64(m, RCF_STATS_PKTS_DELIVERED, msgs * 2);
	nla_put_u64(m, RCF_STATS_MSGS_SENT, msgs);
	nla_put_u64(m, RCF_STATS_MSGS_RECEIVED, msgs);
	nla_put_u64(m, RCF_STATS_TX_BYTES, bytes);
	nla_put_u64(m, RCF_STATS_RX_BYTES, bytes);
	nla_nest_end(m, st);
	return feed(m, s);
}

static char *out_text(const struct rcf_stats *s, int kind, int matrix)
{
	struct rcf_stats_query q = {.kind = kind, .matrix = matrix};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	rcf_stats_print(f, s, &q);
	fclose(f);
	return buf;
}

static char *out_json(const struct rcf_stats *s, int kind, int matrix,
		      int pretty)
{
	struct rcf_stats_query q = {.kind = kind, .matrix = matrix};
	struct rcf_json j;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	rcf_json_init(&j, f, pretty);
	rcf_stats_json(&j, s, &q);
	fclose(f);
	return buf;
}

static int golden(char *got, const char *want, const char *name)
{
	int ok = !strcmp(got, want);

	if (!ok)
		printf("# got:\n%s# want:\n%s", got, want);
	free(got);
	return tap_ok(ok, name);
}

static const char fabric_text[] =
	"fabric     cycle 123456  engines 2\n"
	"packets    sent 100  delivered 97  dropped 3\n"
	"bytes      injected 25600  delivered 24832  dropped 768  in-flight 0"
	"  byte-hops 76800\n"
	"messages   sent 10  received 9  tx-bytes 2400  rx-bytes 2160\n"
	"drops      bad-byte 1  hop-limit 2\n"
	"latency    packets 97  avg 72.2  min 17  max 200  (cycles)\n"
	"    16-31  10  #####\n"
	"    32-63   0\n"
	"   64-127  80  #################################\n"
	"  128-255   7  ###\n";

static const char fabric_json[] =
	"{\"cycle\":123456,\"engine-gen\":2,\"pkts-sent\":100,"
	"\"pkts-delivered\":97,\"pkts-dropped\":3,\"bytes-injected\":25600,"
	"\"bytes-delivered\":24832,\"bytes-dropped\":768,"
	"\"bytes-inflight\":0,\"byte-hops\":76800,\"msgs-sent\":10,"
	"\"msgs-received\":9,\"tx-bytes\":2400,\"rx-bytes\":2160,"
	"\"drops\":{\"bad-byte\":1,\"hop-limit\":2},"
	"\"latency\":{\"packets\":97,\"sum\":7000,\"min\":17,\"max\":200,"
	"\"hist\":[{\"lo\":16,\"hi\":31,\"count\":10},"
	"{\"lo\":64,\"hi\":127,\"count\":80},"
	"{\"lo\":128,\"hi\":255,\"count\":7}]}}\n";

static const char chan_text[] =
	"link  dir  vc   bytes  packets  blocked  credit  occupancy\n"
	"   0  a>b   0    1280       10        0      64          0\n"
	"   0  b>a   1  128000     1000     4711      64          0\n"
	"  12  a>b   0       0        0        0      64          0\n";

static const char chan_json[] =
	"[{\"link\":0,\"dir\":0,\"vc\":0,\"bytes\":1280,\"packets\":10,"
	"\"blocked\":0,\"credit\":64,\"occupancy\":0},"
	"{\"link\":0,\"dir\":1,\"vc\":1,\"bytes\":128000,\"packets\":1000,"
	"\"blocked\":4711,\"credit\":64,\"occupancy\":0},"
	"{\"link\":12,\"dir\":0,\"vc\":0,\"bytes\":0,\"packets\":0,"
	"\"blocked\":0,\"credit\":64,\"occupancy\":0}]\n";

static const char matrix_text[] = "# C_ij: bytes sent from row i to column j\n"
				  "src\\dst        0        1        3\n"
				  "      0        0      100  1000000\n"
				  "      1        5        0        0\n"
				  "      3        0        0        0\n";

static const char matrix_json[] = "{\n"
				  "  \"unit\": \"bytes\",\n"
				  "  \"nodes\": [\n"
				  "    0,\n"
				  "    1,\n"
				  "    3\n"
				  "  ],\n"
				  "  \"rows\": [\n"
				  "    [\n"
				  "      0,\n"
				  "      100,\n"
				  "      1000000\n"
				  "    ],\n"
				  "    [\n"
				  "      5,\n"
				  "      0,\n"
				  "      0\n"
				  "    ],\n"
				  "    [\n"
				  "      0,\n"
				  "      0,\n"
				  "      0\n"
				  "    ]\n"
				  "  ]\n"
				  "}\n";

static const char pair_text[] =
	"src  dst  pkts-sent  pkts-delivered  msgs-sent  msgs-received"
	"  tx-bytes  rx-bytes\n"
	"  0    1          2               2          1              1"
	"       100       100\n"
	"  0    3         14              14          7              7"
	"   1000000   1000000\n"
	"  1    0          2               2          1              1"
	"         5         5\n";

/* node addresses and fabric settings survive packing and unpacking */
static void obj_round_trip(void)
{
	char line[] = "node set 2 addr 10.1.2.3 addr fd00::7", *w[16], err[256];
	struct rcf_op op;
	struct rcf_obj back;
	struct nl_msg *m = nlmsg_alloc();
	struct nlattr *a;
	int n = rcf_split_words(line, w, 16), ok;

	ok = !rcf_parse_op(n, w, 0, &op, err, sizeof(err)) &&
	     !rcf_nl_put_obj(m, &op.o) &&
	     !rcf_nl_parse_obj(nlmsg_data(nlmsg_hdr(m)),
			       (int)nlmsg_datalen(nlmsg_hdr(m)), RCF_K_NODE,
			       &back) &&
	     rcf_obj_equal(&op.o, &back);
	nlmsg_free(m);
	tap_ok(ok, "node addresses pack and unpack unchanged");

	char none[] = "node set 2 addr none";

	m = nlmsg_alloc();
	n = rcf_split_words(none, w, 16);
	ok = !rcf_parse_op(n, w, 0, &op, err, sizeof(err)) &&
	     !rcf_nl_put_obj(m, &op.o);
	a = nlmsg_find_attr(nlmsg_hdr(m), 0, RCF_A_NODE_ADDRS);
	ok = ok && a && nla_len(a) == 0;
	nlmsg_free(m);
	tap_ok(ok, "addr none is sent as an empty RCF_A_NODE_ADDRS nest");

	char fab[] = "fabric set clock 40MHz route-policy least-loaded";

	m = nlmsg_alloc();
	n = rcf_split_words(fab, w, 16);
	ok = !rcf_parse_op(n, w, 0, &op, err, sizeof(err)) &&
	     !rcf_nl_put_obj(m, &op.o);
	a = nlmsg_find_attr(nlmsg_hdr(m), 0, RCF_A_FABRIC_CLOCK_HZ);
	ok = ok && a && nla_len(a) == 8 && nla_get_u64(a) == 40000000;
	a = nlmsg_find_attr(nlmsg_hdr(m), 0, RCF_A_FABRIC_ROUTE_POLICY);
	ok = ok && a && nla_len(a) == 1 &&
	     nla_get_u8(a) == RCF_RPOL_LEAST_LOADED;
	nlmsg_free(m);
	tap_ok(ok, "clock is a u64 in Hz, route-policy a u8");
}

int main(void)
{
	struct rcf_stats s;
	struct rcf_stats_query q = {.kind = RCF_STATS_KIND_CHANNEL};
	int ok;

	tap_plan(17);
	rcf_stats_init(&s);
	ok = !fabric_msg(&s) && s.have_fabric && s.fabric.cycle == 123456 &&
	     s.fabric.drops[RCF_DROP_HOP_LIMIT] == 2 &&
	     s.fabric.lat_hist[6] == 80 && s.fabric.lat_hist[4] == 10 &&
	     s.fabric.lat_hist[7] == 7 && !s.fabric.drops[RCF_DROP_NO_MEM] &&
	     s.fabric.msgs_sent == 10;
	tap_ok(ok, "fabric reply decodes, drops and histogram included");
	golden(out_text(&s, RCF_STATS_KIND_FABRIC, 0), fabric_text,
	       "fabric text: drops by name, avg/min/max, histogram");
	golden(out_json(&s, RCF_STATS_KIND_FABRIC, 0, 0), fabric_json,
	       "fabric JSON");

	/* out of order, as a dump may come; printing sorts nothing itself */
	ok = !channel_msg(&s, 12, 0, 0, 0, 0) &&
	     !channel_msg(&s, 0, 1, 1, 128000, 4711) &&
	     !channel_msg(&s, 0, 0, 0, 1280, 0) && s.nchan == 3;
	tap_ok(ok, "three channel replies decode");
	rcf_stats_sort(&s);
	golden(out_text(&s, RCF_STATS_KIND_CHANNEL, 0), chan_text,
	       "channel table: aligned, in key order");
	golden(out_json(&s, RCF_STATS_KIND_CHANNEL, 0, 0), chan_json,
	       "channel JSON array");

	q.has_link = 1;
	q.link = 12;
	rcf_stats_filter(&s, &q);
	tap_ok(s.nchan == 1 && s.chan[0].link == 12, "filter by link");

	ok = !pair_msg(&s, 1, 0, 1, 5) && !pair_msg(&s, 0, 3, 7, 1000000) &&
	     !pair_msg(&s, 0, 1, 1, 100) && s.npair == 3;
	tap_ok(ok, "pair replies decode");
	rcf_stats_sort(&s);
	golden(out_text(&s, RCF_STATS_KIND_PAIR, 1), matrix_text,
	       "C_ij matrix text");
	golden(out_json(&s, RCF_STATS_KIND_PAIR, 1, 1), matrix_json,
	       "C_ij matrix pretty JSON");
	golden(out_text(&s, RCF_STATS_KIND_PAIR, 0), pair_text,
	       "pair table: packets, messages, bytes");

	{
		struct nl_msg *m = reply(RCF_STATS_KIND_NODE);
		struct nlattr *st = nla_nest_start(m, RCF_A_STATS);

		/* a node reply without its key is refused, not invented */
		nla_put_u64(m, RCF_STATS_MSGS_SENT, 1);
		nla_nest_end(m, st);
		ok = feed(m, &s) < 0 && s.nnode == 0;
		m = reply(RCF_STATS_KIND_NODE);
		st = nla_nest_start(m, RCF_A_STATS);
		nla_put_u32(m, RCF_STATS_NODE, 4);
		nla_put_u64(m, RCF_STATS_BACKLOG, 300);
		nla_put_u64(m, RCF_STATS_PATH_WAITING, 12);
		nla_put_u64(m, RCF_STATS_PATH_REQUESTS, 3);
		nla_nest_end(m, st);
		ok = ok && !feed(m, &s) && s.nnode == 1 &&
		     s.node[0].backlog == 300 && s.node[0].path_waiting == 12 &&
		     s.node[0].path_requests == 3;
	}
	tap_ok(ok, "node reply needs its key; path counters read");
	golden(out_text(&s, RCF_STATS_KIND_NODE, 0),
	       "node  msgs-sent  msgs-received  tx-bytes  rx-bytes  backlog"
	       "  path-waiting  path-requests\n"
	       "   4          0              0         0         0      300"
	       "            12              3\n",
	       "node table with the path counters");
	golden(out_json(&s, RCF_STATS_KIND_NODE, 0, 0),
	       "[{\"node\":4,\"msgs-sent\":0,\"msgs-received\":0,"
	       "\"tx-bytes\":0,\"rx-bytes\":0,\"backlog\":300,"
	       "\"path-waiting\":12,\"path-requests\":3}]\n",
	       "node JSON: path-waiting and path-requests keys");
	rcf_stats_free(&s);
	obj_round_trip();
	return tap_done();
}
