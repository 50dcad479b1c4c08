// SPDX-License-Identifier: GPL-2.0
/*
 * Pictures of fabrics (lib/draw/): for every layout one SVG element per
 * node, switch and link, every coordinate inside the viewBox, the
 * generator's structure visible in the positions, well-formed XML, the
 * same bytes every time; load colours monotone in load; the load readers
 * name FILE:LINE for a bad line (TAP).
 */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "tap.h"

static char *render(const struct rcf_topo *t, const struct rcf_topo_shape *sh,
		    int how, const struct rcf_draw_opts *o, const char **name)
{
	struct rcf_layout L;
	char err[512], *buf = NULL;
	size_t len = 0;
	FILE *m;

	if (rcf_layout_make(t, sh, how, &L, err, sizeof(err))) {
		printf("# layout: %s\n", err);
		return NULL;
	}
	if (name)
		*name = L.name;
	m = open_memstream(&buf, &len);
	rcf_draw_svg(m, t, &L, o);
	fclose(m);
	rcf_layout_free(&L);
	return buf;
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

/*
 * Well-formed enough for a browser's XML parser: tags nest and close,
 * attribute values are quoted, & starts a known entity, no < in text.
 */
static int well_formed(const char *s)
{
	char stack[64][32];
	int depth = 0, root_done = 0;
	const char *p = s;

	if (!strncmp(p, "<?xml", 5)) {
		p = strstr(p, "?>");
		if (!p)
			return 0;
		p += 2;
	}
	while (*p) {
		if (*p == '&') {
			static const char *const ent[] = {
				"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
			int okent = 0;

			for (int k = 0; k < 5; k++)
				okent |= !strncmp(p, ent[k], strlen(ent[k]));
			if (!okent)
				return 0;
			p++;
			continue;
		}
		if (*p == '>')
			return 0;
		if (*p != '<') {
			if (root_done && *p != '\n' && *p != ' ')
				return 0;
			p++;
			continue;
		}
		if (root_done)
			return 0;
		p++;
		if (*p == '/') {
			size_t n = strcspn(++p, ">");

			if (!depth || n != strlen(stack[depth - 1]) ||
			    strncmp(p, stack[depth - 1], n))
				return 0;
			p += n + 1;
			if (!--depth)
				root_done = 1;
			continue;
		}
		size_t n = strcspn(p, " />\n");

		if (!n || n >= sizeof(stack[0]) || depth == 64)
			return 0;
		memcpy(stack[depth], p, n);
		stack[depth][n] = '\0';
		p += n;
		/* attributes: name="value", value without < or raw & */
		for (;;) {
			p += strspn(p, " \n");
			if (*p == '>' || !strncmp(p, "/>", 2))
				break;
			size_t an = strcspn(p, "=\" />");

			if (!an || p[an] != '=' || p[an + 1] != '"')
				return 0;
			p += an + 2;
			while (*p && *p != '"') {
				if (*p == '<')
					return 0;
				if (*p == '&' && strncmp(p, "&amp;", 5) &&
				    strncmp(p, "&lt;", 4) &&
				    strncmp(p, "&gt;", 4) &&
				    strncmp(p, "&quot;", 6))
					return 0;
				p++;
			}
			if (!*p)
				return 0;
			p++;
		}
		if (*p == '>') {
			depth++;
			p++;
		} else {
			p += 2;
			if (!depth)
				root_done = 1;
		}
	}
	return root_done && !depth;
}

/* an attribute of the element at el, looked for up to its '>' only */
static double attr(const char *el, const char *name, int *found)
{
	const char *gt = strchr(el, '>'), *p;
	char key[32];

	snprintf(key, sizeof(key), " %s=\"", name);
	p = gt ? memmem(el, gt - el, key, strlen(key)) : NULL;
	*found = p != NULL;
	return p ? strtod(p + strlen(key), NULL) : 0;
}

static int has(const char *el, const char *what)
{
	const char *gt = strchr(el, '>');

	return gt && memmem(el, gt - el, what, strlen(what));
}

/* every coordinate of every element inside [0, W] x [0, H] */
static int inside(const char *svg)
{
	static const char *const xs[] = {"x", "x1", "x2", "cx"}, *const ys[] = {
									 "y",
									 "y1",
									 "y2",
									 "cy"};
	double w, h;
	int f;
	const char *vb = strstr(svg, "viewBox=\"0 0 ");

	if (!vb || sscanf(vb, "viewBox=\"0 0 %lf %lf", &w, &h) != 2)
		return 0;
	for (const char *p = strchr(vb, '<'); p; p = strchr(p + 1, '<')) {
		const char *d;
		double v;

		if (has(p, "transform="))
			continue; /* the legend: checked by its own height */
		for (int k = 0; k < 4; k++) {
			v = attr(p, xs[k], &f);
			if (f && (v < 0 || v > w))
				return 0;
			v = attr(p, ys[k], &f);
			if (f && (v < 0 || v > h))
				return 0;
		}
		v = attr(p, "x", &f) + attr(p, "width", &f);
		if (f && strncmp(p, "<rect width=\"100%", 17) && v > w)
			return 0;
		d = has(p, " d=\"M") ? strstr(p, " d=\"M") : NULL;
		if (d) {
			char *e;
			int i = 0;

			for (d += 5; *d != '"'; i++) {
				v = strtod(d, &e);
				if (e == d || v < 0 || v > (i % 2 ? h : w))
					return 0;
				d = e + strspn(e, " C");
			}
		}
	}
	return 1;
}

/* the centre of the node (or switch) with the id */
static int centre(const char *svg, const char *kind, unsigned int id, double *x,
		  double *y)
{
	char key[64];
	const char *p;
	int f, g;

	snprintf(key, sizeof(key), "class=\"%s\" data-%s=\"%u\"", kind, kind,
		 id);
	p = strstr(svg, key);
	if (!p)
		return -1;
	while (p > svg && *p != '<')
		p--;
	if (!strcmp(kind, "node")) {
		*x = attr(p, "cx", &f);
		*y = attr(p, "cy", &g);
	} else {
		*x = attr(p, "x", &f) + attr(p, "width", &g) / 2;
		*y = attr(p, "y", &f) + attr(p, "height", &g) / 2;
	}
	return f && g ? 0 : -1;
}

struct layout_case {
	const char *spec, *name;
};

static void layouts(void)
{
	static const struct layout_case cases[] = {
		{"torus:4x4", "torus"},
		{"mesh:3x5", "mesh"},
		{"ring:8", "ring"},
		{"hypercube:5", "hypercube"},
		{"hcube:4", "hypercube"},
		{"sp1:16", "sp1"},
		{"sp1:32", "sp1"},
		{"sp1:64", "sp1"},
		{"sp1:512", "sp1"},
		{"prdt:16:2:2", "rdt"},
		{"rdt:16:2:2:1", "rdt"},
		{"supernode:ring:8", "supernode"},
		{"supernode:hypercube:4", "supernode"},
		{"fattree:4:3", "levels"},
		{"clos:8:4:8:2:3", "levels"},
		{"kport:16:3", "levels"},
		{"kport:8:2", "levels"},
	};
	struct rcf_draw_opts o = {.title = NULL};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		const struct layout_case *c = &cases[i];
		struct rcf_topo t;
		char err[512], name[128];
		const char *lname = NULL;
		char *a, *b;

		if (rcf_draw_generate(c->spec, &t, err, sizeof(err))) {
			tap_ok(0, c->spec);
			continue;
		}
		a = render(&t, NULL, RCF_LAYOUT_AUTO, &o, &lname);
		b = render(&t, NULL, RCF_LAYOUT_AUTO, &o, NULL);
		snprintf(name, sizeof(name), "%s: the %s layout", c->spec,
			 c->name);
		tap_ok(a && lname && !strcmp(lname, c->name), name);
		if (!a || !b) {
			free(a);
			free(b);
			rcf_topo_free(&t);
			continue;
		}
		snprintf(name, sizeof(name),
			 "%s: %zu nodes, %zu switches, %zu links drawn",
			 c->spec, t.v[RCF_K_NODE].n, t.v[RCF_K_SWITCH].n,
			 t.v[RCF_K_LINK].n);
		tap_ok(count(a, "class=\"node\"") == t.v[RCF_K_NODE].n &&
			       count(a, "class=\"switch\"") ==
				       t.v[RCF_K_SWITCH].n &&
			       count(a, "class=\"link\"") == t.v[RCF_K_LINK].n,
		       name);
		snprintf(name, sizeof(name), "%s: inside the viewBox", c->spec);
		tap_ok(inside(a), name);
		snprintf(name, sizeof(name), "%s: well-formed", c->spec);
		tap_ok(well_formed(a), name);
		snprintf(name, sizeof(name), "%s: the same bytes twice",
			 c->spec);
		tap_ok(!strcmp(a, b), name);
		free(a);
		free(b);
		rcf_topo_free(&t);
	}
}

static char *draw_spec(const char *spec, struct rcf_topo *t,
		       const struct rcf_draw_opts *o)
{
	char err[256];

	if (rcf_draw_generate(spec, t, err, sizeof(err)))
		return NULL;
	return render(t, NULL, RCF_LAYOUT_AUTO, o, NULL);
}

/* the positions follow the generator's structure */
static void structure(void)
{
	struct rcf_draw_opts o = {0};
	struct rcf_topo t;
	double x0, y0, x1, y1, x4, y4, x5, y5, xs0, ys0, xs4, ys4, xn16, yn16;
	char *s;

	s = draw_spec("torus:4x4", &t, &o);
	/* node 1 right of node 0, node 4 below it; 8 wrap links as arcs */
	tap_ok(s && !centre(s, "node", 0, &x0, &y0) &&
		       !centre(s, "node", 1, &x1, &y1) &&
		       !centre(s, "node", 4, &x4, &y4) && x1 > x0 && y1 == y0 &&
		       y4 > y0 && x4 == x0,
	       "torus:4x4: ids in rows, row by row");
	tap_ok(s && count(s, "<path class=\"link\"") == 8 &&
		       count(s, "<line class=\"link\"") == 24,
	       "torus:4x4: the 8 wrap links are arcs, the rest straight");
	free(s);
	rcf_topo_free(&t);

	s = draw_spec("hypercube:4", &t, &o);
	/* bits 0-1 across, bits 2-3 down */
	tap_ok(s && !centre(s, "node", 0, &x0, &y0) &&
		       !centre(s, "node", 3, &x1, &y1) &&
		       !centre(s, "node", 4, &x4, &y4) && x1 > x0 && y1 == y0 &&
		       y4 > y0 && x4 == x0,
	       "hypercube:4: low bits across, high bits down");
	free(s);
	rcf_topo_free(&t);

	s = draw_spec("hcube:4", &t, &o);
	/* the switches as hypercube:4's nodes, each node beside its switch */
	tap_ok(s && !centre(s, "switch", 0, &xs0, &ys0) &&
		       !centre(s, "switch", 3, &x1, &y1) &&
		       !centre(s, "switch", 4, &xs4, &ys4) &&
		       !centre(s, "node", 4, &x4, &y4) && x1 > xs0 &&
		       y1 == ys0 && ys4 > ys0 && xs4 == xs0 && x4 > xs4 &&
		       y4 < ys4,
	       "hcube:4: switches by bits as hypercube:4, nodes beside them");
	free(s);
	rcf_topo_free(&t);

	s = draw_spec("sp1:32", &t, &o);
	/*
	 * nodes 0-15 at the left edge, 16-31 at the right, first-stage
	 * chips beside their nodes, second stage inward
	 */
	tap_ok(s && !centre(s, "node", 0, &x0, &y0) &&
		       !centre(s, "node", 16, &xn16, &yn16) &&
		       !centre(s, "switch", 0, &xs0, &ys0) &&
		       !centre(s, "switch", 4, &xs4, &ys4) &&
		       !centre(s, "switch", 8, &x5, &y5) &&
		       !centre(s, "switch", 12, &x1, &y1) && x0 < xs0 &&
		       xs0 < xs4 && xs4 < x1 && x1 < x5 && x5 < xn16,
	       "sp1:32: nodes at the sides, stages in columns");
	free(s);
	rcf_topo_free(&t);

	s = draw_spec("fattree:4:3", &t, &o);
	/*
	 * leaves 0-15 on the row over the nodes, spines 16-31 over them,
	 * cores 32-47 on top; a row's elements left to right by id
	 */
	tap_ok(s && !centre(s, "node", 0, &x0, &y0) &&
		       !centre(s, "switch", 0, &xs0, &ys0) &&
		       !centre(s, "switch", 15, &x1, &y1) &&
		       !centre(s, "switch", 16, &xs4, &ys4) &&
		       !centre(s, "switch", 32, &x5, &y5) && y0 > ys0 &&
		       ys0 == y1 && x1 > xs0 && ys0 > ys4 && ys4 > y5,
	       "fattree:4:3: nodes, leaves, spines and cores in rows");
	free(s);
	rcf_topo_free(&t);

	s = draw_spec("prdt:16:2:2", &t, &o);
	tap_ok(s && !centre(s, "switch", 0, &xs0, &ys0) &&
		       !centre(s, "switch", 17, &xs4, &ys4) &&
		       !centre(s, "node", 17, &x5, &y5) && xs4 > xs0 &&
		       ys4 > ys0 && x5 > xs4 && y5 < ys4,
	       "prdt:16:2:2: routers on the base grid, nodes beside them");
	free(s);
	rcf_topo_free(&t);
}

static int hexcol(const char *p, unsigned int rgb[3])
{
	return sscanf(p, "#%2x%2x%2x", &rgb[0], &rgb[1], &rgb[2]) == 3 ? 0 : -1;
}

static void colours(void)
{
	struct rcf_draw_opts o = {0};
	unsigned int prev[3], rgb[3];
	struct rcf_loads l;
	struct rcf_topo t;
	int mono = 1, ok = 1;
	char *s;

	rcf_draw_colour(0, prev);
	for (int k = 1; k <= 1000; k++) {
		rcf_draw_colour(k / 1000.0, rgb);
		for (int c = 0; c < 3; c++)
			mono &= rgb[c] <= prev[c];
		memcpy(prev, rgb, sizeof(rgb));
	}
	rcf_draw_colour(0, prev);
	tap_ok(mono && (rgb[0] + rgb[1] + rgb[2] < prev[0] + prev[1] + prev[2]),
	       "the colour scale darkens in every channel as load rises");

	/* link i carried 100 * i bytes: link 0 none, link 31 the most */
	rcf_loads_init(&l);
	for (uint32_t i = 0; i < 32; i++)
		rcf_loads_add(&l, i, 100ull * i, 0);
	o.loads = &l;
	s = draw_spec("torus:4x4", &t, &o);
	prev[0] = prev[1] = prev[2] = 256;
	for (uint32_t i = 1; s && i < 32; i++) {
		char key[64];
		const char *p, *st;

		snprintf(key, sizeof(key), "data-link=\"%u\"", i);
		p = strstr(s, key);
		st = p ? strstr(p, "stroke=\"") : NULL;
		if (!st || hexcol(st + 8, rgb)) {
			ok = 0;
			break;
		}
		/* G falls strictly, R and B never rise */
		ok &= rgb[0] <= prev[0] && rgb[1] < prev[1] &&
		      rgb[2] <= prev[2];
		memcpy(prev, rgb, sizeof(rgb));
	}
	tap_ok(s && ok, "link colours monotone in the link's bytes");
	tap_ok(s && strstr(s, "data-link=\"0\" data-bytes=\"0\" "
			      "stroke=\"#b0b0b0\""),
	       "a link without traffic is grey");
	tap_ok(s && strstr(s, "class=\"legend\"") &&
		       strstr(s, "text-anchor=\"end\">3100</text>"),
	       "the legend's scale ends at the busiest link's bytes");
	free(s);
	rcf_topo_free(&t);
	rcf_loads_free(&l);
}

static void down_and_escape(void)
{
	struct rcf_draw_opts o = {.title = "a<b & \"c\" 'd'>"};
	struct rcf_topo t;
	char err[256], *s;

	if (rcf_draw_generate("mesh:3x3", &t, err, sizeof(err))) {
		tap_ok(0, "mesh:3x3");
		return;
	}
	rcf_set(&t.v[RCF_K_LINK].o[3], RCF_A_LINK_STATE, RCF_LINK_DOWN);
	s = render(&t, NULL, RCF_LAYOUT_AUTO, &o, NULL);
	tap_ok(s && count(s, "data-state=\"down\"") == 1 &&
		       strstr(s, "data-link=\"3\" stroke=\"#d00000\" "
				 "stroke-width=\"3.0\" "
				 "stroke-dasharray=\"6 4\""),
	       "a link down is dashed red");
	tap_ok(s && strstr(s, "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;") &&
		       well_formed(s),
	       "the title is escaped");
	free(s);
	rcf_topo_free(&t);
}

static void shapes(void)
{
	struct rcf_topo t, sp;
	struct rcf_layout L;
	char err[256], *s;
	const char *name = NULL;

	rcf_draw_generate("torus:5x5", &t, err, sizeof(err));
	rcf_draw_generate("sp1:16", &sp, err, sizeof(err));
	if (!rcf_layout_make(&t, &sp.shape, RCF_LAYOUT_AUTO, &L, err,
			     sizeof(err))) {
		rcf_layout_free(&L);
		err[0] = '\0';
	}
	tap_ok(strstr(err, "node 16 has no place in the sp1 layout") != NULL,
	       "a shape that does not fit is refused");
	/* a fabric without a shape, laid out round a circle */
	t.shape.kind = RCF_SHAPE_NONE;
	s = render(&t, NULL, RCF_LAYOUT_CIRCLE, &(struct rcf_draw_opts){0},
		   &name);
	tap_ok(s && name && !strcmp(name, "circle") &&
		       count(s, "class=\"node\"") == 25 && inside(s),
	       "the circle layout without a shape");
	free(s);
	rcf_topo_free(&t);
	rcf_topo_free(&sp);
}

static int read_str(const char *text, struct rcf_loads *l, char *err,
		    size_t errlen)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc = rcf_loads_read(f, "F", l, err, errlen);

	fclose(f);
	return rc;
}

