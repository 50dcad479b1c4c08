// SPDX-License-Identifier: GPL-2.0
/*
 * What rcfctl route reads from files: a topology file with its routes
 * and a NIG, here one input split at the first "%%" line.  Both are read
 * or refused with "FILE:LINE: reason"; what is read is built into a
 * graph whose routes are walked (rcf_routes_check) and costed for the
 * NIG (rcf_nig_eval), the work rcfctl route check and eval do on them.
 * A refusal there is a reason, never a crash or a sanitizer report.
 */
#include "obj/batch.h"
#include "fuzz_file.h"
#include "route/graph.h"
#include "route/nig.h"
#include "route/route.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *sep = NULL, *nig_data = data + size;
	struct rcf_route_stats st;
	struct rcf_routes s;
	struct rcf_graph *g;
	struct rcf_topo t;
	struct rcf_nig nig;
	char err[512] = "";
	size_t topo_len = size;
	uint64_t cost;
	uint32_t flow;
	FILE *f;
	int rc;

	for (size_t i = 0; i + 2 < size; i++)
		if ((!i || data[i - 1] == '\n') && data[i] == '%' &&
		    data[i + 1] == '%' && data[i + 2] == '\n') {
			sep = data + i;
			break;
		}
	if (sep) {
		topo_len = (size_t)(sep - data);
		nig_data = sep + 3;
	}
	f = fz_open(data, topo_len);
	rc = rcf_topo_read(f, FZ_NAME, &t, err, sizeof(err));
	fclose(f);
	if (rc) {
		fz_check_err(err);
		return 0;
	}
	f = fz_open(nig_data, (size_t)(data + size - nig_data));
	rc = rcf_nig_read(f, FZ_NAME, &nig, err, sizeof(err));
	fclose(f);
	if (rc)
		fz_check_err(err);
	g = rcf_graph_new(&t, err, sizeof(err));
	if (g) {
		rcf_routes_init(&s);
		if (!rcf_routes_from_topo(&s, &t)) {
			rcf_routes_sort(&s);
			rcf_routes_check(g, &s, &st, NULL, err, sizeof(err));
			if (!rc)
				rcf_nig_eval(g, &nig, &s, 1, &cost, &flow, err,
					     sizeof(err));
		}
		rcf_routes_free(&s);
		rcf_graph_destroy(g);
	}
	if (!rc)
		rcf_nig_free(&nig);
	rcf_topo_free(&t);
	return 0;
}
