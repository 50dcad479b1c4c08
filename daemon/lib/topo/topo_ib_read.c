// SPDX-License-Identifier: GPL-2.0
/*
 * Reading ibnetdiscover output and ibsim net files.  Both are records of
 * a header line (Switch|Ca|Hca PORTS "ID") and one line per connected
 * port ([P] "PEER-ID"[Q]); ibnetdiscover adds GUID lines before a header
 * and the NodeDescription in a comment after it.  A link may be listed
 * from one end only (ibsim allows it) but both ends must agree.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "topo/topo_ib.h"
#include "util/errf.h"
#include "util/lines.h"
#include "util/grow.h"

#define ID_MAX 128

struct elem {
	int sw;
	uint32_t ports, rid; /* rid: node or switch id, in file order */
	char id[ID_MAX];
	char desc[RCF_DESC_MAX + 1];
	uint64_t guid;
	int line;
};

struct pline {
	uint32_t e, p, rp;
	char peer[ID_MAX];
	int line;
};

/* what a port leads to: elem index + 1 (0: nothing), port, line */
struct peer {
	uint32_t e1, p;
	int line;
};

struct rd {
	const char *name;
	enum rcf_ib_format fmt;
	struct elem *el;
	size_t nel, elcap;
	struct pline *pl;
	size_t npl, plcap;
	uint64_t pending_guid;
	uint32_t nodes, switches;
	char *err;
	size_t errlen;
	int line;
};

__attribute__((format(printf, 2, 3))) static int bad(struct rd *r,
						     const char *fmt, ...)
{
	char why[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return rcf_errf(r->err, r->errlen, "%s:%d: %s", r->name, r->line, why);
}

static void skip(const char **p)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
}

/* "TEXT" into buf; IB names hold no quotes, so none are escaped */
static int quoted(const char **p, char *buf, size_t len)
{
	const char *end;

	if (**p != '"')
		return -1;
	end = strchr(*p + 1, '"');
	if (!end || (size_t)(end - *p - 1) >= len)
		return -1;
	memcpy(buf, *p + 1, end - *p - 1);
	buf[end - *p - 1] = '\0';
	*p = end + 1;
	return 0;
}

static int bracket(const char **p, uint32_t *v)
{
	char *end;
	unsigned long n;

	if (**p != '[' || (*p)[1] < '0' || (*p)[1] > '9')
		return -1;
	n = strtoul(*p + 1, &end, 10);
	if (*end != ']' || n > 255)
		return -1;
	*v = (uint32_t)n;
	*p = end + 1;
	return 0;
}

/* an optional "(PORTGUID)" after a port */
static int port_guid(const char **p)
{
	const char *end;

	if (**p != '(')
		return 0;
	end = strchr(*p, ')');
	if (!end)
		return -1;
	*p = end + 1;
	return 0;
}

/* the rest of a line: blanks, ibsim's KEY=VALUE words, then a comment */
static int tail(const char **p)
{
	for (;;) {
		skip(p);
		if (!**p || **p == '#')
			return 0;
		if (!strchr(*p, '=') || **p == '=')
			return -1;
		while (**p && **p != ' ' && **p != '\t')
			(*p)++;
	}
}

static int guid_of(const char *s, uint64_t *g)
{
	char *end;

	errno = 0;
	*g = strtoull(s, &end, 16);
	return errno || end == s || (*end && *end != '(') || !*g ? -1 : 0;
}

