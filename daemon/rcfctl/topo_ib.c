// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl topo import | export: InfiniBand topology files (ibnetdiscover
 * output, ibsim net files) to and from rcf topology files, offline.
 */
#include <errno.h>
#include <string.h>

#include "obj/batch.h"
#include "topo/topo_gen.h"
#include "topo/topo_ib.h"
#include "rcfctl.h"

struct ib_args {
	enum rcf_ib_format fmt;
	const char *in, *gen, *out;
	int has_fmt;
};

static int ib_args(int argc, char **argv, int import, struct ib_args *a)
{
	memset(a, 0, sizeof(*a));
	for (int i = 0; i < argc; i++) {
		const char *w = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(w, "--format") && v) {
			if (rcf_ib_format_lookup(v, &a->fmt))
				return usage_error(
					"topo %s: --format is "
					"ibnetdiscover or ibsim, not "
					"\"%s\"",
					import ? "import" : "export", v);
			a->has_fmt = 1;
		} else if ((!strcmp(w, "-o") || !strcmp(w, "--output")) && v) {
			a->out = v;
		} else if (!import && !strcmp(w, "--topo") && v) {
			a->in = v;
		} else if (!import && !strcmp(w, "--gen") && v) {
			a->gen = v;
		} else if (import && !a->in && (w[0] != '-' || !w[1])) {
			a->in = w;
			continue;
		} else {
			return -1;
		}
		i++;
	}
	if (!a->has_fmt || (import && !a->in) || (!import && !a->in == !a->gen))
		return -1;
	return 0;
}

/* opens "-" as stdin or stdout */
static FILE *open_file(const char *path, const char *mode)
{
	FILE *f = strcmp(path, "-") ? fopen(path, mode)
		  : *mode == 'r'    ? stdin
				    : stdout;

	if (!f)
		fprintf(stderr, "rcfctl: %s: %s\n", path, strerror(errno));
	return f;
}

static int close_file(FILE *f, const char *path)
{
	if (f == stdin)
		return 0;
	if (f == stdout ? fflush(f) : fclose(f)) {
		fprintf(stderr, "rcfctl: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

int topo_import(struct ctl *c, int argc, char **argv)
{
	struct ib_args a;
	struct rcf_topo t;
	char err[512], comment[300];
	FILE *f;
	int rc;

	(void)c;
	if (ib_args(argc, argv, 1, &a))
		return usage_error("usage: rcfctl topo import --format "
				   "ibnetdiscover|ibsim FILE [-o OUT]");
	f = open_file(a.in, "r");
	if (!f)
		return RCFCTL_ERR;
	rc = rcf_ib_read(f, strcmp(a.in, "-") ? a.in : "<stdin>", a.fmt, &t,
			 err, sizeof(err));
	close_file(f, a.in);
	if (rc) {
		fprintf(stderr, "rcfctl: %s\n", err);
		return rc == -ENOMEM ? RCFCTL_ERR : RCFCTL_USAGE;
	}
	f = open_file(a.out ? a.out : "-", "w");
	rc = RCFCTL_ERR;
	if (f) {
		snprintf(comment, sizeof(comment),
			 "rcf topology (rcfctl topo import --format %s %s)",
			 a.fmt == RCF_IB_SIM ? "ibsim" : "ibnetdiscover", a.in);
		rcf_topo_write(f, &t, comment);
		rc = close_file(f, a.out ? a.out : "-") ? RCFCTL_ERR
							: RCFCTL_OK;
	}
	rcf_topo_free(&t);
	return rc;
}

int topo_export(struct ctl *c, int argc, char **argv)
{
	struct ib_args a;
	struct rcf_topo t;
	char err[512];
	FILE *f;
	int rc;

	(void)c;
	if (ib_args(argc, argv, 0, &a))
		return usage_error("usage: rcfctl topo export --format "
				   "ibnetdiscover|ibsim (--topo FILE | --gen "
				   "GEN) [-o OUT]");
	if (a.gen) {
		rc = rcf_topo_generate(a.gen, &t, err, sizeof(err));
	} else {
		f = open_file(a.in, "r");
		if (!f)
			return RCFCTL_ERR;
		rc = rcf_topo_read(f, strcmp(a.in, "-") ? a.in : "<stdin>", &t,
				   err, sizeof(err));
		close_file(f, a.in);
	}
	if (rc) {
		fprintf(stderr, "rcfctl: %s\n", err);
		return rc == -ENOMEM ? RCFCTL_ERR : RCFCTL_USAGE;
	}
	rcf_topo_sort(&t);
	f = open_file(a.out ? a.out : "-", "w");
	rc = RCFCTL_ERR;
	if (f) {
		/* checked before anything is written, so a refusal leaves no
		 * half file behind on stdout */
		if (rcf_ib_write(f, &t, a.fmt, err, sizeof(err))) {
			fprintf(stderr, "rcfctl: topo export: %s\n", err);
			close_file(f, a.out ? a.out : "-");
			if (a.out && strcmp(a.out, "-"))
				remove(a.out);
		} else if (!close_file(f, a.out ? a.out : "-")) {
			rc = RCFCTL_OK;
		}
	}
	rcf_topo_free(&t);
	return rc;
}
