// SPDX-License-Identifier: GPL-2.0
/*
 * rcf_route_line_parse() against the general parser: a line it takes is
 * one rcf_parse_op() and rcf_op_check_limits() take, with the same
 * route; the lines route compute writes it takes itself; every other
 * line it leaves to the general parser, whose reason then stands.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "obj/batch.h"
#include "obj/parse.h"
#include "obj/rcf_limits.h"
#include "obj/route_line.h"

/* 1: the general parser takes line; its route in *r */
static int general(const char *line, struct rcf_route_line *r)
{
	char buf[512], *w[RCF_BATCH_MAX_WORDS], why[256];
	struct rcf_op *op = malloc(sizeof(*op));
	int n, ok;

	snprintf(buf, sizeof(buf), "%s", line);
	n = rcf_split_words(buf, w, RCF_BATCH_MAX_WORDS);
	ok = n > 0 && !rcf_parse_op(n, w, 0, op, why, sizeof(why)) &&
	     !rcf_op_check_limits(op, why, sizeof(why)) &&
	     op->cmd == RCF_CMD_ROUTE_NEW;
	if (ok) {
		r->src = (uint32_t)op->o.v[RCF_A_ROUTE_SRC];
		r->dst = (uint32_t)op->o.v[RCF_A_ROUTE_DST];
		r->index = rcf_has(&op->o, RCF_A_ROUTE_INDEX)
				   ? (uint8_t)op->o.v[RCF_A_ROUTE_INDEX]
				   : 0;
		r->nhops = op->o.nhops;
		memcpy(r->hops, op->o.hops, op->o.nhops);
	}
	free(op);
	return ok;
}

static int same(const struct rcf_route_line *a, const struct rcf_route_line *b)
{
	return a->src == b->src && a->dst == b->dst && a->index == b->index &&
	       a->nhops == b->nhops && !memcmp(a->hops, b->hops, a->nhops);
}

/* 1 when line is taken by both alike, 0 when left to the general one */
static int agree(const char *line, int *taken)
{
	struct rcf_route_line f, g;

	memset(&f, 0, sizeof(f));
	*taken = rcf_route_line_parse(line, &f);
	if (!*taken)
		return 1;
	return general(line, &g) && same(&f, &g);
}

/* taken here: what route compute writes, and what it may as well */
static const char *const taken[] = {
	"route add src 0 dst 1 index 0 hops 0 1\n",
	"route add src 4095 dst 0 index 3 hops 31.3 0.0 7\n",
	"route add src 12 dst 7 hops 1 2 3\r\n",
	"  route\tadd dst 7 src 12 index 2 hops 1 # a comment\n",
	"route add index 1 src 007 dst 0 hops 00031.03",
	"route add src 1 dst 2 hops 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 "
	"18 19 20 21 22 23 24 25 26 27 28 29 30 31 0 1 2 3 4 5 6 7 8 9 10 11 "
	"12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 0",
};

/* left to the general parser, which takes some and refuses the rest */
static const char *const left[] = {
	"",
	"# route add src 0 dst 1 hops 0\n",
	"r add src 0 dst 1 hops 0\n",
	"route a src 0 dst 1 hops 0\n",
	"route new src 0 dst 1 hops 0\n",
	"route add src 0 dst 1\n",
	"route add src 0 dst 1 hops\n",
	"route add src 0 dst 1 hops # none\n",
	"route add src 0 hops 1\n",
	"route add src 0 dst 1 src 2 hops 0\n",
	"route add src 0 dst 1 index 4 hops 0\n",
	"route add src 4096 dst 1 hops 0\n",
	"route add src 99999999999999999999999 dst 1 hops 0\n",
	"route add src -1 dst 1 hops 0\n",
	"route add src 0x1 dst 1 hops 0\n",
	"route add src 0 dst 1 hops 32\n",
	"route add src 0 dst 1 hops 1.4\n",
	"route add src 0 dst 1 hops 1.\n",
	"route add src 0 dst 1 hops .1\n",
	"route add src 0 dst 1 hops 1.1.1\n",
	"route add src 0 dst 1 hops 0#1\n",
	"route add src 0 dst 1 hops 000000000000000000000001\n",
	"route add src 0 dst 1 hops 1 src 2\n",
	"route add src 0 dst 1 hops \"1\"\n",
	"route add \"src\" 0 dst 1 hops 1\n",
	"route add src 0 dst 1 hops 1\v\n",
	"route add srcs 0 dst 1 hops 1\n",
	"route add src 0 dst 1 hops 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 "
	"17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 0 1 2 3 4 5 6 7 8 9 10 "
	"11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 0 1\n",
	"route del src 0 dst 1\n",
	"node add id 0 ports 1\n",
};

