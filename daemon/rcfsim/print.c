// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim's report: the run and the traffic's results, then the fabric's
 * counters through the printers rcfctl stats uses (lib/stats/stats_fmt.c), so
 * those parts read the same whether the kernel or rcfsim counted.
 */
#include <stdlib.h>
#include <string.h>

#include "out/json.h"
#include "rcfsim.h"
#include "traffic/traffic_req.h"

static const int table_kinds[] = {
	RCF_STATS_KIND_CHANNEL,
	RCF_STATS_KIND_SWITCH,
	RCF_STATS_KIND_NODE,
	RCF_STATS_KIND_PAIR,
};

static const char *const table_names[] = {
	"channels",
	"switches",
	"nodes",
	"pairs",
};

static int shown(const struct sim_opts *o, int i)
{
	const int on[] = {o->show_channels, o->show_switches, o->show_nodes,
			  o->show_pairs};
	return on[i];
}

/*
 * The run in the figures rcfctl prints for the kernel's runs, so that
 * one printer (lib/traffic/traffic_args.c) writes both and they compare key by
 * key.
 */
static void figures(const struct sim_opts *o,
		    const struct rcf_traffic_results *r,
		    struct rcf_traffic_res *x)
{
	const struct rcf_traffic_spec *s = &o->spec;
	struct rcf_traffic_req *q = &x->spec;

	memset(x, 0, sizeof(*x));
	q->pattern = (uint8_t)s->pattern;
	if (s->pattern == RCF_TRAFFIC_HOTSPOT) {
		q->hot_node = o->hot_id;
		q->hot_permille = s->hot_permille;
	} else {
		q->param = s->param;
	}
	q->rate = s->rate;
	q->size_min = s->size_min;
	q->size_max = s->size_max;
	for (uint32_t i = 0; i < s->nsizes && i < RCF_TRAFFIC_MAX_SIZES; i++) {
		q->sizes[i].bytes = s->sizes[i].bytes;
		q->sizes[i].weight = s->sizes[i].weight;
		q->nsizes++;
	}
	q->seed = s->seed;
	q->cycles = s->cycles;
	q->messages = s->messages;
	q->arrival = (uint8_t)s->arrival;
	q->warmup = s->warmup;
	q->self = s->self;
	q->entries = (uint32_t)(s->pattern == RCF_TRAFFIC_TRACE ? o->ntrace
								: o->narcs);
	x->running = !r->done;
	x->done = r->done;
	x->complete = r->complete;
	x->error = (uint32_t)-r->error;
	x->nodes = r->nodes;
	x->now = r->cycles;
	x->window = r->window;
	x->msgs_offered = r->msgs_offered;
	x->msgs_sent = r->msgs_sent;
	x->msgs_refused = r->msgs_refused;
	x->msgs_skipped = r->msgs_skipped;
	x->msgs_delivered = r->msgs_delivered;
	x->msgs_corrupt = r->msgs_corrupt;
	x->bytes_offered = r->bytes_offered;
	x->bytes_delivered = r->bytes_delivered;
	x->offered_milli = r->offered_milli;
	x->accepted_milli = r->accepted_milli;
	x->lat_count = r->lat_count;
	x->lat_avg = r->lat_avg;
	x->lat_min = r->lat_min;
	x->lat_p50 = r->lat_p50;
	x->lat_p99 = r->lat_p99;
	x->lat_max = r->lat_max;
}

/* the i-th switch of the fabric, the order rcf.ko got them in */
static uint64_t switch_id(const struct sim_fabric *f, size_t i)
{
	return f->t.v[RCF_K_SWITCH].o[i].v[RCF_A_SWITCH_ID];
}

