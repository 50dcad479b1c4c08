// SPDX-License-Identifier: GPL-2.0
/*
 * Writing a fabric as ibnetdiscover output or an ibsim net file.  An
 * element without a GUID gets one made from its kind and id under the
 * "rcf" prefix; one without a NodeDescription "rcf node N" or "rcf switch
 * N".  ibsim names an element by one string: its desc, else "S-GUID" or
 * "H-GUID", so every name must be unique there.
 */
#include <stdlib.h>
#include <string.h>

#include "topo/topo_ib.h"
#include "util/errf.h"

#define GUID_BASE 0x7263660000000000ULL /* "rcf" */

struct el {
	const struct rcf_obj *o;
	int sw;
	uint32_t ports, lid;
	uint64_t guid;
	char desc[RCF_DESC_MAX + 16];
	char name[RCF_DESC_MAX + 16]; /* the quoted id of the format */
	/* port p + 1's peer: element index + 1 (0: none) and IB port */
	uint32_t peer[RCF_SWITCH_MAX_PORTS], peer_port[RCF_SWITCH_MAX_PORTS];
};

struct wr {
	struct el *el;
	size_t n;
	int32_t idx[2][RCF_MAX_NODES]; /* [switch?][id] -> el index or -1 */
};

int rcf_ib_format_lookup(const char *word, enum rcf_ib_format *fmt)
{
	if (!strcmp(word, "ibnetdiscover"))
		*fmt = RCF_IB_NETDISCOVER;
	else if (!strcmp(word, "ibsim"))
		*fmt = RCF_IB_SIM;
	else
		return -1;
	return 0;
}

static void label(struct el *e, enum rcf_ib_format fmt)
{
	uint32_t id =
		(uint32_t)e->o->v[e->sw ? RCF_A_SWITCH_ID : RCF_A_NODE_ID];

	e->guid = e->o->guid ? e->o->guid
			     : GUID_BASE | (uint64_t)(e->sw + 1) << 24 | id;
	if (e->o->desc[0])
		strcpy(e->desc, e->o->desc);
	else
		snprintf(e->desc, sizeof(e->desc), "rcf %s %u",
			 e->sw ? "switch" : "node", id);
	if (fmt == RCF_IB_SIM && e->o->desc[0])
		strcpy(e->name, e->o->desc);
	else
		snprintf(e->name, sizeof(e->name), "%c-%016llx",
			 e->sw ? 'S' : 'H', (unsigned long long)e->guid);
}

static const struct el *sort_base;

static int by_name(const void *a, const void *b)
{
	const struct el *x = &sort_base[*(const uint32_t *)a],
			*y = &sort_base[*(const uint32_t *)b];
	int c = strcmp(x->name, y->name);

	return c ? c : x->guid < y->guid ? -1 : x->guid > y->guid;
}

/* unique names (and GUIDs for ibnetdiscover), no quotes inside */
static int check_names(const struct wr *w, enum rcf_ib_format fmt, char *err,
		       size_t errlen)
{
	uint32_t *order = malloc((w->n + 1) * sizeof(*order));
	int rc = 0;

	if (!order)
		return rcf_errf(err, errlen, "out of memory");
	for (size_t i = 0; i < w->n; i++) {
		order[i] = (uint32_t)i;
		if (strchr(w->el[i].desc, '"')) {
			free(order);
			return rcf_errf(err, errlen,
					"desc \"%s\" holds a double quote, "
					"which %s files cannot",
					w->el[i].desc,
					fmt == RCF_IB_SIM ? "ibsim"
							  : "ibnetdiscover");
		}
	}
	sort_base = w->el;
	qsort(order, w->n, sizeof(*order), by_name);
	for (size_t i = 1; i < w->n && !rc; i++) {
		const struct el *a = &w->el[order[i - 1]],
				*b = &w->el[order[i]];

		if (!strcmp(a->name, b->name))
			rc = rcf_errf(err, errlen,
				      "two elements are named \"%s\"; %s "
				      "needs unique names",
				      a->name,
				      fmt == RCF_IB_SIM ? "ibsim"
							: "ibnetdiscover");
	}
	free(order);
	return rc;
}

static int collect(struct wr *w, const struct rcf_topo *t,
		   enum rcf_ib_format fmt, char *err, size_t errlen)
{
	const struct rcf_objv *l = &t->v[RCF_K_LINK];
	uint32_t lid = 1;

