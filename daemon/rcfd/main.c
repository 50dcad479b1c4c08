// SPDX-License-Identifier: GPL-2.0
/*
 * rcfd: the rcf fabric daemon: config, log, control socket, kernel events,
 * detaching, signals, the routing policy (routing.c), the relation
 * policy (relation.c), the reconfig policy (reconf.c) and the switch
 * controllers (paths.c).
 * Documentation/rcfd.8.
 */
#define _GNU_SOURCE /* accept4, pipe2, ppoll */
#include <errno.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/family.h>
#include <netlink/genl/genl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ctl/ctl_proto.h"
#include "rcfd.h"

#define MAX_CLIENTS 16

/* the level the config asks for unless the command line fixed it */
static void apply_level(const struct rcfd *d)
{
	rcfd_log_set_level(d->opts.has_level ? d->opts.level
					     : d->cfg.log_level);
}

static void policies_start(struct rcfd *d, const char *why)
{
	for (size_t i = 0; i < rcfd_npolicies; i++)
		rcfd_policies[i].start(d, why);
}

int rcfd_reload(struct rcfd *d, char *err, size_t errlen)
{
	struct rcfd_config n = d->cfg;
	int rc;

	d->reloads++;
	rc = rcfd_config_load(d->opts.config, &n, err, errlen);
	if (rc < 0) {
		d->reload_failures++;
		snprintf(d->last_reload_err, sizeof(d->last_reload_err), "%s",
			 err);
		rcfd_log(RCFD_ERR, "reload failed, keeping the old config: %s",
			 err);
		return -1;
	}
	rcfd_apply_opts(&d->opts, &n);
	if (strcmp(n.socket, d->cfg.socket))
		rcfd_log(RCFD_WARN,
			 "socket %s: takes effect at restart; "
			 "still serving %s",
			 n.socket, d->cfg.socket);
	if (strcmp(n.pidfile, d->cfg.pidfile))
		rcfd_log(RCFD_WARN,
			 "pidfile %s: takes effect at restart; "
			 "still using %s",
			 n.pidfile, d->cfg.pidfile);
	snprintf(n.socket, sizeof(n.socket), "%s", d->cfg.socket);
	snprintf(n.pidfile, sizeof(n.pidfile), "%s", d->cfg.pidfile);
	d->cfg = n;
	d->cfg_missing = rc == 1;
	d->last_reload_err[0] = '\0';
	apply_level(d);
	rcfd_log(RCFD_INFO,
		 "reloaded %s%s (log level %s, routing.algorithm "
		 "%s)",
		 d->opts.config, rc == 1 ? " (missing: defaults)" : "",
		 rcfd_level_name(rcfd_log_level()), rcfd_algo_name(&d->cfg));
	policies_start(d, "reload");
	return 0;
}

static unsigned int family_version(struct rcf_nl *nl)
{
	struct genl_family *f;
	struct nl_cache *cache;
	unsigned int v = 0;

	if (genl_ctrl_alloc_cache(nl->sk, &cache))
		return 0;
	f = genl_ctrl_search_by_name(cache, RCF_GENL_NAME);
	if (f) {
		v = (unsigned int)genl_family_get_version(f);
		genl_family_put(f);
	}
	nl_cache_free(cache);
	return v;
}

