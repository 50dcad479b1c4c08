// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl topo draw: an SVG of a generator's fabric, a topology file or
 * the live fabric, its links coloured by measured load.  The drawing is
 * lib/draw/'s; here are the sources of fabric and load.
 */
#include <errno.h>
#include <string.h>

#include "draw/draw.h"
#include "nl/nl_stats.h"
#include "obj/batch.h"
#include "rcfctl.h"

struct draw_args {
	const char *gen, *topo, *shape, *load, *out, *title;
	int live_load, how;
};

static int draw_usage(void)
{
	return usage_error("usage: rcfctl topo draw [GEN | --topo FILE] "
			   "[--shape GEN] [--layout auto|circle|neato|sfdp] "
			   "[--load FILE | --live-load] [--title T] "
			   "[-o FILE]; try rcfctl topo help");
}

static int parse(int argc, char **argv, struct draw_args *a)
{
	memset(a, 0, sizeof(*a));
	a->out = "-";
	for (int i = 0; i < argc; i++) {
		const char *w = argv[i], **val = NULL;

		if (!strcmp(w, "--topo"))
			val = &a->topo;
		else if (!strcmp(w, "--shape"))
			val = &a->shape;
		else if (!strcmp(w, "--load"))
			val = &a->load;
		else if (!strcmp(w, "-o") || !strcmp(w, "--output"))
			val = &a->out;
		else if (!strcmp(w, "--title"))
			val = &a->title;
		if (val) {
			if (++i == argc)
				return usage_error("topo draw: %s needs a "
						   "value",
						   w);
			*val = argv[i];
		} else if (!strcmp(w, "--layout")) {
			if (++i == argc ||
			    (a->how = rcf_layout_parse(argv[i])) < 0)
				return usage_error("topo draw: --layout is "
						   "auto, circle, neato or "
						   "sfdp");
		} else if (!strcmp(w, "--live-load")) {
			a->live_load = 1;
		} else if (w[0] == '-' || a->gen) {
			return draw_usage();
		} else {
			a->gen = w;
		}
	}
	if ((a->gen && a->topo) || (a->load && a->live_load))
		return draw_usage();
	return 0;
}

static int get_fabric(struct ctl *c, const struct draw_args *a,
		      struct rcf_topo *t)
{
	char err[512];
	int rc;

	if (a->gen)
		return rcf_draw_generate(a->gen, t, err, sizeof(err))
			       ? usage_error("%s", err)
			       : RCFCTL_OK;
	if (!a->topo)
		return topo_dump(c, t);
	rc = rcf_topo_read_path(a->topo, t, err, sizeof(err));
	if (rc == -ENOMEM)
		return nomem_error();
	return rc ? usage_error("%s", err) : RCFCTL_OK;
}

static int get_load(struct ctl *c, const struct draw_args *a,
		    const struct rcf_topo *t, struct rcf_loads *l)
{
	const char *name = a->load;
	char err[512];
	FILE *f;
	int rc;

	if (a->live_load) {
		struct rcf_stats s;
		char why[512];

		if (ctl_connect(c))
			return RCFCTL_ERR;
		rcf_stats_init(&s);
		if (rcf_nl_stats_get(&c->nl, RCF_STATS_KIND_CHANNEL, &s)) {
			rcf_stats_free(&s);
			rcf_nl_error_str(&c->nl.e, why, sizeof(why));
			fprintf(stderr, "rcfctl: stats: %s\n", why);
			return RCFCTL_ERR;
		}
		rc = rcf_loads_from_stats(l, &s);
		rcf_stats_free(&s);
		if (rc)
			return nomem_error();
		name = "the live counters";
	} else {
		f = strcmp(a->load, "-") ? fopen(a->load, "r") : stdin;
		if (!f)
			return usage_error("%s: %s", a->load, strerror(errno));
		rc = rcf_loads_read(f, a->load, l, err, sizeof(err));
		if (f != stdin)
			fclose(f);
		if (rc)
			return usage_error("%s", err);
	}
	if (rcf_loads_check(l, t, name, err, sizeof(err)))
		return usage_error("%s", err);
	return RCFCTL_OK;
}

int topo_draw(struct ctl *c, int argc, char **argv)
{
	struct rcf_topo t, shape_of;
	struct rcf_draw_opts o = {0};
	struct rcf_loads l;
	char err[1024];
	int rc;

	struct draw_args a;

	rc = parse(argc, argv, &a);
	if (rc)
		return rc;
	rcf_topo_init(&shape_of);
	if (a.shape && rcf_draw_generate(a.shape, &shape_of, err, sizeof(err)))
		return usage_error("--shape: %s", err);
	rc = get_fabric(c, &a, &t);
	if (rc) {
		rcf_topo_free(&shape_of);
		return rc;
	}
	rcf_loads_init(&l);
	if (a.load || a.live_load) {
		rc = get_load(c, &a, &t, &l);
		o.loads = &l;
	}
	o.title = a.title  ? a.title
		  : a.gen  ? a.gen
		  : a.topo ? a.topo
			   : "the live fabric";
	if (!rc && rcf_draw_file(a.out, &t, a.shape ? &shape_of.shape : NULL,
				 a.how, &o, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: topo draw: %s\n", err);
		rc = RCFCTL_ERR;
	}
	rcf_loads_free(&l);
	rcf_topo_free(&t);
	rcf_topo_free(&shape_of);
	return rc;
}