	memset(w->idx, 0xff, sizeof(w->idx));
	w->n = t->v[RCF_K_NODE].n + t->v[RCF_K_SWITCH].n;
	w->el = calloc(w->n + 1, sizeof(*w->el));
	if (!w->el)
		return rcf_errf(err, errlen, "out of memory");
	w->n = 0;
	/* switches first, as ibnetdiscover prints them */
	for (int sw = 1; sw >= 0; sw--) {
		const struct rcf_objv *v =
			&t->v[sw ? RCF_K_SWITCH : RCF_K_NODE];
		int pa = sw ? RCF_A_SWITCH_PORTS : RCF_A_NODE_PORTS;

		for (size_t i = 0; i < v->n; i++) {
			struct el *e = &w->el[w->n];

			e->o = &v->o[i];
			e->sw = sw;
			e->ports = rcf_has(e->o, pa) ? (uint32_t)e->o->v[pa]
				   : sw		     ? 8
						     : 1;
			e->lid = lid;
			lid += sw ? 1 : e->ports;
			label(e, fmt);
			w->idx[sw]
			      [e->o->v[sw ? RCF_A_SWITCH_ID : RCF_A_NODE_ID]] =
				(int32_t)w->n;
			w->n++;
		}
	}
	for (size_t i = 0; i < l->n; i++) {
		const struct rcf_end *end = l->o[i].end;
		int32_t a = w->idx[end[0].kind == RCF_ELEM_SWITCH][end[0].id],
			b = w->idx[end[1].kind == RCF_ELEM_SWITCH][end[1].id];

		if (a < 0 || b < 0 || end[0].port >= RCF_SWITCH_MAX_PORTS ||
		    end[1].port >= RCF_SWITCH_MAX_PORTS)
			return rcf_errf(
				err, errlen,
				"link %llu has an end on no element",
				(unsigned long long)l->o[i].v[RCF_A_LINK_ID]);
		w->el[a].peer[end[0].port] = (uint32_t)b + 1;
		w->el[a].peer_port[end[0].port] = end[1].port + 1;
		w->el[b].peer[end[1].port] = (uint32_t)a + 1;
		w->el[b].peer_port[end[1].port] = end[0].port + 1;
	}
	return check_names(w, fmt, err, errlen);
}

static void write_sim(FILE *f, const struct wr *w)
{
	fputs("# rcf fabric (rcfctl topo export --format ibsim)\n", f);
	for (size_t i = 0; i < w->n; i++) {
		const struct el *e = &w->el[i];

		fputc('\n', f);
		/*
		 * Named by its desc, the element keeps its GUID on a line of
		 * its own, and the desc in the comment as ibnetdiscover's
		 * (a desc that reads as S-GUID would otherwise come back as
		 * that GUID and no desc).
		 */
		if (e->o->guid && e->o->desc[0])
			fprintf(f, "%s=0x%llx\n",
				e->sw ? "switchguid" : "caguid",
				(unsigned long long)e->o->guid);
		fprintf(f, "%s\t%u \"%s\"", e->sw ? "Switch" : "Hca", e->ports,
			e->name);
		if (e->o->desc[0])
			fprintf(f, "\t\t# \"%s\"", e->o->desc);
		fputc('\n', f);
		for (uint32_t p = 0; p < e->ports; p++)
			if (e->peer[p])
				fprintf(f, "[%u]\t\"%s\"[%u]\n", p + 1,
					w->el[e->peer[p] - 1].name,
					e->peer_port[p]);
	}
}

static void write_nd(FILE *f, const struct wr *w)
{
	fputs("#\n# Topology file: generated by rcfctl topo export\n#\n", f);
	for (size_t i = 0; i < w->n; i++) {
		const struct el *e = &w->el[i];
		unsigned long long g = (unsigned long long)e->guid;

		fputs("\nvendid=0x0\ndevid=0x0\n", f);
		if (e->sw)
			fprintf(f,
				"switchguid=0x%llx(%llx)\nSwitch\t%u \"%s\"\t\t"
				"# \"%s\" base port 0 lid %u lmc 0\n",
				g, g, e->ports, e->name, e->desc, e->lid);
		else
			fprintf(f, "caguid=0x%llx\nCa\t%u \"%s\"\t\t# \"%s\"\n",
				g, e->ports, e->name, e->desc);
		for (uint32_t p = 0; p < e->ports; p++) {
			const struct el *o;
			uint32_t q = e->peer_port[p];

			if (!e->peer[p])
				continue;
			o = &w->el[e->peer[p] - 1];
			if (e->sw)
				fprintf(f, "[%u]\t\"%s\"[%u]", p + 1, o->name,
					q);
			else
				fprintf(f, "[%u](%llx)\t\"%s\"[%u]", p + 1,
					g + p + 1, o->name, q);
			if (!o->sw)
				fprintf(f, "(%llx)",
					(unsigned long long)o->guid + q);
			if (!e->sw)
				fprintf(f, "\t\t# lid %u lmc 0", e->lid + p);
			else
				fputs("\t\t#", f);
			fprintf(f, " \"%s\" lid %u 4xSDR\n", o->desc,
				o->sw ? o->lid : o->lid + q - 1);
		}
	}
}

int rcf_ib_write(FILE *f, const struct rcf_topo *t, enum rcf_ib_format fmt,
		 char *err, size_t errlen)
{
	struct wr *w = calloc(1, sizeof(*w));
	int rc;

	if (!w)
		return rcf_errf(err, errlen, "out of memory");
	rc = collect(w, t, fmt, err, errlen);
	if (!rc) {
		if (fmt == RCF_IB_SIM)
			write_sim(f, w);
		else
			write_nd(f, w);
	}
	free(w->el);
	free(w);
	return rc;
}