/*
 * Lines made of route words, numbers and odd bytes, many thousands of
 * them: whatever is taken here the general parser takes alike.
 */
/* a number that fits mostly, now and then something else */
static const char *value(unsigned int *seed)
{
	static const char *const vals[] = {
		"0",	"1",
		"3",	"31",
		"007",	"4",
		"32",	"4095",
		"4096", "0.3",
		"1.4",	"#",
		"\"",	"x",
		"1.",	".",
		"\t",	"\r",
		"",	"src",
		"hops", "99999999999999999999",
	};
	const unsigned int nv = sizeof(vals) / sizeof(vals[0]);

	return vals[rand_r(seed) % (rand_r(seed) % 8 ? 5 : nv)];
}

static void put(char *line, const char *w, unsigned int *seed)
{
	strcat(line, rand_r(seed) % 32 ? " " : "");
	strcat(line, w);
}

/*
 * Route lines with their keys in any order, now and then one twice or
 * missing, and odd words among the numbers: whatever is taken here the
 * general parser takes alike.
 */
static void mixed_lines(void)
{
	static const char *const keys[] = {"src", "dst", "index"};
	unsigned int seed = 1, bad = 0, took = 0;

	for (int i = 0; i < 200000; i++) {
		char line[512] = "route add";
		int first = (int)(rand_r(&seed) % 3), t;

		for (int k = 0; k < 3 + !(rand_r(&seed) % 16); k++) {
			if (!(rand_r(&seed) % 12))
				continue;
			put(line, keys[(first + k) % 3], &seed);
			put(line, value(&seed), &seed);
		}
		if (rand_r(&seed) % 12) {
			put(line, "hops", &seed);
			for (int m = (int)(rand_r(&seed) % 5); m > 0; m--)
				put(line, value(&seed), &seed);
		}
		if (!agree(line, &t) && bad++ < 5)
			printf("# %s\n", line);
		took += t;
	}
	tap_ok(!bad, "mixed lines: what is taken the general parser takes "
		     "alike");
	/* the mixture reaches both sides */
	printf("# %u of 200000 taken\n", took);
	tap_ok(took > 20000 && took < 180000,
	       "mixed lines: some are taken, some are left");
}

int main(void)
{
	const size_t nt = sizeof(taken) / sizeof(taken[0]);
	const size_t nl = sizeof(left) / sizeof(left[0]);
	struct rcf_range src = rcf_attr_range(RCF_A_ROUTE_SRC),
			 dst = rcf_attr_range(RCF_A_ROUTE_DST),
			 idx = rcf_attr_range(RCF_A_ROUTE_INDEX);
	int ok = 1, t;

	tap_plan((int)(nt + nl) + 3);
	tap_ok(src.min == 0 && src.max == RCF_ROUTE_LINE_MAX_NODE &&
		       dst.min == 0 && dst.max == RCF_ROUTE_LINE_MAX_NODE &&
		       idx.min == 0 && idx.max == RCF_ROUTE_LINE_MAX_INDEX,
	       "the ranges are the kernel's (rcf_attr_range)");
	for (size_t i = 0; i < nt; i++) {
		char name[320];

		ok = agree(taken[i], &t);
		snprintf(name, sizeof(name), "taken alike: %.*s",
			 (int)strcspn(taken[i], "\r\n"), taken[i]);
		tap_ok(ok && t, name);
	}
	for (size_t i = 0; i < nl; i++) {
		char name[320];

		ok = agree(left[i], &t);
		snprintf(name, sizeof(name), "left: %.*s",
			 (int)strcspn(left[i], "\r\n"), left[i]);
		tap_ok(ok && !t, name);
	}
	mixed_lines();
	return tap_done();
}
