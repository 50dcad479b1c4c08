// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl relation install | show | del: routing relations for
 * destination-routed packets (Documentation/adaptive.rst).  A relation
 * is computed here for the generator the fabric was built from, checked
 * by Duato's condition before anything is sent, and installed with the
 * selection as one batch, so one epoch.
 */
#include <stdlib.h>
#include <string.h>

#include "nl/nl_rel.h"
#include "out/json.h"
#include "route/relation_plan.h"

#include "rcfctl.h"

static const char *const select_names[] = {"first", "least", "random"};
static const char *const routing_names[] = {"source", "relation"};

/* The kernel's refusal of what; nothing else names an object here. */
static int refused(const struct ctl *c, const char *what)
{
	char why[512];

	if (rcf_nl_epoch_error(&c->nl, why, sizeof(why)))
		rcf_nl_error_str(&c->nl.e, why, sizeof(why));
	fprintf(stderr, "rcfctl: relation %s: %s\n", what, why);
	return RCFCTL_ERR;
}

static int word_index(const char *w, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(w, names[i]))
			return i;
	return -1;
}

struct rel_args {
	const char *relation, *gen;
	int select, routing;
};

/*
 * The kernel's nodes, switches and links into t, or -1 (an error
 * printed); the links down are read from it as rcfd reads them.
 */
static int read_fabric(struct ctl *c, struct rcf_topo *t)
{
	static const enum rcf_kind kinds[] = {RCF_K_NODE, RCF_K_SWITCH,
					      RCF_K_LINK};

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (rcf_nl_dump(&c->nl, kinds[i], NULL, rcf_topo_collect, t)) {
			struct rcf_obj o;

			rcf_obj_init(&o, kinds[i]);
			kernel_error(c, "reading the fabric", &o);
			return -1;
		}
	return 0;
}

static int install(struct ctl *c, const struct rel_args *a)
{
	struct rcf_relation_plan p;
	struct rcf_topo t;
	uint32_t *down = NULL;
	size_t ndown = 0;
	long ksw, knodes;
	char err[1024];
	int rc;

	if (ctl_connect(c))
		return RCFCTL_ERR;
	rcf_topo_init(&t);
	rc = read_fabric(c, &t);
	if (!rc && rcf_relation_downs(&t, &down, &ndown)) {
		fprintf(stderr, "rcfctl: relation install: out of memory\n");
		rc = -1;
	}
	ksw = (long)t.v[RCF_K_SWITCH].n;
	knodes = (long)t.v[RCF_K_NODE].n;
	rcf_topo_free(&t);
	if (rc)
		return RCFCTL_ERR;
	rc = rcf_relation_plan_make(a->relation, a->gen, down, ndown, &p, err,
				    sizeof(err));
	free(down);
	if (rc)
		return usage_error("%s", err);
	if (ksw != p.nsw || knodes != p.nnodes) {
		rcf_relation_plan_free(&p);
		return usage_error("relation: the fabric has %ld switches and "
				   "%ld nodes, %s has %ld and %ld",
				   ksw, knodes, a->gen, p.nsw, p.nnodes);
	}
	rc = rcf_nl_rel_install(&c->nl, &p.r, a->select, a->routing);
	if (!rc && !c->json) {
		printf("relation %s: %zu entries on %ld switches, %d VCs, "
		       "select %s, routing %s",
		       a->relation, p.r.n, p.nsw, p.r.vcs,
		       select_names[a->select < 0 ? 0 : a->select],
		       routing_names[a->routing]);
		if (p.down)
			printf(", up-down around %zu links down", p.down);
		printf("\n");
	}
	rcf_relation_plan_free(&p);
	return rc ? refused(c, "install") : RCFCTL_OK;
}

static void show_text(const struct rcf_relation *r)
{
	for (size_t i = 0; i < r->n; i++) {
		const struct rcf_relation_ent *e = &r->ent[i];

		printf("switch %u dst %u:", e->sw, e->dst);
		for (int k = 0; k < e->n; k++) {
			/* "/=": on the VC the packet came in on */
			if (e->keep[k])
				printf(" %u/=", RCF_HOP_PORT(e->hop[k]));
			else
				printf(" %u/%u", RCF_HOP_PORT(e->hop[k]),
				       RCF_HOP_VC(e->hop[k]));
			printf("%s",
			       e->cls[k] == RCF_RELATION_ESCAPE ? "e" : "");
			if (e->in[k])
				printf("<%#x", e->in[k]);
			if (e->vin[k])
				printf("@%#x", e->vin[k]);
		}
		printf("\n");
	}
}

