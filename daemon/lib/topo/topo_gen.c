// SPDX-License-Identifier: GPL-2.0
/*
 * Node-to-node topologies (nodes relay for each other, no switches) and
 * the spec-string front end for every generator; the switched fabrics
 * are in topo_switched.c, SP1's in topo_sp1.c, RDT's in topo_rdt.c, the
 * hypercube of switches in topo_hcube.c.
 * Documentation/sp1-topologies.rst records the numbering.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/parse.h"
#include "topo/rdt.h"
#include "topo/topo_gen.h"
#include "util/errf.h"
#include "util/num.h"

#define N RCF_ELEM_NODE

int rcf_gen_ring(struct rcf_topo *t, uint32_t n)
{
	/* port 0 leads to id + 1, port 1 to id - 1 */
	t->shape = (struct rcf_topo_shape){RCF_SHAPE_RING, n, 0, 0};
	for (uint32_t i = 0; i < n; i++)
		if (!rcf_topo_node(t, i, 2))
			return -1;
	for (uint32_t i = 0; i < n; i++)
		if (!rcf_topo_link(t, N, i, 0, N, (i + 1) % n, 1))
			return -1;
	return 0;
}

int rcf_gen_mesh(struct rcf_topo *t, uint32_t x, uint32_t y, int wrap)
{
	/* id = row * x + col; ports 0 +x, 1 -x, 2 +y, 3 -y */
	t->shape = (struct rcf_topo_shape){RCF_SHAPE_GRID, x, y, wrap};
	for (uint32_t i = 0; i < x * y; i++)
		if (!rcf_topo_node(t, i, 4))
			return -1;
	for (uint32_t r = 0; r < y; r++) {
		for (uint32_t c = 0; c < x; c++) {
			uint32_t id = r * x + c;

			if ((c + 1 < x || wrap) &&
			    !rcf_topo_link(t, N, id, 0, N, r * x + (c + 1) % x,
					   1))
				return -1;
		}
	}
	for (uint32_t r = 0; r < y; r++) {
		for (uint32_t c = 0; c < x; c++) {
			uint32_t id = r * x + c;

			if ((r + 1 < y || wrap) &&
			    !rcf_topo_link(t, N, id, 2, N,
					   ((r + 1) % y) * x + c, 3))
				return -1;
		}
	}
	return 0;
}

int rcf_gen_hypercube(struct rcf_topo *t, uint32_t dim)
{
	uint32_t n = 1u << dim;

	/* port d joins the two nodes whose ids differ in bit d */
	t->shape = (struct rcf_topo_shape){RCF_SHAPE_HYPERCUBE, dim, 0, 0};
	for (uint32_t i = 0; i < n; i++)
		if (!rcf_topo_node(t, i, dim))
			return -1;
	for (uint32_t d = 0; d < dim; d++)
		for (uint32_t i = 0; i < n; i++)
			if (!(i & (1u << d)) &&
			    !rcf_topo_link(t, N, i, d, N, i | (1u << d), d))
				return -1;
	return 0;
}

int rcf_parse_dims(const char *s, uint64_t max, uint64_t *x, uint64_t *y)
{
	char buf[32];
	char *sep;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	sep = strchr(buf, 'x');
	if (!sep)
		return -1;
	*sep = '\0';
	return rcf_parse_num(buf, max, x) || rcf_parse_num(sep + 1, max, y);
}

/* a gen_*() below that does not know the generator's name */
#define GEN_OTHER 1

/*
 * The generators whose specs have parsers of their own: -1 with the
 * reason in err, GEN_OTHER, or 0 with the generator's result in *built.
 */
static int gen_parsed(const char *spec, size_t nlen, struct rcf_topo *t,
		      int *built, char *err, size_t errlen)
{
	if (rcf_rdt_spec(spec)) {
		struct rcf_rdt d;
		char why[200];

		if (rcf_rdt_parse(spec, RCF_MAX_NODES, &d, err, errlen))
			return -1;
		if (rcf_rdt_fits(&d, why, sizeof(why))) {
			snprintf(err, errlen, "%s: %s", spec, why);
			return -1;
		}
		*built = rcf_gen_rdt(t, &d);
	} else if (nlen == 7 && !strncmp(spec, "fattree", 7)) {
		struct rcf_fattree f;

		if (rcf_fattree_parse(spec, &f, err, errlen))
			return -1;
		*built = rcf_gen_fattree(t, &f);
	} else if (nlen == 4 && !strncmp(spec, "clos", 4)) {
		struct rcf_clos c;

		if (rcf_clos_parse(spec, &c, err, errlen))
			return -1;
		*built = rcf_gen_clos(t, &c);
	} else if (nlen == 5 && !strncmp(spec, "kport", 5)) {
		struct rcf_kport m;

		if (rcf_kport_parse(spec, &m, err, errlen))
			return -1;
		*built = rcf_gen_kport(t, &m);
	} else {
		return GEN_OTHER;
	}
	return 0;
}

