// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim's report: the run and the traffic's results, then the fabric's
 * counters through the printers rcfctl stats uses (lib/stats_fmt.c), so
 * those parts read the same whether the kernel or rcfsim counted.
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "rcfsim.h"

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

/* milli-units as a decimal: 1234 -> "1.234" */
static void milli(FILE *out, uint64_t v)
{
	fprintf(out, "%llu.%03llu", (unsigned long long)(v / 1000),
		(unsigned long long)(v % 1000));
}

static const char *state(const struct rcf_traffic_results *r)
{
	if (r->error)
		return r->error == -EDEADLK ? "deadlock" : "engine error";
	if (r->complete)
		return "complete";
	return r->done ? "done, not every message delivered" : "stopped";
}

static void text(FILE *out, const struct sim_opts *o,
		 const struct sim_fabric *f, const struct sim_result *res)
{
	const struct rcf_traffic_results *r = &res->tr;
	const struct rcf_traffic_spec *s = &o->spec;
	struct rcf_stats_query q = {.kind = RCF_STATS_KIND_FABRIC};

	fprintf(out,
		"fabric: %s: %u nodes, %u switches, %zu links, "
		"%zu routes (%s)%s\n",
		o->topo.gen ? o->topo.gen : o->topo.topo, f->nnodes,
		f->nswitches, f->nlink, f->nroute, f->routes_how,
		f->acyclic ? ", deadlock-free" : ", channel dependency cycle");
	fprintf(out,
		"traffic: %s, size %s, rate %u bytes/kcycle/node, %s, "
		"seed %llu\n",
		o->traffic, o->size, s->rate,
		s->arrival == RCF_TA_PERIODIC ? "periodic" : "bernoulli",
		(unsigned long long)s->seed);
	fprintf(out, "run: %llu cycles, window %llu cycles, %s\n",
		(unsigned long long)r->cycles, (unsigned long long)r->window,
		state(r));
	fprintf(out,
		"messages: offered %llu sent %llu refused %llu skipped "
		"%llu delivered %llu corrupt %llu\n",
		(unsigned long long)r->msgs_offered,
		(unsigned long long)r->msgs_sent,
		(unsigned long long)r->msgs_refused,
		(unsigned long long)r->msgs_skipped,
		(unsigned long long)r->msgs_delivered,
		(unsigned long long)r->msgs_corrupt);
	fprintf(out, "bytes: offered %llu delivered %llu\n",
		(unsigned long long)r->bytes_offered,
		(unsigned long long)r->bytes_delivered);
	fprintf(out, "throughput: offered ");
	milli(out, r->offered_milli);
	fprintf(out, " accepted ");
	milli(out, r->accepted_milli);
	fprintf(out, " bytes/cycle/node\n");
	fprintf(out,
		"latency: avg %llu min %llu p50 %llu p99 %llu max %llu "
		"cycles (%llu messages)\n",
		(unsigned long long)r->lat_avg, (unsigned long long)r->lat_min,
		(unsigned long long)r->lat_p50, (unsigned long long)r->lat_p99,
		(unsigned long long)r->lat_max,
		(unsigned long long)r->lat_count);
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
}

static void json_results(struct rcf_json *j, const struct sim_opts *o,
			 const struct sim_fabric *f,
			 const struct rcf_traffic_results *r)
{
	const struct rcf_traffic_spec *s = &o->spec;

	rcf_json_obj_open(j, "fabric");
	rcf_json_str(j, "name", o->topo.gen ? o->topo.gen : o->topo.topo);
	rcf_json_u64(j, "nodes", f->nnodes);
	rcf_json_u64(j, "switches", f->nswitches);
	rcf_json_u64(j, "links", f->nlink);
	rcf_json_u64(j, "routes", f->nroute);
	rcf_json_str(j, "route-source", f->routes_how);
	rcf_json_bool(j, "deadlock-free", f->acyclic);
	rcf_json_obj_close(j);
	rcf_json_obj_open(j, "traffic");
	rcf_json_str(j, "pattern", o->traffic);
	rcf_json_str(j, "size", o->size);
	rcf_json_u64(j, "rate", s->rate);
	rcf_json_str(j, "arrival",
		     s->arrival == RCF_TA_PERIODIC ? "periodic" : "bernoulli");
	rcf_json_u64(j, "seed", s->seed);
	rcf_json_u64(j, "cycles", r->cycles);
	rcf_json_u64(j, "window", r->window);
	rcf_json_str(j, "state", state(r));
	rcf_json_bool(j, "complete", r->complete);
	rcf_json_u64(j, "msgs-offered", r->msgs_offered);
	rcf_json_u64(j, "msgs-sent", r->msgs_sent);
	rcf_json_u64(j, "msgs-refused", r->msgs_refused);
	rcf_json_u64(j, "msgs-skipped", r->msgs_skipped);
	rcf_json_u64(j, "msgs-delivered", r->msgs_delivered);
	rcf_json_u64(j, "msgs-corrupt", r->msgs_corrupt);
	rcf_json_u64(j, "bytes-offered", r->bytes_offered);
	rcf_json_u64(j, "bytes-delivered", r->bytes_delivered);
	rcf_json_u64(j, "offered-milli", r->offered_milli);
	rcf_json_u64(j, "accepted-milli", r->accepted_milli);
	rcf_json_obj_open(j, "latency");
	rcf_json_u64(j, "messages", r->lat_count);
	rcf_json_u64(j, "avg", r->lat_avg);
	rcf_json_u64(j, "min", r->lat_min);
	rcf_json_u64(j, "p50", r->lat_p50);
	rcf_json_u64(j, "p99", r->lat_p99);
	rcf_json_u64(j, "max", r->lat_max);
	rcf_json_obj_close(j);
	rcf_json_obj_close(j);
}

/*
 * The stats printers write whole documents, so each part is rendered on
 * its own and spliced under its key.
 */
static void splice(FILE *out, const char *key, const struct rcf_stats *st,
		   int kind)
{
	struct rcf_stats_query q = {.kind = kind};
	struct rcf_json j;
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	if (!m)
		return;
	rcf_json_init(&j, m, 0);
	rcf_stats_json(&j, st, &q);
	fclose(m);
	while (len && buf[len - 1] == '\n')
		buf[--len] = 0;
	fprintf(out, ",\"%s\":%s", key, buf);
	free(buf);
}

static void json(FILE *out, const struct sim_opts *o,
		 const struct sim_fabric *f, const struct sim_result *res)
{
	struct rcf_json j;
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	if (!m)
		return;
	rcf_json_init(&j, m, 0);
	rcf_json_obj_open(&j, NULL);
	json_results(&j, o, f, &res->tr);
	rcf_json_obj_close(&j);
	fclose(m);
	/* drop the closing brace to add the stats members */
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == '}'))
		if (buf[--len] == '}')
			break;
	buf[len] = 0;
	fputs(buf, out);
	free(buf);
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
