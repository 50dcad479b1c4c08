// SPDX-License-Identifier: GPL-2.0
/*
 * Topology files (lib/obj/batch.h rcf_topo_read): any bytes are either read
 * or refused with "FILE:LINE: reason"; a topology read is written back
 * and must read again as the same topology.
 */
#include "obj/batch.h"
#include "fuzz_file.h"
#include "topo/topo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rcf_topo t, u;
	char err[512] = "", err2[512] = "";
	char *buf;
	size_t len;
	FILE *f = fz_open(data, size), *w;
	int rc;

	rcf_topo_init(&t);
	rc = rcf_topo_read(f, FZ_NAME, &t, err, sizeof(err));
	fclose(f);
	if (rc) {
		fz_check_err(err);
		rcf_topo_free(&t);
		return 0;
	}
	w = fz_out(&buf, &len);
	rcf_topo_write(w, &t, NULL);
	f = fz_back(w, &buf, &len);
	rcf_topo_init(&u);
	rc = rcf_topo_read(f, FZ_NAME, &u, err2, sizeof(err2));
	fclose(f);
	FZ_ASSERT(!rc, "written topology does not read back: %s\n%s", err2,
		  buf);
	rcf_topo_sort(&t);
	rcf_topo_sort(&u);
	FZ_ASSERT(rcf_topo_equal(&t, &u), "topology changed on a round trip");
	rcf_topo_free(&t);
	rcf_topo_free(&u);
	free(buf);
	return 0;
}
