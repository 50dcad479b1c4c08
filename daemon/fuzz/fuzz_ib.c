// SPDX-License-Identifier: GPL-2.0
/*
 * InfiniBand topology files (lib/topo/topo_ib_read.c rcf_ib_read), the
 * first byte choosing the format (odd: ibsim, even: ibnetdiscover): any
 * bytes are either read or refused with "FILE:LINE: reason".  What is
 * read must be a topology the kernel's model takes (what `rcfctl topo
 * import` prints loads), and when rcf_ib_write can write it back in the
 * same format, that reads again as the same topology.
 */
#include <errno.h>

#include "fuzz_file.h"
#include "obj/batch.h"
#include "topo/topo.h"
#include "topo/topo_ib.h"

/* t as a topology file, read again with the kernel's checks */
static void check_loads(const struct rcf_topo *t)
{
	struct rcf_topo u;
	char err[512] = "", *buf;
	size_t len;
	FILE *w = fz_out(&buf, &len), *f;
	int rc;

	rcf_topo_write(w, t, NULL);
	f = fz_back(w, &buf, &len);
	rcf_topo_init(&u);
	rc = rcf_topo_read(f, FZ_NAME, &u, err, sizeof(err));
	fclose(f);
	FZ_ASSERT(rc != -1, "an imported fabric is refused: %s\n%s", err, buf);
	rcf_topo_free(&u);
	free(buf);
}

/*
 * The export names an element without a GUID or description with ones
 * it makes up (Documentation/infiniband.rst); the import then reads
 * them as the element's own.  Everything else must come back.
 */
static void take_made_names(struct rcf_topo *t, const struct rcf_topo *u)
{
	for (int k = RCF_K_NODE; k <= RCF_K_SWITCH; k++) {
		FZ_ASSERT(t->v[k].n == u->v[k].n,
			  "%zu elements of kind %d written, %zu read back",
			  t->v[k].n, k, u->v[k].n);
		for (size_t i = 0; i < t->v[k].n; i++) {
			struct rcf_obj *a = &t->v[k].o[i];
			const struct rcf_obj *b = &u->v[k].o[i];

			if (!a->guid)
				a->guid = b->guid;
			if (!a->desc[0])
				strcpy(a->desc, b->desc);
		}
	}
}

static void check_round_trip(struct rcf_topo *t, enum rcf_ib_format fmt)
{
	struct rcf_topo u;
	char err[512] = "", *buf;
	size_t len;
	FILE *w = fz_out(&buf, &len), *f;
	int rc;

	rc = rcf_ib_write(w, t, fmt, err, sizeof(err));
	f = fz_back(w, &buf, &len);
	if (!rc) {
		rc = rcf_ib_read(f, FZ_NAME, fmt, &u, err, sizeof(err));
		FZ_ASSERT(rc != -1, "a written file does not read back: %s\n%s",
			  err, buf);
		if (!rc) {
			rcf_topo_sort(t);
			rcf_topo_sort(&u);
			take_made_names(t, &u);
			FZ_ASSERT(rcf_topo_equal(t, &u),
				  "the fabric changed on a round trip\n%s",
				  buf);
			rcf_topo_free(&u);
		}
	}
	fclose(f);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum rcf_ib_format fmt;
	struct rcf_topo t;
	char err[512] = "";
	FILE *f;
	int rc;

	if (!size)
		return 0;
	fmt = data[0] & 1 ? RCF_IB_SIM : RCF_IB_NETDISCOVER;
	f = fz_open(data + 1, size - 1);
	rc = rcf_ib_read(f, FZ_NAME, fmt, &t, err, sizeof(err));
	fclose(f);
	if (rc == -ENOMEM)
		return 0;
	if (rc) {
		fz_check_err(err);
		return 0;
	}
	check_loads(&t);
	check_round_trip(&t, fmt);
	rcf_topo_free(&t);
	return 0;
}
