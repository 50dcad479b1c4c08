// SPDX-License-Identifier: GPL-2.0
/*
 * Fabrics of crossbar switches: InfiniBand-style fat trees and folded
 * Clos networks (Documentation/infiniband.rst has the numbering; node
 * ids run leaf by leaf, so the nodes of one leaf are consecutive), and
 * the k-port machine's crossbars (Documentation/collectives.rst).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topo/topo_gen.h"
#include "util/errf.h"
#include "util/num.h"

/* what the kernel's ids allow, for the counts a spec asks for */
static int fits(const char *what, uint64_t nodes, uint64_t switches,
		uint64_t links, char *err, size_t errlen)
{
	if (nodes > RCF_MAX_NODES)
		return rcf_errf(err, errlen, "%s: %llu nodes, at most %d", what,
				(unsigned long long)nodes, RCF_MAX_NODES);
	if (switches > RCF_MAX_SWITCHES)
		return rcf_errf(err, errlen, "%s: %llu switches, at most %d",
				what, (unsigned long long)switches,
				RCF_MAX_SWITCHES);
	if (links > RCF_MAX_LINKS)
		return rcf_errf(err, errlen, "%s: %llu links, at most %d", what,
				(unsigned long long)links, RCF_MAX_LINKS);
	return 0;
}

/* the words of "A:B:C", each at least 1 and at most max; returns how many */
static int split_nums(const char *arg, uint32_t max, uint32_t *v, int nmax)
{
	char buf[64], *p = buf, *w;
	int n = 0;

	if (strlen(arg) >= sizeof(buf))
		return -1;
	strcpy(buf, arg);
	while ((w = strsep(&p, ":"))) {
		if (n == nmax || rcf_num_u32(w, 1, max, &v[n]))
			return -1;
		n++;
	}
	return n;
}

int rcf_fattree_parse(const char *spec, struct rcf_fattree *f, char *err,
		      size_t errlen)
{
	uint32_t v[2];
	uint64_t per = 1;

	if (split_nums(spec + strlen("fattree:"), 1000, v, 2) != 2)
		return rcf_errf(err, errlen,
				"%s: want fattree:K:N (K-ary N-tree)", spec);
	f->k = v[0];
	f->n = v[1];
	if (f->k < 2 || 2 * f->k > RCF_SWITCH_MAX_PORTS)
		return rcf_errf(err, errlen,
				"%s: switches of 2K = %u ports, want 2 <= K "
				"<= %d (at most %d ports)",
				spec, 2 * f->k, RCF_SWITCH_MAX_PORTS / 2,
				RCF_SWITCH_MAX_PORTS);
	for (uint32_t i = 1; i < f->n && per <= RCF_MAX_NODES; i++)
		per *= f->k;
	return fits(spec, per * f->k, per * f->n, per * f->k * f->n, err,
		    errlen);
}

/*
 * Switch s of level l (0: leaves) has id l * K^(N-1) + s; writing s in
 * base K, it meets switch s' of level l + 1 when the two differ at most in
 * digit l: up port K + (digit l of s'), down port digit l of s.
 */
int rcf_gen_fattree(struct rcf_topo *t, const struct rcf_fattree *f)
{
	uint32_t k = f->k, per = 1, w = 1;

	t->shape = (struct rcf_topo_shape){RCF_SHAPE_LEVELS, 0, 0, 0};
	for (uint32_t i = 1; i < f->n; i++)
		per *= k;
	for (uint32_t h = 0; h < per * k; h++)
		if (!rcf_topo_node(t, h, 1))
			return -1;
	for (uint32_t l = 0; l < f->n; l++)
		for (uint32_t s = 0; s < per; s++)
			if (!rcf_topo_switch(t, l * per + s,
					     l + 1 == f->n ? k : 2 * k))
				return -1;
	for (uint32_t h = 0; h < per * k; h++)
		if (!rcf_topo_link(t, RCF_ELEM_NODE, h, 0, RCF_ELEM_SWITCH,
				   h / k, h % k))
			return -1;
	for (uint32_t l = 0; l + 1 < f->n; l++, w *= k) {
		for (uint32_t s = 0; s < per; s++) {
			uint32_t a = s / w % k;

			for (uint32_t b = 0; b < k; b++)
				if (!rcf_topo_link(
					    t, RCF_ELEM_SWITCH, l * per + s,
					    k + b, RCF_ELEM_SWITCH,
					    (l + 1) * per + s - a * w + b * w,
					    a))
					return -1;
		}
	}
	return 0;
}