/*
 * The generators of one or two sizes after the colon (arg), as
 * gen_parsed() returns.
 */
static int gen_sized(const char *spec, size_t nlen, const char *arg,
		     struct rcf_topo *t, int *built, char *err, size_t errlen)
{
	uint64_t a, b;

	if (nlen == 4 && !strncmp(spec, "ring", 4)) {
		if (rcf_parse_num(arg, RCF_MAX_NODES, &a) || a < 3) {
			snprintf(err, errlen, "ring:N needs 3 <= N <= %d",
				 RCF_MAX_NODES);
			return -1;
		}
		*built = rcf_gen_ring(t, a);
	} else if ((nlen == 4 && !strncmp(spec, "mesh", 4)) ||
		   (nlen == 5 && !strncmp(spec, "torus", 5))) {
		int wrap = nlen == 5;
		uint32_t min = wrap ? 3 : 1;

		if (rcf_parse_dims(arg, RCF_MAX_NODES, &a, &b) || a < min ||
		    b < min || a * b < 2 || a * b > RCF_MAX_NODES) {
			snprintf(err, errlen,
				 "%s:XxY needs X, Y >= %u and 2 <= X*Y <= %d",
				 wrap ? "torus" : "mesh", min, RCF_MAX_NODES);
			return -1;
		}
		*built = rcf_gen_mesh(t, a, b, wrap);
	} else if (nlen == 9 && !strncmp(spec, "hypercube", 9)) {
		if (rcf_parse_num(arg, 12, &a) || a < 1) {
			snprintf(err, errlen, "hypercube:D needs 1 <= D <= 12");
			return -1;
		}
		*built = rcf_gen_hypercube(t, a);
	} else if (nlen == 5 && !strncmp(spec, "hcube", 5)) {
		/* 2^D nodes bound D before the switch's D + 1 ports do */
		if (rcf_parse_num(arg, 12, &a) || a < 1) {
			snprintf(err, errlen,
				 "hcube:D needs 1 <= D <= 12 (2^D nodes, at "
				 "most %d)",
				 RCF_MAX_NODES);
			return -1;
		}
		*built = rcf_gen_hcube(t, a);
	} else if (nlen == 3 && !strncmp(spec, "sp1", 3)) {
		if (rcf_parse_num(arg, 512, &a) ||
		    (a != 16 && a != 32 && a != 64 && a != 128 && a != 256 &&
		     a != 512)) {
			snprintf(err, errlen,
				 "sp1:N needs N in 16, 32, 64, 128, 256, 512");
			return -1;
		}
		*built = rcf_gen_sp1(t, a);
	} else {
		return GEN_OTHER;
	}
	return 0;
}

int rcf_topo_generate(const char *spec, struct rcf_topo *t, char *err,
		      size_t errlen)
{
	const char *arg = strchr(spec, ':');
	size_t nlen = arg ? (size_t)(arg - spec) : strlen(spec);
	int rc = GEN_OTHER, built = 0;

	rcf_topo_init(t);
	if (arg)
		rc = gen_parsed(spec, nlen, t, &built, err, errlen);
	if (arg && rc == GEN_OTHER)
		rc = gen_sized(spec, nlen, arg + 1, t, &built, err, errlen);
	if (rc == GEN_OTHER) {
		snprintf(err, errlen,
			 "unknown generator \"%s\": want ring:N, mesh:XxY, "
			 "torus:XxY, hypercube:D, hcube:D, "
			 "sp1:16|32|64|128|256|512, prdt:S:n:R, "
			 "rdt:S:n:R:m, fattree:K:N, clos:D:U:L, "
			 "clos:D:U:L:M:P or kport:N:K",
			 spec);
		return -1;
	}
	if (rc)
		return -1;
	if (built) {
		rcf_topo_free(t);
		snprintf(err, errlen, "%s: out of memory", spec);
	}
	return built;
}
