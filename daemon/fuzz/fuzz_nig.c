// SPDX-License-Identifier: GPL-2.0
/*
 * NIG files (lib/route/nig.h rcf_nig_read), as rcfctl route, rcfctl traffic,
 * rcfsim and rcfd read them: any bytes are read or refused with
 * "FILE:LINE: reason".  What is read has node ids the kernel takes, no
 * self arc, one arc a pair in (src, dst) order, flows 1 to the limit;
 * written out it reads back the same.  rcfctl traffic's reader takes
 * the same bytes the same way.
 */
#include <linux/rcf.h>

#include "fuzz_file.h"
#include "route/nig.h"
#include "traffic/traffic_req.h"

static void check(const struct rcf_nig *g)
{
	for (size_t i = 0; i < g->n; i++) {
		const struct rcf_nig_arc *a = &g->a[i];

		FZ_ASSERT(a->src < RCF_MAX_NODES && a->dst < RCF_MAX_NODES &&
				  a->src != a->dst,
			  "arc %u -> %u", a->src, a->dst);
		FZ_ASSERT(a->flow >= 1 && a->flow <= RCF_NIG_MAX_FLOW,
			  "flow %u", a->flow);
		FZ_ASSERT(!i || a->src > g->a[i - 1].src ||
				  (a->src == g->a[i - 1].src &&
				   a->dst > g->a[i - 1].dst),
			  "arcs not sorted and merged at %zu", i);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rcf_traffic_req r;
	struct rcf_nig g, h;
	char err[512] = "", err2[512] = "";
	char *buf = NULL;
	size_t len = 0;
	FILE *f = fz_open(data, size), *w;
	int rc, rc2;

	rc = rcf_nig_read(f, FZ_NAME, &g, err, sizeof(err));
	fclose(f);
	memset(&r, 0, sizeof(r));
	f = fz_open(data, size);
	rc2 = rcf_traffic_read_nig(f, FZ_NAME, &r, err2, sizeof(err2));
	fclose(f);
	FZ_ASSERT(!rc || rc2, "rcfctl traffic took a NIG rcfctl route refused");
	if (!rc2)
		FZ_ASSERT(r.narcs == g.n && r.narcs <= RCF_TRAFFIC_MAX_ARCS,
			  "traffic read %u arcs of %zu", r.narcs, g.n);
	else
		fz_check_err(err2);
	rcf_traffic_req_free(&r);
	if (rc) {
		fz_check_err(err);
		FZ_ASSERT(!g.n && !g.a, "a refused NIG kept arcs");
		return 0;
	}
	check(&g);
	w = fz_out(&buf, &len);
	rcf_nig_write(w, &g);
	f = fz_back(w, &buf, &len);
	rc = rcf_nig_read(f, FZ_NAME, &h, err, sizeof(err));
	fclose(f);
	FZ_ASSERT(!rc && h.n == g.n, "written NIG does not read back: %s", err);
	for (size_t i = 0; i < g.n; i++)
		FZ_ASSERT(g.a[i].src == h.a[i].src &&
				  g.a[i].dst == h.a[i].dst &&
				  g.a[i].flow == h.a[i].flow,
			  "arc %zu changed on a round trip", i);
	rcf_nig_free(&g);
	rcf_nig_free(&h);
	free(buf);
	return 0;
}