static int header(struct rd *r, const char *p)
{
	struct elem *e;
	char *end;
	unsigned long ports;
	uint64_t guid;
	int sw = !strncmp(p, "Switch", 6);

	if (!strncmp(p, "Rt", 2))
		return bad(r, "routers (Rt) have no rcf equivalent");
	p += sw ? 6 : p[0] == 'C' ? 2 : 3;
	skip(&p);
	ports = strtoul(p, &end, 10);
	if (end == p)
		return bad(r, "%s header needs a port count",
			   sw ? "Switch" : "Ca");
	p = end;
	skip(&p);
	e = rcf_grow(r->el, r->nel, &r->elcap, sizeof(*e), 64);
	if (!e)
		return -ENOMEM;
	r->el = e;
	e = &r->el[r->nel];
	memset(e, 0, sizeof(*e));
	if (quoted(&p, e->id, sizeof(e->id)))
		return bad(r, "want a quoted node id of 1-%d characters",
			   ID_MAX - 1);
	skip(&p);
	if (*p && *p != '#')
		return bad(r, "unexpected \"%s\" after the node id", p);
	if (*p == '#') {
		const char *q = strchr(p, '"');

		if (q && quoted(&q, e->desc, sizeof(e->desc)))
			return bad(r,
				   "NodeDescription not closed or longer than "
				   "%d bytes",
				   RCF_DESC_MAX);
	}
	e->sw = sw;
	e->ports = (uint32_t)ports;
	e->line = r->line;
	if (sw && (ports < 2 || ports > RCF_SWITCH_MAX_PORTS))
		return bad(r,
			   "switch \"%s\" has %lu ports; rcf switches have "
			   "2 to %d",
			   e->id, ports, RCF_SWITCH_MAX_PORTS);
	if (!sw && (ports < 1 || ports > RCF_NODE_MAX_PORTS))
		return bad(r,
			   "adapter \"%s\" has %lu ports; rcf nodes have 1 "
			   "to %d",
			   e->id, ports, RCF_NODE_MAX_PORTS);
	if ((sw ? r->switches : r->nodes) ==
	    (sw ? RCF_MAX_SWITCHES : RCF_MAX_NODES))
		return bad(r, "more than %d %s",
			   sw ? RCF_MAX_SWITCHES : RCF_MAX_NODES,
			   sw ? "switches" : "adapters");
	e->rid = sw ? r->switches++ : r->nodes++;
	e->guid = r->pending_guid;
	r->pending_guid = 0;
	/* ibnetdiscover's ids are S-GUID and H-GUID; others are names */
	if ((e->id[0] == 'S' || e->id[0] == 'H') && e->id[1] == '-' &&
	    !guid_of(e->id + 2, &guid)) {
		e->guid = e->guid ? e->guid : guid;
	} else if (!e->desc[0] && r->fmt == RCF_IB_SIM) {
		if (strlen(e->id) > RCF_DESC_MAX)
			return bad(r,
				   "node id \"%s\" is a name of more than %d "
				   "bytes",
				   e->id, RCF_DESC_MAX);
		snprintf(e->desc, sizeof(e->desc), "%s", e->id);
	}
	/* what rcfctl topo import prints must load as a topology file */
	if (e->desc[0] && !rcf_desc_ok(e->desc))
		return bad(r, "the node description has a control "
			      "character (a tab, say); rcf takes printable "
			      "ones only");
	r->nel++;
	return 0;
}

static int port_line(struct rd *r, const char *p)
{
	struct pline *l;

	if (!r->nel)
		return bad(r, "port line before any Switch or Ca line");
	l = rcf_grow(r->pl, r->npl, &r->plcap, sizeof(*l), 64);
	if (!l)
		return -ENOMEM;
	r->pl = l;
	l = &r->pl[r->npl];
	l->e = r->nel - 1;
	l->line = r->line;
	if (bracket(&p, &l->p) || port_guid(&p))
		return bad(r, "want [PORT] at the start");
	skip(&p);
	if (quoted(&p, l->peer, sizeof(l->peer)) || bracket(&p, &l->rp) ||
	    port_guid(&p) || tail(&p))
		return bad(r, "want [PORT] \"PEER\"[PORT], then a comment");
	if (l->p < 1 || l->p > r->el[l->e].ports)
		return bad(r, "port %u beyond \"%s\"'s %u ports", l->p,
			   r->el[l->e].id, r->el[l->e].ports);
	r->npl++;
	return 0;
}

static int key_line(struct rd *r, const char *p)
{
	static const char *const keys[] = {
		"vendid=",     "devid=",  "sysimgguid=",
		"switchguid=", "caguid=", "rtguid="};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		size_t n = strlen(keys[i]);

		if (strncmp(p, keys[i], n))
			continue;
		if (i >= 3 && guid_of(p + n, &r->pending_guid))
			return bad(r, "bad GUID in \"%s\"", p);
		return 0;
	}
	return bad(r, "unknown line \"%s\"", p);
}

static int line(struct rd *r, char *s)
{
	const char *p = s;

	skip(&p);
	if (!*p || *p == '#')
		return 0;
	if (*p == '[')
		return port_line(r, p);
	if (!strncmp(p, "Switch", 6) || !strncmp(p, "Ca", 2) ||
	    !strncmp(p, "Hca", 3) || !strncmp(p, "Rt", 2)) {
		char c = p[!strncmp(p, "Switch", 6) ? 6 : p[0] == 'H' ? 3 : 2];

		if (c == ' ' || c == '\t')
			return header(r, p);
	}
	if (!strncmp(p, "include", 7) || !strncmp(p, "do", 2))
		return bad(r, "ibsim's include and do lines are not read");
	if (!strcmp(p, "Non-Chassis Nodes") || !strncmp(p, "Chassis", 7))
		return 0;
	return key_line(r, p);
}

/* qsort has no argument for the array the indices point into */
static const struct elem *sort_base;

static int by_id(const void *a, const void *b)
{
	return strcmp(sort_base[*(const uint32_t *)a].id,
		      sort_base[*(const uint32_t *)b].id);
}

