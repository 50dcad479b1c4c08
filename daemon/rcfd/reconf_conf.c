// SPDX-License-Identifier: GPL-2.0
/* rcfd.conf's [reconfig] section (Documentation/rcfd.conf.5). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/num.h"
#include "reconf.h"

void rcfd_reconf_conf_defaults(struct rcfd_reconf_conf *c)
{
	memset(c, 0, sizeof(*c));
	/* the paper's case 1 (§4.1) */
	c->threshold1 = 10;
	c->threshold2 = 5;
	c->round_robin = 1;
	c->epoch_cost_per_ms = 1;
}

static int bool_of(const char *v, int *out)
{
	if (!strcmp(v, "yes") || !strcmp(v, "on") || !strcmp(v, "true") ||
	    !strcmp(v, "1"))
		*out = 1;
	else if (!strcmp(v, "no") || !strcmp(v, "off") || !strcmp(v, "false") ||
		 !strcmp(v, "0"))
		*out = 0;
	else
		return -1;
	return 0;
}

/* The section's keys, for catching one given twice. */
static const char *const conf_keys[] = {
	"enable",	"round_robin",	     "use_epoch_cost", "topology",
	"state",	"alteration",	     "threshold1",     "threshold2",
	"change_limit", "epoch_cost_per_ms",
};

int rcfd_reconf_conf_key(const char *key)
{
	for (size_t i = 0; i < sizeof(conf_keys) / sizeof(conf_keys[0]); i++)
		if (!strcmp(key, conf_keys[i]))
			return (int)i;
	return -1;
}

int rcfd_reconf_conf_set(struct rcfd_reconf_conf *c, const char *key,
			 const char *v, char *why, size_t whylen)
{
	uint64_t n, lo, hi;
	int b, rc;

	if (!strcmp(key, "enable") || !strcmp(key, "round_robin") ||
	    !strcmp(key, "use_epoch_cost")) {
		if (bool_of(v, &b)) {
			snprintf(why, whylen,
				 "reconfig.%s \"%s\": want yes "
				 "or no",
				 key, v);
			return -1;
		}
		if (key[0] == 'e')
			c->enable = b;
		else if (key[0] == 'r')
			c->round_robin = b;
		else
			c->use_epoch_cost = b;
		return 0;
	}
	if (!strcmp(key, "topology")) {
		struct sn_topo t;
		char e[200];
		const char *spec = v;

		if (!strncmp(spec, "supernode:", 10))
			spec += 10;
		if (strlen(spec) >= sizeof(c->topology) ||
		    sn_parse(spec, &t, e, sizeof(e))) {
			snprintf(why, whylen,
				 "reconfig.topology \"%s\": want "
				 "ring:N, mesh:XxY or "
				 "hypercube:D",
				 v);
			return -1;
		}
		snprintf(c->topology, sizeof(c->topology), "%s", spec);
		return 0;
	}
	if (!strcmp(key, "state")) {
		if (v[0] != '/' || strlen(v) >= sizeof(c->state)) {
			snprintf(why, whylen,
				 "reconfig.state \"%s\": want an "
				 "absolute path",
				 v);
			return -1;
		}
		snprintf(c->state, sizeof(c->state), "%s", v);
		return 0;
	}
	if (!strcmp(key, "alteration")) {
		if (strcmp(v, "small") && strcmp(v, "large")) {
			snprintf(why, whylen,
				 "reconfig.alteration \"%s\": "
				 "want small or large",
				 v);
			return -1;
		}
		c->large = v[0] == 'l';
		return 0;
	}
	if (!strcmp(key, "threshold1")) {
		lo = 0;
		hi = UINT64_MAX;
		rc = rcf_num_u64(v, lo, hi, &n);
		if (rc)
			goto bad_num;
		c->threshold1 = n;
		return 0;
	}
	if (!strcmp(key, "threshold2") || !strcmp(key, "change_limit") ||
	    !strcmp(key, "epoch_cost_per_ms")) {
		lo = key[0] == 't' ? 1 : 0;
		hi = UINT32_MAX;
		rc = rcf_num_u64(v, lo, hi, &n);
		if (rc)
			goto bad_num;
		if (key[0] == 't')
			c->threshold2 = (uint32_t)n;
		else if (key[0] == 'c')
			c->change_limit = (uint32_t)n;
		else
			c->epoch_cost_per_ms = (uint32_t)n;
		return 0;
	}
	return 1;
bad_num:
	/* clamping an overflow would run a policy nobody wrote */
	snprintf(why, whylen,
		 "reconfig.%s \"%.40s\": %s, want %" PRIu64 " to %" PRIu64, key,
		 v, rcf_num_why(rc), lo, hi);
	return -1;
}
