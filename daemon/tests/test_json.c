// SPDX-License-Identifier: GPL-2.0
/* JSON writer tests: escaping, nesting, commas, pretty layout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "out/fmt.h"
#include "out/json.h"

static char *capture(void (*fn)(struct rcf_json *), int pretty)
{
	char *buf = NULL;
	size_t len;
	FILE *f = open_memstream(&buf, &len);
	struct rcf_json j;

	rcf_json_init(&j, f, pretty);
	fn(&j);
	fclose(f);
	return buf;
}

static void escapes(struct rcf_json *j)
{
	rcf_json_obj_open(j, NULL);
	rcf_json_str(j, "s", "a\"b\\c\nd\te\x01\x1f/\x7f");
	rcf_json_str(j, "k\"ey", "");
	rcf_json_obj_close(j);
	rcf_json_end(j);
}

static void nested(struct rcf_json *j)
{
	rcf_json_arr_open(j, NULL);
	rcf_json_obj_open(j, NULL);
	rcf_json_u64(j, "a", 18446744073709551615ULL);
	rcf_json_arr_open(j, "e");
	rcf_json_arr_close(j);
	rcf_json_bool(j, "t", 1);
	rcf_json_obj_close(j);
	rcf_json_obj_open(j, NULL);
	rcf_json_obj_close(j);
	rcf_json_arr_close(j);
	rcf_json_end(j);
}

static void link_obj(struct rcf_json *j)
{
	struct rcf_obj o;

	rcf_obj_init(&o, RCF_K_LINK);
	rcf_set(&o, RCF_A_LINK_ID, 3);
	rcf_obj_set_end(&o, 0, RCF_ELEM_NODE, 1, 0);
	rcf_obj_set_end(&o, 1, RCF_ELEM_SWITCH, 2, 7);
	rcf_set(&o, RCF_A_LINK_STATE, RCF_LINK_UP);
	rcf_print_json(j, NULL, NULL, &o);
	rcf_json_end(j);
}

static void route_obj(struct rcf_json *j)
{
	struct rcf_obj o;

	rcf_obj_init(&o, RCF_K_ROUTE);
	rcf_set(&o, RCF_A_ROUTE_SRC, 0);
	rcf_set(&o, RCF_A_ROUTE_DST, 1);
	o.nhops = 2;
	o.hops[0] = RCF_HOP(3, 0);
	o.hops[1] = RCF_HOP(4, 2);
	rcf_mark(&o, RCF_A_ROUTE_HOPS);
	rcf_print_json(j, NULL, "add", &o);
	rcf_json_end(j);
}

/* as FABRIC_GET reports it: the limit beside what the model holds */
static struct rcf_obj fabric(void)
{
	struct rcf_obj o;

	rcf_obj_init(&o, RCF_K_FABRIC);
	rcf_set(&o, RCF_A_FABRIC_NODES, 2);
	rcf_set(&o, RCF_A_FABRIC_MEM, 4096);
	rcf_set(&o, RCF_A_FABRIC_MEM_LIMIT, 1048576);
	return o;
}

static void fabric_obj(struct rcf_json *j)
{
	struct rcf_obj o = fabric();

	rcf_print_json(j, NULL, NULL, &o);
	rcf_json_end(j);
}

static void check(const char *got, const char *want, const char *name)
{
	if (!tap_ok(!strcmp(got, want), name))
		printf("# got:  %s# want: %s", got, want);
}

int main(void)
{
	char *s;

	tap_plan(7);
	s = capture(escapes, 0);
	check(s,
	      "{\"s\":\"a\\\"b\\\\c\\nd\\te\\u0001\\u001f/\\u007f\","
	      "\"k\\\"ey\":\"\"}\n",
	      "strings and keys are escaped");
	free(s);
	s = capture(nested, 0);
	check(s, "[{\"a\":18446744073709551615,\"e\":[],\"t\":true},{}]\n",
	      "nesting, commas, empty containers, u64 max");
	free(s);
	s = capture(nested, 1);
	check(s,
	      "[\n  {\n    \"a\": 18446744073709551615,\n    \"e\": [],\n"
	      "    \"t\": true\n  },\n  {}\n]\n",
	      "pretty layout");
	free(s);
	s = capture(link_obj, 0);
	check(s,
	      "{\"id\":3,\"a\":{\"kind\":\"node\",\"id\":1,\"port\":0},"
	      "\"b\":{\"kind\":\"switch\",\"id\":2,\"port\":7},"
	      "\"state\":\"up\"}\n",
	      "link as JSON");
	free(s);
	s = capture(route_obj, 0);
	check(s,
	      "{\"event\":\"add\",\"object\":\"route\",\"src\":0,\"dst\":1,"
	      "\"hops\":[{\"port\":3,\"vc\":0},{\"port\":4,\"vc\":2}]}\n",
	      "route event as JSON");
	free(s);
	s = capture(fabric_obj, 0);
	check(s, "{\"nodes\":2,\"mem\":4096,\"mem-limit\":1048576}\n",
	      "fabric as JSON: mem-limit beside mem");
	free(s);
	{
		struct rcf_obj o = fabric();
		char *buf = NULL;
		size_t len;
		FILE *f = open_memstream(&buf, &len);

		rcf_print_show(f, "fabric", &o);
		fclose(f);
		if (!tap_ok(strstr(buf, " mem 4096 mem-limit 1048576") != NULL,
			    "fabric show: mem-limit beside mem"))
			printf("# got: %s", buf);
		free(buf);
	}
	return tap_done();
}