int rcf_clos_parse(const char *spec, struct rcf_clos *c, char *err,
		   size_t errlen)
{
	uint32_t v[5];
	int n = split_nums(spec + strlen("clos:"), 1000, v, 5);
	uint64_t leaves, spines, nodes;

	if (n != 3 && n != 5)
		return rcf_errf(err, errlen,
				"%s: want clos:D:U:L (two levels) or "
				"clos:D:U:L:M:P (three), every number at "
				"least 1",
				spec);
	memset(c, 0, sizeof(*c));
	c->down = v[0];
	c->up = v[1];
	c->leaves = v[2];
	c->core_up = n == 5 ? v[3] : 0;
	c->pods = n == 5 ? v[4] : 1;
	if (c->down + c->up > RCF_SWITCH_MAX_PORTS)
		return rcf_errf(err, errlen,
				"%s: leaves of D + U = %u ports, at most %d",
				spec, c->down + c->up, RCF_SWITCH_MAX_PORTS);
	if (c->leaves < 2 || c->leaves + c->core_up > RCF_SWITCH_MAX_PORTS)
		return rcf_errf(err, errlen,
				"%s: spines of L%s = %u ports, want 2 to %d",
				spec, n == 5 ? " + M" : "",
				c->leaves + c->core_up, RCF_SWITCH_MAX_PORTS);
	if (n == 5 && (c->pods < 2 || c->pods > RCF_SWITCH_MAX_PORTS))
		return rcf_errf(err, errlen,
				"%s: core switches of P = %u ports, want 2 "
				"to %d",
				spec, c->pods, RCF_SWITCH_MAX_PORTS);
	leaves = (uint64_t)c->pods * c->leaves;
	spines = (uint64_t)c->pods * c->up;
	nodes = leaves * c->down;
	return fits(spec, nodes, leaves + spines + c->up * c->core_up,
		    nodes + leaves * c->up + spines * c->core_up, err, errlen);
}

/*
 * Leaves first (pod p's leaf i: p * L + i), then spines (P * L + p * U +
 * j), then core switches (P * (L + U) + j * M + c).  Leaf port D + j goes
 * to its pod's spine j, port i; spine port L + c to core switch (j, c),
 * port p.
 */
int rcf_gen_clos(struct rcf_topo *t, const struct rcf_clos *c)
{
	uint32_t leaves = c->pods * c->leaves, spines = c->pods * c->up;
	uint32_t nodes = leaves * c->down;

	t->shape = (struct rcf_topo_shape){RCF_SHAPE_LEVELS, 0, 0, 0};
	for (uint32_t h = 0; h < nodes; h++)
		if (!rcf_topo_node(t, h, 1))
			return -1;
	for (uint32_t i = 0; i < leaves; i++)
		if (!rcf_topo_switch(t, i, c->down + c->up))
			return -1;
	for (uint32_t i = 0; i < spines; i++)
		if (!rcf_topo_switch(t, leaves + i, c->leaves + c->core_up))
			return -1;
	for (uint32_t i = 0; i < c->up * c->core_up; i++)
		if (!rcf_topo_switch(t, leaves + spines + i, c->pods))
			return -1;
	for (uint32_t h = 0; h < nodes; h++)
		if (!rcf_topo_link(t, RCF_ELEM_NODE, h, 0, RCF_ELEM_SWITCH,
				   h / c->down, h % c->down))
			return -1;
	for (uint32_t l = 0; l < leaves; l++) {
		uint32_t p = l / c->leaves;

		for (uint32_t j = 0; j < c->up; j++)
			if (!rcf_topo_link(t, RCF_ELEM_SWITCH, l, c->down + j,
					   RCF_ELEM_SWITCH,
					   leaves + p * c->up + j,
					   l % c->leaves))
				return -1;
	}
	for (uint32_t s = 0; s < spines; s++) {
		uint32_t p = s / c->up, j = s % c->up;

		for (uint32_t m = 0; m < c->core_up; m++)
			if (!rcf_topo_link(t, RCF_ELEM_SWITCH, leaves + s,
					   c->leaves + m, RCF_ELEM_SWITCH,
					   leaves + spines + j * c->core_up + m,
					   p))
				return -1;
	}
	return 0;
}