struct bad_case {
	const char *text, *want;
};

static void readers(void)
{
	static const struct bad_case bad[] = {
		{"link dir vc bytes packets blocked credit occupancy\n"
		 "0  a>b  0  10  1  0  64  0\n"
		 "1  a<b  0  10  1  0  64  0\n",
		 "F:3: dir: 'a<b' is not a>b or b>a"},
		{"0 10\n1 ten\n", "F:2: bytes: 'ten': not a number"},
		{"0 10\n\n70000 1\n", "F:3: link: '70000'"},
		{"0 10 3\n", "F:1: 3 words"},
		{"[{\"link\":0,\"bytes\":1},\n {\"link\":1}]",
		 "F:2: a channel without \"bytes\""},
		{"[{\"link\":0,\"bytes\":1},\n\n{\"link\":-1,\"bytes\":1}]",
		 "F:3: \"link\" is not a link id"},
		{"[{\"link\":0,\"bytes\":1.5}]",
		 "F:1: \"bytes\" is not a count"},
		{"[{\"link\":0,\"bytes\":1}\n", "F:2: unexpected end of file"},
		{"{\"a\":\"x\ny\"}", "F:1: control character in a string"},
		{"[1] 2", "F:1: more after the JSON value"},
		{"{\"fabric\":{\"cycle\":1,\"bytes-injected\":5}}",
		 "F: no channel rows"},
		{"", "F: no channel rows"},
	};
	struct rcf_loads l;
	char err[256];
	struct rcf_topo t;

	rcf_loads_init(&l);
	tap_ok(!read_str("link dir vc bytes packets blocked credit "
			 "occupancy\n"
			 "   0  a>b   0     10  1  0  64  0\n"
			 "   0  b>a   1      5  1  0  64  0\n"
			 "   2  a>b   0      7  1  0  64  0\n",
			 &l, err, sizeof(err)) &&
		       l.n == 2 && rcf_loads_get(&l, 0) == 15 &&
		       rcf_loads_get(&l, 2) == 7 && rcf_loads_get(&l, 1) == 0,
	       "rcfctl stats channels text: bytes per link, both ways");
	rcf_loads_free(&l);
	tap_ok(!read_str("[{\"link\":3,\"dir\":0,\"vc\":0,\"bytes\":9},"
			 "{\"link\":3,\"dir\":1,\"vc\":0,\"bytes\":1}]",
			 &l, err, sizeof(err)) &&
		       l.n == 1 && rcf_loads_get(&l, 3) == 10,
	       "rcfctl -j stats channels");
	rcf_loads_free(&l);
	tap_ok(!read_str("{\"fabric\":{\"name\":\"x\\\"y\"},\"channels\":"
			 "[{\"link\":1,\"bytes\":4}],\"ok\":true}",
			 &l, err, sizeof(err)) &&
		       l.n == 1 && rcf_loads_get(&l, 1) == 4,
	       "rcfsim -j --channels");
	rcf_loads_free(&l);
	tap_ok(!read_str("fabric: x\nbytes: offered 1\n\nchannels:\n"
			 "link  dir  vc  bytes  packets  blocked  credit  "
			 "occupancy\n"
			 "   4  a>b   0      8  1  0  64  0\n\n"
			 "switches:\nswitch  cq-size  cq-cur  cq-peak\n"
			 "     0      100       0        0\n",
			 &l, err, sizeof(err)) &&
		       l.n == 1 && rcf_loads_get(&l, 4) == 8,
	       "rcfsim --channels text: the channels section only");
	rcf_loads_free(&l);
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		char name[160];
		int rc = read_str(bad[i].text, &l, err, sizeof(err));

		snprintf(name, sizeof(name), "refused: %s", bad[i].want);
		tap_ok(rc && !strncmp(err, bad[i].want, strlen(bad[i].want)),
		       name);
		if (!rc || strncmp(err, bad[i].want, strlen(bad[i].want)))
			printf("# got: %s\n", rc ? err : "accepted");
		rcf_loads_free(&l);
	}
	rcf_draw_generate("ring:4", &t, err, sizeof(err));
	read_str("0 1\n\n9 5\n", &l, err, sizeof(err));
	tap_ok(rcf_loads_check(&l, &t, "F", err, sizeof(err)) &&
		       !strcmp(err, "F:3: link 9 is not in the fabric"),
	       "a link the fabric lacks: FILE:LINE");
	rcf_loads_free(&l);
	rcf_topo_free(&t);
}

int main(void)
{
	layouts();
	structure();
	colours();
	down_and_escape();
	shapes();
	readers();
	return tap_done();
}