/* --relation: how often the switches took each class */
static void rel_text(FILE *out, const struct sim_opts *o,
		     const struct sim_fabric *f, const struct sim_result *res)
{
	(void)f;
	fprintf(out,
		"relation: %s, select %s: %llu adaptive, %llu escape "
		"outputs taken\n",
		o->topo.relation, o->select ? o->select : "first",
		(unsigned long long)res->rel_class[0],
		(unsigned long long)res->rel_class[1]);
	fprintf(out,
		"relation size: %u lists at most a switch, %u switches "
		"indexing by two bytes; %llu bytes in the model, %llu in the "
		"engine\n",
		res->rel_lists, res->rel_wide,
		(unsigned long long)res->rel_model,
		(unsigned long long)res->rel_engine);
}

static void rel_table(FILE *out, const struct sim_opts *o,
		      const struct sim_fabric *f, const struct sim_result *res)
{
	size_t i, k = 0;

	if (!o->topo.relation || !o->show_switches || !res->rel_sw)
		return;
	fprintf(out, "\nrelation by switch:\n%8s %12s %12s\n", "switch",
		"adaptive", "escape");
	for (i = 0; i < f->t.v[RCF_K_SWITCH].n; i++, k++) {
		fprintf(out, "%8llu %12llu %12llu\n",
			(unsigned long long)switch_id(f, i),
			(unsigned long long)res->rel_sw[2 * k],
			(unsigned long long)res->rel_sw[2 * k + 1]);
	}
}

static void rel_json(struct rcf_json *j, const struct sim_opts *o,
		     const struct sim_fabric *f, const struct sim_result *res)
{
	size_t i, k = 0;

	rcf_json_obj_open(j, "relation");
	rcf_json_str(j, "name", o->topo.relation);
	rcf_json_str(j, "select", o->select ? o->select : "first");
	rcf_json_u64(j, "adaptive", res->rel_class[0]);
	rcf_json_u64(j, "escape", res->rel_class[1]);
	rcf_json_u64(j, "lists-max", res->rel_lists);
	rcf_json_u64(j, "wide-switches", res->rel_wide);
	rcf_json_u64(j, "model-bytes", res->rel_model);
	rcf_json_u64(j, "engine-bytes", res->rel_engine);
	if (o->show_switches && res->rel_sw) {
		rcf_json_arr_open(j, "switches");
		for (i = 0; i < f->t.v[RCF_K_SWITCH].n; i++, k++) {
			rcf_json_obj_open(j, NULL);
			rcf_json_u64(j, "id", switch_id(f, i));
			rcf_json_u64(j, "adaptive", res->rel_sw[2 * k]);
			rcf_json_u64(j, "escape", res->rel_sw[2 * k + 1]);
			rcf_json_obj_close(j);
		}
		rcf_json_arr_close(j);
	}
	rcf_json_obj_close(j);
}

static void text(FILE *out, const struct sim_opts *o,
		 const struct sim_fabric *f, const struct sim_result *res)
{
	struct rcf_stats_query q = {.kind = RCF_STATS_KIND_FABRIC};
	struct rcf_traffic_res x;

	fprintf(out,
		"fabric: %s: %u nodes, %u switches, %zu links, "
		"%zu routes (%s)%s\n",
		o->topo.gen ? o->topo.gen : o->topo.topo, f->nnodes,
		f->nswitches, f->t.v[RCF_K_LINK].n, f->s.n, f->routes_how,
		f->deadlock_free ? ", deadlock-free"
				 : ", channel dependency cycle");
	if (o->topo.failing)
		fprintf(out,
			"failed: %zu links (seed %llu), %zu routes moved to "
			"up-down\n",
			f->failed, o->topo.fail_seed, f->moved);
	if (o->topo.relation)
		rel_text(out, o, f, res);
	figures(o, &res->tr, &x);
	rcf_traffic_print(out, &x);
	fputc('\n', out);
	rcf_stats_print(out, &res->st, &q);
	for (size_t i = 0; i < sizeof(table_kinds) / sizeof(*table_kinds);
	     i++) {
		if (!shown(o, i))
			continue;
		q.kind = table_kinds[i];
		fprintf(out, "\n%s:\n", table_names[i]);
		rcf_stats_print(out, &res->st, &q);
	}
	rel_table(out, o, f, res);
}