int rcf_kport_parse(const char *spec, struct rcf_kport *m, char *err,
		    size_t errlen)
{
	uint32_t v[2], ports;

	if (split_nums(spec + strlen("kport:"), 100000, v, 2) != 2 || v[0] < 2)
		return rcf_errf(err, errlen,
				"%s: want kport:N:K, N >= 2 nodes of K >= 1 "
				"ports",
				spec);
	if (v[1] > RCF_NODE_MAX_PORTS)
		return rcf_errf(err, errlen, "%s: K = %u ports, at most %d",
				spec, v[1], RCF_NODE_MAX_PORTS);
	if ((uint64_t)v[0] * v[1] > RCF_KPORT_MAX_PORTS)
		return rcf_errf(err, errlen,
				"%s: N*K = %llu node ports, at most %d (a "
				"three-stage Clos of %d-port crossbars)",
				spec, (unsigned long long)v[0] * v[1],
				RCF_KPORT_MAX_PORTS, RCF_SWITCH_MAX_PORTS);
	memset(m, 0, sizeof(*m));
	m->nodes = v[0];
	m->k = v[1];
	ports = v[0] * v[1];
	if (ports <= RCF_SWITCH_MAX_PORTS)
		return 0;
	/*
	 * per ~ sqrt(ports) edges of per node ports each makes the fewest
	 * switches (edges + mid ~ 2 sqrt(ports)); an edge also needs mid ==
	 * per uplinks, so per stops at half a switch and the edges, one
	 * port each on a middle switch, at a whole one.
	 */
	while (m->per * m->per < ports)
		m->per++;
	if (m->per > RCF_SWITCH_MAX_PORTS / 2)
		m->per = RCF_SWITCH_MAX_PORTS / 2;
	m->mid = m->per;
	m->edges = (ports + m->per - 1) / m->per;
	return 0;
}

/*
 * Node links first (link q for node port q), then edge e's uplink to
 * middle j (link ports + e * mid + j).
 */
int rcf_gen_kport(struct rcf_topo *t, const struct rcf_kport *m)
{
	uint32_t ports = m->nodes * m->k;

	t->shape = (struct rcf_topo_shape){RCF_SHAPE_LEVELS, 0, 0, 0};
	for (uint32_t i = 0; i < m->nodes; i++)
		if (!rcf_topo_node(t, i, m->k))
			return -1;
	if (!m->per && !rcf_topo_switch(t, 0, ports))
		return -1;
	for (uint32_t e = 0; e < m->edges; e++)
		if (!rcf_topo_switch(t, e, m->per + m->mid))
			return -1;
	for (uint32_t j = 0; j < m->mid; j++)
		if (!rcf_topo_switch(t, m->edges + j, m->edges))
			return -1;
	for (uint32_t q = 0; q < ports; q++)
		if (!rcf_topo_link(t, RCF_ELEM_NODE, q / m->k, q % m->k,
				   RCF_ELEM_SWITCH, m->per ? q / m->per : 0,
				   m->per ? q % m->per : q))
			return -1;
	for (uint32_t e = 0; e < m->edges; e++)
		for (uint32_t j = 0; j < m->mid; j++)
			if (!rcf_topo_link(t, RCF_ELEM_SWITCH, e, m->per + j,
					   RCF_ELEM_SWITCH, m->edges + j, e))
				return -1;
	return 0;
}