static int find(const struct rd *r, const uint32_t *order, const char *id)
{
	size_t lo = 0, hi = r->nel;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(r->el[order[mid]].id, id);

		if (!c)
			return (int)order[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* peers[e * 33 + p]: each port listed, both ends agreeing */
static int resolve(struct rd *r, const uint32_t *order, struct peer *peers)
{
	for (size_t i = 0; i < r->npl; i++) {
		const struct pline *l = &r->pl[i];
		int o = find(r, order, l->peer);
		struct peer *mine = &peers[l->e * 33 + l->p], *theirs;

		r->line = l->line;
		if (o < 0)
			return bad(r, "link to unknown node \"%s\"", l->peer);
		if (l->rp < 1 || l->rp > r->el[o].ports)
			return bad(r, "\"%s\" has no port %u", l->peer, l->rp);
		if ((uint32_t)o == l->e && l->p == l->rp)
			return bad(r, "port %u linked to itself", l->p);
		theirs = &peers[o * 33 + l->rp];
		if (mine->line)
			return bad(r, "port %u listed twice", l->p);
		if (mine->e1 &&
		    (mine->e1 != (uint32_t)o + 1 || mine->p != l->rp))
			return bad(r, "port %u: its peer lists another port",
				   l->p);
		if (theirs->e1 && (theirs->e1 != l->e + 1 || theirs->p != l->p))
			return bad(r,
				   "\"%s\" port %u is listed with another "
				   "peer",
				   l->peer, l->rp);
		*mine = (struct peer){(uint32_t)o + 1, l->rp, l->line};
		theirs->e1 = l->e + 1;
		theirs->p = l->p;
	}
	return 0;
}

static int build(struct rd *r, const struct peer *peers, struct rcf_topo *t)
{
	size_t links = 0;

	for (int sw = 0; sw < 2; sw++) {
		for (size_t i = 0; i < r->nel; i++) {
			const struct elem *e = &r->el[i];
			struct rcf_obj *o;

			if (e->sw != sw)
				continue;
			o = sw ? rcf_topo_switch(t, e->rid, e->ports)
			       : rcf_topo_node(t, e->rid, e->ports);
			if (!o)
				return -ENOMEM;
			strcpy(o->desc, e->desc);
			o->guid = e->guid;
		}
	}
	/* nodes before switches, then by id and port: links by lower end */
	for (int sw = 0; sw < 2; sw++) {
		for (size_t i = 0; i < r->nel; i++) {
			const struct elem *e = &r->el[i];

			for (uint32_t p = 1; e->sw == sw && p <= e->ports;
			     p++) {
				const struct peer *q = &peers[i * 33 + p];
				const struct elem *o = &r->el[q->e1 - 1];

				if (!q->e1 || o->sw < sw ||
				    (o->sw == sw &&
				     (o->rid < e->rid ||
				      (o->rid == e->rid && q->p < p))))
					continue;
				if (++links > RCF_MAX_LINKS)
					return rcf_errf(
						r->err, r->errlen,
						"%s: more than %d links",
						r->name, RCF_MAX_LINKS);
				if (!rcf_topo_link(t,
						   sw ? RCF_ELEM_SWITCH
						      : RCF_ELEM_NODE,
						   e->rid, p - 1,
						   o->sw ? RCF_ELEM_SWITCH
							 : RCF_ELEM_NODE,
						   o->rid, q->p - 1))
					return -ENOMEM;
			}
		}
	}
	return 0;
}

static int check_ids(struct rd *r, const uint32_t *order)
{
	for (size_t i = 1; i < r->nel; i++) {
		const struct elem *a = &r->el[order[i - 1]],
				  *b = &r->el[order[i]];

		if (!strcmp(a->id, b->id)) {
			r->line = a->line > b->line ? a->line : b->line;
			return bad(r, "node id \"%s\" given twice (line %d)",
				   a->id,
				   a->line < b->line ? a->line : b->line);
		}
	}
	return 0;
}

int rcf_ib_read(FILE *f, const char *name, enum rcf_ib_format fmt,
		struct rcf_topo *t, char *err, size_t errlen)
{
	struct rd r = {.name = name, .fmt = fmt, .err = err, .errlen = errlen};
	struct rcf_lines lines;
	struct peer *peers = NULL;
	uint32_t *order = NULL;
	char *s;
	int rc;

	rcf_topo_init(t);
	rcf_lines_init(&lines, f, name);
	while ((rc = rcf_lines_next(&lines, &s, err, errlen)) > 0) {
		r.line = (int)lines.lineno;
		rc = line(&r, s);
		if (rc)
			break;
	}
	rcf_lines_free(&lines);
	if (rc)
		goto out;
	order = malloc((r.nel + 1) * sizeof(*order));
	peers = calloc(r.nel * 33 + 1, sizeof(*peers));
	rc = -ENOMEM;
	if (!order || !peers)
		goto out;
	for (size_t i = 0; i < r.nel; i++)
		order[i] = (uint32_t)i;
	sort_base = r.el;
	qsort(order, r.nel, sizeof(*order), by_id);
	rc = check_ids(&r, order);
	if (!rc)
		rc = resolve(&r, order, peers);
	if (!rc)
		rc = build(&r, peers, t);
out:
	if (rc == -ENOMEM)
		rcf_errf(err, errlen, "%s: out of memory", name);
	if (rc)
		rcf_topo_free(t);
	free(order);
	free(peers);
	free(r.el);
	free(r.pl);
	return rc;
}