static void json_results(struct rcf_json *j, const struct sim_opts *o,
			 const struct sim_fabric *f,
			 const struct sim_result *res)
{
	const struct rcf_traffic_results *r = &res->tr;
	struct rcf_traffic_res x;

	rcf_json_obj_open(j, "fabric");
	rcf_json_str(j, "name", o->topo.gen ? o->topo.gen : o->topo.topo);
	rcf_json_u64(j, "nodes", f->nnodes);
	rcf_json_u64(j, "switches", f->nswitches);
	rcf_json_u64(j, "links", f->t.v[RCF_K_LINK].n);
	rcf_json_u64(j, "routes", f->s.n);
	rcf_json_str(j, "route-source", f->routes_how);
	rcf_json_bool(j, "deadlock-free", f->deadlock_free);
	if (o->topo.failing) {
		rcf_json_obj_open(j, "failed");
		rcf_json_u64(j, "links", f->failed);
		rcf_json_u64(j, "seed", o->topo.fail_seed);
		rcf_json_u64(j, "routes-moved", f->moved);
		rcf_json_arr_open(j, "ids");
		for (size_t i = 0; i < f->failed; i++)
			rcf_json_u64(j, NULL, f->failed_ids[i]);
		rcf_json_arr_close(j);
		rcf_json_obj_close(j);
	}
	rcf_json_obj_close(j);
	if (o->topo.relation)
		rel_json(j, o, f, res);
	figures(o, r, &x);
	rcf_json_obj_open(j, "traffic");
	rcf_traffic_json_members(j, &x);
	rcf_json_obj_close(j);
}

/* a compact JSON writer into memory */
struct json_mem {
	struct rcf_json j;
	FILE *m;
	char *buf;
	size_t len;
};

/* 0, or -1 when out of memory */
static int json_mem_open(struct json_mem *w)
{
	w->buf = NULL;
	w->len = 0;
	w->m = open_memstream(&w->buf, &w->len);
	if (!w->m)
		return -1;
	rcf_json_init(&w->j, w->m, 0);
	return 0;
}

/* w->buf the text written without its final newlines; the caller frees */
static void json_mem_close(struct json_mem *w)
{
	fclose(w->m);
	while (w->len && w->buf[w->len - 1] == '\n')
		w->buf[--w->len] = 0;
}

/*
 * The stats printers write whole documents, so each part is rendered on
 * its own and spliced under its key.
 */
static void splice(FILE *out, const char *key, const struct rcf_stats *st,
		   int kind)
{
	struct rcf_stats_query q = {.kind = kind};
	struct json_mem w;

	if (json_mem_open(&w))
		return;
	rcf_stats_json(&w.j, st, &q);
	json_mem_close(&w);
	fprintf(out, ",\"%s\":%s", key, w.buf);
	free(w.buf);
}

static void json(FILE *out, const struct sim_opts *o,
		 const struct sim_fabric *f, const struct sim_result *res)
{
	struct json_mem w;

	if (json_mem_open(&w))
		return;
	rcf_json_obj_open(&w.j, NULL);
	json_results(&w.j, o, f, res);
	rcf_json_obj_close(&w.j);
	json_mem_close(&w);
	/* drop the closing brace to add the stats members */
	if (w.len && w.buf[w.len - 1] == '}')
		w.buf[--w.len] = 0;
	fputs(w.buf, out);
	free(w.buf);
	splice(out, "stats", &res->st, RCF_STATS_KIND_FABRIC);
	for (size_t i = 0; i < sizeof(table_kinds) / sizeof(*table_kinds); i++)
		if (shown(o, i))
			splice(out, table_names[i], &res->st, table_kinds[i]);
	fputs("}\n", out);
}

void sim_print(FILE *out, const struct sim_opts *o, const struct sim_fabric *f,
	       const struct sim_result *res)
{
	if (o->json)
		json(out, o, f, res);
	else
		text(out, o, f, res);
}
