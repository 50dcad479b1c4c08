// SPDX-License-Identifier: GPL-2.0
/*
 * Batch files (lib/obj/batch.h rcf_batch_read): any bytes are read or
 * refused with "FILE:LINE: reason"; every operation read carries the line
 * it came from, in order.
 */
#include "obj/batch.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rcf_op *ops = NULL;
	char err[512] = "";
	size_t n = 0, lines = 1;
	FILE *f = fz_open(data, size);
	int rc;

	rc = rcf_batch_read(f, FZ_NAME, &ops, &n, err, sizeof(err));
	fclose(f);
	if (rc) {
		fz_check_err(err);
		return 0;
	}
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	for (size_t i = 0; i < n; i++) {
		FZ_ASSERT(ops[i].line >= 1 && (size_t)ops[i].line <= lines,
			  "operation %zu on line %d of %zu", i, ops[i].line,
			  lines);
		FZ_ASSERT(!i || ops[i].line > ops[i - 1].line,
			  "operations out of line order");
	}
	free(ops);
	return 0;
}