static int signals_fd(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		return -1;
	return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

static void on_signal(struct rcfd *d, int sfd)
{
	struct signalfd_siginfo si;
	char err[512];

	while (read(sfd, &si, sizeof(si)) == sizeof(si)) {
		switch (si.ssi_signo) {
		case SIGHUP:
			rcfd_log(RCFD_INFO, "SIGHUP: reloading %s",
				 d->opts.config);
			rcfd_reload(d, err, sizeof(err));
			break;
		case SIGTERM:
		case SIGINT:
			rcfd_log(RCFD_INFO, "%s: shutting down",
				 si.ssi_signo == SIGTERM ? "SIGTERM"
							 : "SIGINT");
			d->stop = 1;
			break;
		}
	}
}

/* the soonest of the policies' deadlines; NULL: none */
static struct timespec *next_timeout(const struct rcfd *d, struct timespec *ts)
{
	long us = -1;

	for (size_t i = 0; i < rcfd_npolicies; i++) {
		long t = rcfd_policies[i].timeout_us(d);

		if (t >= 0 && (us < 0 || t < us))
			us = t;
	}
	if (us < 0)
		return NULL;
	ts->tv_sec = us / 1000000;
	ts->tv_nsec = (us % 1000000) * 1000;
	return ts;
}

static void loop(struct rcfd *d, int sfd, int lfd)
{
	struct timespec ts;
	struct pollfd p[3 + MAX_CLIENTS];
	int clients[MAX_CLIENTS], nc = 0, i, fd;

	while (!d->stop) {
		p[0] = (struct pollfd){.fd = sfd, .events = POLLIN};
		p[1] = (struct pollfd){.fd = lfd, .events = POLLIN};
		p[2] = (struct pollfd){.fd = d->ev.fd, .events = POLLIN};
		for (i = 0; i < nc; i++)
			p[3 + i] = (struct pollfd){.fd = clients[i],
						   .events = POLLIN};
		if (ppoll(p, (nfds_t)(3 + nc), next_timeout(d, &ts), NULL) <
		    0) {
			if (errno == EINTR)
				continue;
			rcfd_log(RCFD_ERR, "poll: %s", strerror(errno));
			return;
		}
		if (p[0].revents)
			on_signal(d, sfd);
		if (p[2].revents)
			rcfd_events_read(&d->ev);
		for (i = 0; i < (int)rcfd_npolicies; i++)
			rcfd_policies[i].run(d);
		/* clients first, then new ones: p[] indexes stay valid */
		for (i = nc - 1; i >= 0; i--) {
			if (!p[3 + i].revents)
				continue;
			if (!(p[3 + i].revents & POLLIN) ||
			    rcfd_ctl_serve(d, clients[i])) {
				close(clients[i]);
				clients[i] = clients[--nc];
			}
		}
		if (p[1].revents & POLLIN) {
			fd = accept4(lfd, NULL, NULL,
				     SOCK_CLOEXEC | SOCK_NONBLOCK);
			if (fd >= 0 && nc == MAX_CLIENTS) {
				rcfd_log(RCFD_WARN,
					 "control: %d clients "
					 "already; refusing one",
					 nc);
				close(fd);
			} else if (fd >= 0) {
				clients[nc++] = fd;
			}
		}
	}
	for (i = 0; i < nc; i++)
		close(clients[i]);
}

/* before detaching errors go to the terminal, which is who asked */
static int fail(int notify, const char *why)
{
	rcfd_log(RCFD_ERR, "%s", why);
	rcfd_detach_done(notify, 1);
	return 1;
}

/* the descriptors rcfd holds while it runs */
struct held {
	int pfd, sfd, lfd, notify;
};

/* a phase of main() below that lets rcfd go on */
#define GO_ON (-1)

/* the command line and the config; GO_ON, or main()'s exit status */
static int configure(struct rcfd *d, int argc, char **argv)
{
	char err[1024];
	int rc;

	rc = rcfd_parse_args(argc, argv, &d->opts, err, sizeof(err));
	if (rc) {
		if (rc < 0) {
			fprintf(stderr, "rcfd: %s\n", err);
			rcfd_usage(stderr);
		}
		return rc < 0 ? 1 : 0;
	}
	rcfd_config_defaults(&d->cfg);
	rc = rcfd_config_load(d->opts.config, &d->cfg, err, sizeof(err));
	if (rc < 0) {
		fprintf(stderr, "rcfd: bad config: %s\n", err);
		return 1;
	}
	d->cfg_missing = rc == 1;
	rcfd_apply_opts(&d->opts, &d->cfg);
	apply_level(d);
	if (d->cfg_missing)
		rcfd_log(RCFD_INFO, "no config at %s: using the defaults",
			 d->opts.config);
	if (d->opts.check_config) {
		printf("%s: %s\n", d->opts.config,
		       d->cfg_missing ? "missing, defaults apply" : "ok");
		return 0;
	}
	return GO_ON;
}

/* netlink, events, the pidfile's lock, signals, the control socket */
static int acquire(struct rcfd *d, struct held *h)
{
	char err[1024];

	signal(SIGPIPE, SIG_IGN);
	if (rcfd_check_privilege(err, sizeof(err)))
		return fail(-1, err);
	if (rcf_nl_open(&d->nl, err, sizeof(err)))
		return fail(-1, err);
	d->family_version = family_version(&d->nl);
	if (rcfd_events_open(&d->ev, err, sizeof(err)))
		return fail(-1, err);
	h->pfd = rcfd_pidfile_lock(d->cfg.pidfile, err, sizeof(err));
	if (h->pfd < 0)
		return fail(-1, err);
	/* blocked before the socket exists, so no signal is ever missed */
	h->sfd = signals_fd();
	if (h->sfd < 0) {
		/* the lock is ours: the file we may have made goes too */
		unlink(d->cfg.pidfile);
		return fail(-1, "signalfd failed");
	}
	h->lfd = rcfd_ctl_listen(d->cfg.socket, err, sizeof(err));
	if (h->lfd < 0) {
		unlink(d->cfg.pidfile);
		return fail(-1, err);
	}
	return GO_ON;
}

/* into the background, the pid written, routing set up */
static int start(struct rcfd *d, struct held *h)
{
	int to_syslog = d->opts.log_target < 0 ? !d->opts.foreground
					       : d->opts.log_target;

	if (!d->opts.foreground &&
	    rcfd_detach(d->opts.log_target == 0, &h->notify)) {
		unlink(d->cfg.socket);
		unlink(d->cfg.pidfile);
		return fail(-1, "cannot fork into the background");
	}
	rcfd_log_to_syslog(to_syslog);
	if (rcfd_pidfile_write(h->pfd)) {
		rcfd_log(RCFD_ERR, "pidfile %s: %s", d->cfg.pidfile,
			 strerror(errno));
		unlink(d->cfg.socket);
		unlink(d->cfg.pidfile);
		rcfd_detach_done(h->notify, 1);
		return 1;
	}
	d->started = time(NULL);
	rcfd_log(RCFD_INFO,
		 "started: pid %d, config %s, socket %s, rcf "
		 "family %d version %u",
		 (int)getpid(), d->opts.config, d->cfg.socket, d->nl.family,
		 d->family_version);
	if (rcfd_routing_init(d)) {
		unlink(d->cfg.socket);
		unlink(d->cfg.pidfile);
		rcfd_detach_done(h->notify, 1);
		return 1;
	}
	return GO_ON;
}

/* what the routing and relation policies will do, for the log */
static void log_routing(const struct rcfd *d)
{
	if (d->cfg.manage)
		rcfd_log(RCFD_INFO, "routing: managing routes with %s%s",
			 rcfd_algo_name(&d->cfg),
			 d->cfg.recompute_on_link_change
				 ? ", recomputed on link changes"
				 : "");
	else if (d->cfg.route.r)
		rcfd_log(RCFD_INFO,
			 "routing.algorithm %s is set but routing.manage is "
			 "off: routes are left alone",
			 rcfd_algo_name(&d->cfg));
	if (*d->cfg.relation)
		rcfd_log(RCFD_INFO,
			 "relation: keeping %s for %s round the links that "
			 "are down%s",
			 d->cfg.relation, d->cfg.relation_gen,
			 d->cfg.recompute_on_link_change
				 ? ", installed again on link changes"
				 : "");
}

static void shut_down(struct rcfd *d, const struct held *h)
{
	close(h->lfd);
	unlink(d->cfg.socket);
	unlink(d->cfg.pidfile);
	close(h->pfd);
	for (size_t i = rcfd_npolicies; i-- > 0;)
		rcfd_policies[i].stop(d);
	rcfd_events_close(&d->ev);
	rcf_nl_close(&d->nl);
	rcfd_log(RCFD_INFO, "stopped");
}

int main(int argc, char **argv)
{
	static struct rcfd d;
	struct held h = {.notify = -1};
	int rc = configure(&d, argc, argv);

	if (rc == GO_ON)
		rc = acquire(&d, &h);
	if (rc == GO_ON)
		rc = start(&d, &h);
	if (rc != GO_ON)
		return rc;
	log_routing(&d);
	d.ev.d = &d;
	policies_start(&d, "start");
	rcfd_detach_done(h.notify, 0);
	loop(&d, h.sfd, h.lfd);
	shut_down(&d, &h);
	return 0;
}
