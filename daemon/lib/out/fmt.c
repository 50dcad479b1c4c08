// SPDX-License-Identifier: GPL-2.0
/* Text and JSON renderings of rcf objects, from the shared attribute table. */
#include <string.h>

#include "out/fmt.h"

static const char *elem_name(uint8_t kind)
{
	return kind == RCF_ELEM_NODE	 ? "node"
	       : kind == RCF_ELEM_SWITCH ? "switch"
					 : "unknown";
}

static int is_key(const struct rcf_obj *o, int attr)
{
	return (o->kind == RCF_K_NODE && attr == RCF_A_NODE_ID) ||
	       (o->kind == RCF_K_SWITCH && attr == RCF_A_SWITCH_ID) ||
	       (o->kind == RCF_K_LINK && attr == RCF_A_LINK_ID) ||
	       (o->kind == RCF_K_PATH && attr == RCF_A_PATH_ID);
}

static void print_attr(FILE *f, const struct rcf_obj *o, int attr,
		       int with_key_word)
{
	const struct rcf_attr_desc *d = &rcf_attrs[attr];
	char hop[8], buf[RCF_ADDR_STRLEN];
	const char *word;

	switch (d->type) {
	case RCF_T_END: {
		const struct rcf_end *e = &o->end[attr == RCF_A_LINK_END_B];

		fprintf(f, " %s %u port %u", elem_name(e->kind), e->id,
			e->port);
		return;
	}
	case RCF_T_STR:
		fprintf(f, " %s %s", d->name, o->ifname);
		return;
	case RCF_T_HOPS:
		fprintf(f, " %s", d->name);
		for (int i = 0; i < o->nhops; i++) {
			rcf_hop_format(o->hops[i], hop, sizeof(hop));
			fprintf(f, " %s", hop);
		}
		return;
	case RCF_T_ADDRS:
		/* an empty list is written only where it means "clear" */
		if (!o->naddrs && with_key_word)
			fprintf(f, " %s none", d->name);
		for (int i = 0; i < o->naddrs; i++) {
			rcf_addr_format(&o->addrs[i], buf, sizeof(buf));
			fprintf(f, " %s %s", d->name, buf);
		}
		return;
	default:
		break;
	}
	word = rcf_value_name(attr, o->v[attr], buf, sizeof(buf));
	if (is_key(o, attr) && !with_key_word)
		fprintf(f, " %llu", (unsigned long long)o->v[attr]);
	else if (word)
		fprintf(f, " %s %s", d->name, word);
	else
		fprintf(f, " %s %llu", d->name, (unsigned long long)o->v[attr]);
}

void rcf_print_show(FILE *f, const char *prefix, const struct rcf_obj *o)
{
	if (prefix)
		fprintf(f, "%s ", prefix);
	fputs(rcf_kind_names[o->kind], f);
	for (const int *a = rcf_kind_attrs[o->kind]; *a; a++)
		if (rcf_has(o, *a))
			print_attr(f, o, *a, 0);
	fputc('\n', f);
}

void rcf_print_batch(FILE *f, const struct rcf_obj *o)
{
	fprintf(f, "%s %s", rcf_kind_names[o->kind],
		o->kind == RCF_K_FABRIC ? "set" : "add");
	for (const int *a = rcf_kind_attrs[o->kind]; *a; a++)
		/* a path is made held; its state is not for "add" */
		if (rcf_has(o, *a) && !rcf_attrs[*a].ro &&
		    *a != RCF_A_PATH_STATE)
			print_attr(f, o, *a, 1);
	if (o->desc[0]) {
		fputs(" desc \"", f);
		for (const char *c = o->desc; *c; c++) {
			if (*c == '"' || *c == '\\')
				fputc('\\', f);
			fputc(*c, f);
		}
		fputc('"', f);
	}
	if (o->guid)
		fprintf(f, " guid 0x%016llx", (unsigned long long)o->guid);
	fputc('\n', f);
}

void rcf_print_json(struct rcf_json *j, const char *key, const char *event,
		    const struct rcf_obj *o)
{
	rcf_json_obj_open(j, key);
	if (event) {
		rcf_json_str(j, "event", event);
		rcf_json_str(j, "object", rcf_kind_names[o->kind]);
	}
	for (const int *a = rcf_kind_attrs[o->kind]; *a; a++) {
		const struct rcf_attr_desc *d = &rcf_attrs[*a];
		char buf[RCF_ADDR_STRLEN];

		if (!rcf_has(o, *a))
			continue;
		switch (d->type) {
		case RCF_T_END: {
			const struct rcf_end *e =
				&o->end[*a == RCF_A_LINK_END_B];

			rcf_json_obj_open(j, d->name);
			rcf_json_str(j, "kind", elem_name(e->kind));
			rcf_json_u64(j, "id", e->id);
			rcf_json_u64(j, "port", e->port);
			rcf_json_obj_close(j);
			break;
		}
		case RCF_T_STR:
			rcf_json_str(j, d->name, o->ifname);
			break;
		case RCF_T_HOPS:
			rcf_json_arr_open(j, d->name);
			for (int i = 0; i < o->nhops; i++) {
				rcf_json_obj_open(j, NULL);
				rcf_json_u64(j, "port",
					     RCF_HOP_PORT(o->hops[i]));
				rcf_json_u64(j, "vc", RCF_HOP_VC(o->hops[i]));
				rcf_json_obj_close(j);
			}
			rcf_json_arr_close(j);
			break;
		case RCF_T_ADDRS:
			rcf_json_arr_open(j, "addrs");
			for (int i = 0; i < o->naddrs; i++) {
				rcf_addr_format(&o->addrs[i], buf, sizeof(buf));
				rcf_json_str(j, NULL, buf);
			}
			rcf_json_arr_close(j);
			break;
		default:
			/* the clock stays a number in JSON: Hz, 0 free */
			if (*a == RCF_A_FABRIC_CLOCK_HZ)
				rcf_json_u64(j, "clock-hz", o->v[*a]);
			else if (*a == RCF_A_LINK_STATE ||
				 *a == RCF_A_FABRIC_ROUTE_POLICY ||
				 *a == RCF_A_FABRIC_ENGINE_EXACT ||
				 *a == RCF_A_FABRIC_CQ_OFF ||
				 *a == RCF_A_FABRIC_ALLOC ||
				 *a == RCF_A_FABRIC_RAW ||
				 *a == RCF_A_FABRIC_SELECT ||
				 *a == RCF_A_FABRIC_ROUTING ||
				 *a == RCF_A_PATH_STATE)
				rcf_json_str(j, d->name,
					     rcf_value_name(*a, o->v[*a], buf,
							    sizeof(buf)));
			else
				rcf_json_u64(j, d->name, o->v[*a]);
		}
	}
	rcf_json_obj_close(j);
}
