// SPDX-License-Identifier: GPL-2.0
/*
 * Fabrics without a recorded shape laid out by Graphviz, run as an
 * external program: the graph goes to it in a temporary file, its -Tplain
 * answer ("node NAME X Y ...", inches, y up) comes back on a pipe.  A
 * fixed start makes its answer the same every time.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "draw/draw.h"
#include "util/errf.h"

static int write_dot(FILE *f, const struct rcf_topo *t)
{
	const struct rcf_objv *lv = &t->v[RCF_K_LINK];

	fputs("graph rcf {\n"
	      "  node [shape=circle, width=0.35, fixedsize=true];\n"
	      "  start=1; overlap=false;\n",
	      f);
	for (size_t i = 0; i < t->v[RCF_K_NODE].n; i++)
		fprintf(f, "  n%llu;\n",
			(unsigned long long)t->v[RCF_K_NODE]
				.o[i]
				.v[RCF_A_NODE_ID]);
	for (size_t i = 0; i < t->v[RCF_K_SWITCH].n; i++)
		fprintf(f, "  s%llu [shape=box];\n",
			(unsigned long long)t->v[RCF_K_SWITCH]
				.o[i]
				.v[RCF_A_SWITCH_ID]);
	for (size_t i = 0; i < lv->n; i++) {
		const struct rcf_obj *l = &lv->o[i];

		fprintf(f, "  %c%u -- %c%u;\n",
			l->end[0].kind == RCF_ELEM_NODE ? 'n' : 's',
			l->end[0].id,
			l->end[1].kind == RCF_ELEM_NODE ? 'n' : 's',
			l->end[1].id);
	}
	fputs("}\n", f);
	return fflush(f) || ferror(f) ? -1 : 0;
}

/* one "node NAME X Y ..." line of -Tplain into the layout */
static int plain_node(struct rcf_layout *L, char *line)
{
	char *w[4], *save = NULL;
	unsigned long id;
	char *end;
	int n = 0;

	for (char *p = strtok_r(line, " ", &save); p && n < 4;
	     p = strtok_r(NULL, " ", &save))
		w[n++] = p;
	if (n < 4 || strcmp(w[0], "node") || (w[1][0] != 'n' && w[1][0] != 's'))
		return -1;
	errno = 0;
	id = strtoul(w[1] + 1, &end, 10);
	if (*end || errno || id >= RCF_MAX_NODES)
		return -1;
	int32_t i = w[1][0] == 'n' ? L->node_at[id] : L->sw_at[id];
	struct rcf_xy *p;

	if (i < 0)
		return -1;
	p = w[1][0] == 'n' ? &L->node[i] : &L->sw[i];
	p->x = strtod(w[2], NULL);
	p->y = -strtod(w[3], NULL);
	return 0;
}

static int read_plain(FILE *f, struct rcf_layout *L, const char *prog,
		      char *err, size_t errlen)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = 0;

	while ((n = getline(&line, &cap, f)) > 0) {
		if (line[n - 1] == '\n')
			line[n - 1] = '\0';
		if (!strncmp(line, "node ", 5) && plain_node(L, line)) {
			rc = rcf_errf(err, errlen,
				      "%s: unexpected line in its "
				      "-Tplain output",
				      prog);
			break;
		}
	}
	free(line);
	return rc;
}

int rcf_layout_graphviz(const struct rcf_topo *t, const char *prog,
			struct rcf_layout *L, char *err, size_t errlen)
{
	const char *tmp = getenv("TMPDIR");
	char path[4096];
	int fd, pfd[2], status, rc;
	FILE *f;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/rcf-draw-XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(path);
	if (fd < 0)
		return rcf_errf(err, errlen, "%s: %s", path, strerror(errno));
	f = fdopen(fd, "w");
	if (!f || write_dot(f, t)) {
		rcf_errf(err, errlen, "%s: %s", path, strerror(errno));
		if (f)
			fclose(f);
		else
			close(fd);
		unlink(path);
		return -1;
	}
	fclose(f);
	if (pipe(pfd)) {
		unlink(path);
		return rcf_errf(err, errlen, "pipe: %s", strerror(errno));
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		dup2(pfd[1], 1);
		close(pfd[0]);
		close(pfd[1]);
		execlp(prog, prog, "-Tplain", path, (char *)NULL);
		_exit(127);
	}
	close(pfd[1]);
	if (pid < 0) {
		close(pfd[0]);
		unlink(path);
		return rcf_errf(err, errlen, "fork: %s", strerror(errno));
	}
	f = fdopen(pfd[0], "r");
	rc = f ? read_plain(f, L, prog, err, errlen)
	       : rcf_errf(err, errlen, "%s", strerror(errno));
	if (f)
		fclose(f);
	else
		close(pfd[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	unlink(path);
	if (rc)
		return -1;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		return rcf_errf(
			err, errlen,
			"this fabric has no shape of its own and "
			"Graphviz's %s, which would lay it out, is not "
			"installed (Debian: apt-get install graphviz); "
			"or use --layout circle, or --shape GEN when it "
			"came from a generator",
			prog);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return rcf_errf(err, errlen, "%s failed on the fabric", prog);
	L->sx = L->sy = 72; /* -Tplain is in inches */
	L->node_r = 12;
	L->sw_w = L->sw_h = 24;
	L->font = 10;
	return 0;
}