static void show_json(const struct ctl *c, const struct rcf_relation *r)
{
	struct rcf_json j;

	rcf_json_init(&j, stdout, c->pretty);
	rcf_json_arr_open(&j, NULL);
	for (size_t i = 0; i < r->n; i++) {
		const struct rcf_relation_ent *e = &r->ent[i];

		rcf_json_obj_open(&j, NULL);
		rcf_json_u64(&j, "switch", e->sw);
		rcf_json_u64(&j, "dst", e->dst);
		rcf_json_arr_open(&j, "candidates");
		for (int k = 0; k < e->n; k++) {
			rcf_json_obj_open(&j, NULL);
			rcf_json_u64(&j, "port", RCF_HOP_PORT(e->hop[k]));
			rcf_json_u64(&j, "vc", RCF_HOP_VC(e->hop[k]));
			rcf_json_bool(&j, "escape",
				      e->cls[k] == RCF_RELATION_ESCAPE);
			/* absent: from every input port */
			if (e->in[k])
				rcf_json_u64(&j, "in", e->in[k]);
			/* absent: on every input VC; the hop's VC */
			if (e->vin[k])
				rcf_json_u64(&j, "vin", e->vin[k]);
			if (e->keep[k])
				rcf_json_bool(&j, "keep", 1);
			rcf_json_obj_close(&j);
		}
		rcf_json_arr_close(&j);
		rcf_json_obj_close(&j);
	}
	rcf_json_arr_close(&j);
	rcf_json_end(&j);
}

static int show(struct ctl *c)
{
	struct rcf_relation r;

	if (ctl_connect(c))
		return RCFCTL_ERR;
	if (rcf_nl_rel_dump(&c->nl, &r))
		return refused(c, "show");
	if (c->json)
		show_json(c, &r);
	else
		show_text(&r);
	rcf_relation_free(&r);
	return RCFCTL_OK;
}

void help_relation(FILE *f)
{
	fputs("Usage: rcfctl relation install --relation R --gen GEN\n"
	      "                [--select first|least|random]\n"
	      "                [--routing relation|source]\n"
	      "       rcfctl [-j] relation show\n"
	      "       rcfctl relation del\n"
	      "R := dor | duato (the base torus of prdt: and rdt: fabrics) |\n"
	      "     rdt-vector | da | db | north-last | north-last-wrap\n"
	      "     (prdt:S:n:R fabrics; rdt-vector on rdt:S:n:R:m too)\n"
	      "install computes R for GEN, the generator the fabric was\n"
	      "built from (rcfctl topo apply GEN), refuses it unless it meets\n"
	      "Duato's condition, and replaces every switch's relation with\n"
	      "it in one epoch, with the selection (default: as it is) and\n"
	      "the routing (default relation: every packet\n"
	      "destination-routed).  The links need the VCs R uses (rcfctl\n"
	      "link set ID vcs N).  show prints each switch's candidates as\n"
	      "PORT/VC, an escape one marked e, one with an input mask\n"
	      "followed by <MASK; del removes every relation\n"
	      "and goes back to source routes.  With links between\n"
	      "switches down (rcfctl link set ID state down), R is made\n"
	      "its up-down form on the fabric without them (adaptive\n"
	      "candidates on VCs 1 and up, an up-down escape on VC 0), as\n"
	      "rcfsim --fail does.\n",
	      f);
}

static int parse_install(int argc, char **argv, struct rel_args *a)
{
	for (int i = 0; i < argc; i++) {
		const char *w = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!v)
			return usage_error("relation install: %s needs a "
					   "value",
					   w);
		i++;
		if (!strcmp(w, "--relation")) {
			a->relation = v;
		} else if (!strcmp(w, "--gen")) {
			a->gen = v;
		} else if (!strcmp(w, "--select")) {
			a->select = word_index(v, select_names, 3);
			if (a->select < 0)
				return usage_error("--select: '%s' is not "
						   "first, least or random",
						   v);
		} else if (!strcmp(w, "--routing")) {
			a->routing = word_index(v, routing_names, 2);
			if (a->routing < 0)
				return usage_error("--routing: '%s' is not "
						   "relation or source",
						   v);
		} else {
			return usage_error("relation install: unknown "
					   "option \"%s\"",
					   w);
		}
	}
	if (!a->relation || !a->gen)
		return usage_error("relation install needs --relation R and "
				   "--gen GEN");
	return 0;
}

int cmd_relation(struct ctl *c, int argc, char **argv)
{
	struct rel_args a = {.select = -1, .routing = RCF_ROUTING_RELATION};
	int rc;

	if (!argc) {
		help_relation(stderr);
		return RCFCTL_USAGE;
	}
	if (!strcmp(argv[0], "help")) {
		help_relation(stdout);
		return RCFCTL_OK;
	}
	if (!strcmp(argv[0], "install")) {
		rc = parse_install(argc - 1, argv + 1, &a);
		return rc ? rc : install(c, &a);
	}
	if (argc > 1)
		return usage_error("relation %s: \"%s\" is extra", argv[0],
				   argv[1]);
	if (!strcmp(argv[0], "show"))
		return show(c);
	if (!strcmp(argv[0], "del")) {
		if (ctl_connect(c))
			return RCFCTL_ERR;
		if (rcf_nl_rel_del(&c->nl))
			return refused(c, "del");
		return RCFCTL_OK;
	}
	return usage_error("relation: '%s' is not install, show or del",
			   argv[0]);
}
