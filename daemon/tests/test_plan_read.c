// SPDX-License-Identifier: GPL-2.0
/*
 * rcf_plan_read(): a topology file's routes walked as they are read, in
 * pieces of whole sources, give the figures and the verdict of the set
 * read whole and checked (rcf_plan_check()); a file it cannot read so
 * is handed back (RCF_TOPO_AGAIN), and a line that does not parse is
 * refused at its line.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "route/plan.h"
#include "route/route_fmt.h"
#include "topo/topo_gen.h"
#include "topo/topo_read.h"
#include "route_util.h"

/* the fabric of spec, its sp1 routes, then tail, as one file's text */
static char *file_of(const char *spec, const char *tail,
		     struct rcf_route_plan *whole)
{
	struct rcf_graph *g = graph_of(spec);
	struct rcf_topo t;
	char err[256], *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int ok = f && !rcf_topo_generate(spec, &t, err, sizeof(err));

	rcf_plan_init(whole);
	if (ok) {
		rcf_topo_write(f, &t, NULL);
		rcf_topo_free(&t);
		ok = !compute(g, algo("sp1"), &whole->new) &&
		     !rcf_plan_check(whole, g, err, sizeof(err)) &&
		     !rcf_routes_print(f, &whole->new);
		fputs(tail, f);
	}
	if (f)
		fclose(f);
	graph_put(g);
	if (!ok) {
		free(text);
		return NULL;
	}
	return text;
}

static int read_text(const char *text, struct rcf_graph *g,
		     struct rcf_route_plan *p, char *err, size_t errlen)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc;

	if (!f)
		return -100;
	rcf_plan_init(p);
	err[0] = '\0';
	rc = rcf_plan_read(f, "t", g, p, err, errlen);
	fclose(f);
	return rc;
}

static int same_result(const struct rcf_cdg_result *a,
		       const struct rcf_cdg_result *b)
{
	return a->acyclic == b->acyclic && a->channels == b->channels &&
	       a->deps == b->deps && a->ncycle == b->ncycle;
}

/* 65280 routes: 16 pieces of 16 sources' routes, 4080 to a piece */
static void test_same(void)
{
	struct rcf_route_plan whole, p;
	struct rcf_graph g;
	char err[256];
	char *text = file_of("fattree:16:2", "", &whole);
	int rc = text ? read_text(text, &g, &p, err, sizeof(err)) : -100;

	tap_ok(!rc && p.st.routes == 65280 &&
		       !memcmp(&p.st, &whole.st, sizeof(p.st)) &&
		       same_result(&p.cdg, &whole.cdg) && p.new.n == 0,
	       "read as they come: the figures and verdict of the whole set, "
	       "no route held");
	if (!rc)
		rcf_graph_free(&g);
	rcf_plan_free(&p);
	rcf_plan_free(&whole);
	free(text);
}

/*
 * The file of spec and tail: rcf_plan_read() returns want, and err has
 * err_has, or (NULL) the file's last line as "t:LINE:".
 */
static void test_tail(const char *spec, const char *tail, int want,
		      const char *err_has, const char *name)
{
	struct rcf_route_plan whole, p;
	struct rcf_graph g;
	char err[256], at[32];
	char *text = file_of(spec, tail, &whole);
	int rc = text ? read_text(text, &g, &p, err, sizeof(err)) : -100;
	int lines = 0;

	for (const char *c = text; c && *c; c++)
		lines += *c == '\n';
	snprintf(at, sizeof(at), "t:%d:", lines);
	if (!err_has)
		err_has = at;

	if (rc != want || !strstr(err, err_has))
		printf("# %s: %d \"%s\"\n", name, rc, err);
	tap_ok(rc == want && strstr(err, err_has), name);
	if (!rc)
		rcf_graph_free(&g);
	rcf_plan_free(&p);
	rcf_plan_free(&whole);
	free(text);
}

int main(void)
{
	tap_plan(6);
	test_same();
	test_tail("fattree:8:2", "", 0, "",
		  "a file of routes after the fabric is read so");
	test_tail("fattree:8:2", "node add id 64 ports 1\n", RCF_TOPO_AGAIN, "",
		  "an element after the routes: read again whole");
	/* past the first piece: the pieces before it are gone */
	test_tail("fattree:16:2", "route add src 0 dst 1 index 1 hops 0 1\n",
		  RCF_TOPO_AGAIN, "",
		  "a route of an earlier source last: read again whole");
	test_tail("fattree:8:2", "route add src 63 dst 0 index 1 hops 0 31\n",
		  RCF_TOPO_AGAIN, "",
		  "a route that does not walk: read again whole");
	test_tail("fattree:8:2", "route add src 63 dst 0 index x\n", -1, NULL,
		  "a line that does not parse: refused at FILE:LINE");
	return tap_done();
}
