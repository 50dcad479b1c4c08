// SPDX-License-Identifier: GPL-2.0
/* rcfctl's help texts; Documentation/rcfctl.8 has the long form. */
#include <stdio.h>

#include "route/router.h"

#include "rcfctl.h"

void help_main(FILE *f)
{
	fputs("Usage: rcfctl [OPTIONS] OBJECT COMMAND [ARGS]\n"
	      "       rcfctl [OPTIONS] -batch FILE\n"
	      "OBJECT := fabric | node | switch | link | circuit | route |\n"
	      "          path | monitor | topo | stats | traffic | daemon |\n"
	      "          epoch | relation | collective | capture\n"
	      "COMMAND := add | del | show | set | help   (any prefix; new,\n"
	      "           delete, list and get are synonyms)\n"
	      "OPTIONS := -j|--json    JSON output\n"
	      "           -p|--pretty  indented JSON\n"
	      "           -b|-batch FILE  run FILE's commands as one\n"
	      "                        all-or-nothing batch (- is stdin)\n"
	      "           -f|--force   skip rcfctl's own checks (batch size,\n"
	      "                        empty fabric for topo apply/load)\n"
	      "           --epoch-mode auto|drain|freeze  how changes apply\n"
	      "                        (default auto; rcfctl epoch help)\n"
	      "           --epoch-timeout MS  drain bound, 1..60000 ms;\n"
	      "                        past it the change is rolled back\n"
	      "           -h|--help\n"
	      "rcfctl OBJECT help shows an object's arguments.\n",
	      f);
}

static const char *const object_help[RCF_K_NR] = {
	[RCF_K_FABRIC] =
		"Usage: rcfctl fabric show\n"
		"       rcfctl fabric new\n"
		"       rcfctl fabric del\n"
		"       rcfctl fabric set [cq-size BYTES] [clock HZ|free]\n"
		"                         [route-policy rr|least-loaded]\n"
		"                         [msg-threshold N] [path-timeout MS]\n"
		"                         [mem-limit BYTES]\n"
		"                         [engine exact|fast]\n"
		"                         [central-queue on|off] "
		"[route-delay CYCLES]\n"
		"                         [alloc oldest|rr|islip] "
		"[raw on|off]\n"
		"                         [select first|least|random]\n"
		"                         [routing source|relation]\n"
		"HZ := 40000000 | 40MHz | 2.5GHz ...  (paced cycles per "
		"second)\n"
		"N: messages a node sends and receives between two threshold\n"
		"events (rcfctl monitor); 0 sends none\n"
		"MS: how long a message with neither route nor path waits for\n"
		"a path (rcfctl path help); 0, the default, drops it at once\n"
		"BYTES: what the fabric's model may hold, at most rcf.ko's\n"
		"fabric_mem_limit (the default; 0 takes it again)\n"
		"engine: the engine's reference (exact) or fast mode, same\n"
		"results; a change builds a new engine in an epoch\n"
		"central-queue, route-delay (0 to 1000), alloc, raw: the\n"
		"engine's model settings, as rcfsim's --cq 0, --route-delay,\n"
		"--alloc and --raw (Documentation/engine.rst); a change\n"
		"builds a new engine in an epoch\n",
	[RCF_K_NODE] = "Usage: rcfctl node add [id N] [ports P] [name IFNAME] "
		       "[ADDRS]\n"
		       "       rcfctl node set N ADDRS\n"
		       "       rcfctl node del N\n"
		       "       rcfctl node show [N] [addr A]\n"
		       "ADDRS := addr A [addr A...] | addr none   (IPv4 or "
		       "IPv6, up to 8;\n"
		       "         set replaces the list, none clears it)\n",
	[RCF_K_SWITCH] = "Usage: rcfctl switch add [id N] [ports P] "
			 "[cq-size BYTES]\n"
			 "       rcfctl switch del N\n"
			 "       rcfctl switch show [N]\n"
			 "       rcfctl switch set N cq-size BYTES\n",
	[RCF_K_LINK] = "Usage: rcfctl link add [id L] END END [LINKARGS]\n"
		       "       rcfctl link del L\n"
		       "       rcfctl link show [L]\n"
		       "       rcfctl link set L LINKARGS\n"
		       "END := { node | switch } ID port P   (first is A, "
		       "second B)\n"
		       "LINKARGS := [bandwidth BYTES_PER_CYCLE] [latency "
		       "CYCLES]\n"
		       "            [vcs 1-4] [buffer BYTES] [state up|down]\n",
	[RCF_K_CIRCUIT] = "Usage: rcfctl circuit add switch S in I out O\n"
			  "       rcfctl circuit set switch S in I out O\n"
			  "       rcfctl circuit del switch S in I\n"
			  "       rcfctl circuit show [switch S [in I]]\n",
	[RCF_K_ROUTE] = "Usage: rcfctl route add src S dst D [index I] hops "
			"HOP...\n"
			"       rcfctl route set src S dst D index I hops "
			"HOP...\n"
			"       rcfctl route del src S dst D [index I]\n"
			"       rcfctl route show [src S] [dst D] [index I]\n"
			"       rcfctl route compute --algo ALGO [ALGO's "
			"options] [--install] [--force]\n"
			"                [--check] [--topo FILE | --gen GEN]\n"
			"                [--nig FILE | --workload SPEC | "
			"--measured [bytes|msgs]]\n"
			"       rcfctl route check [--topo FILE | --gen GEN]\n"
			"       rcfctl route eval (--topo FILE | --gen GEN)... "
			"[--workload all|LIST]\n"
			"                [--algo sp1,adaptive] [--init "
			"random,sp1] [--map identity|random|both]\n"
			"                [--seed LIST] [--k K] [--ntry N] "
			"[--candidates N] [--progress]\n"
			"                [--accounting all-links|paper]\n"
			"HOP := PORT | PORT.VC   (output port 0-31, virtual "
			"channel 0-3)\n",
};

static const char path_help[] =
	"Usage: rcfctl path show [ID] [master N] [dst N] [state STATE]\n"
	"       rcfctl path add [id ID] master N dst N [hops HOP...]\n"
	"       rcfctl path set ID state held|recall\n"
	"       rcfctl path recall ID\n"
	"       rcfctl path del ID [--no-wait | --wait-timeout MS]\n"
	"       rcfctl path request master N dst N\n"
	"       rcfctl path fail master N dst N [error NAME|NUM]\n"
	"HOP := PORT | PORT.VC   (the master's port and the VC of the whole\n"
	"       path, then each switch's output port)\n"
	"STATE := held | recall | returned | broken\n"
	"add without hops takes the shortest path (VC 0) whose switch\n"
	"ports no circuit or route holds, and prints the id made.  del\n"
	"recalls a held path, waits for its mastership (default 10000\n"
	"ms) and deletes it; --no-wait deletes at once, which the kernel\n"
	"refuses unless the path is returned or broken.  request raises\n"
	"a path request by hand; fail fails the outstanding one (default\n"
	"EHOSTUNREACH): its waiting messages are dropped as no-path.\n";

void help_path(FILE *f)
{
	fputs(path_help, f);
}

/* ALGO and each one's options, from the registry */
static void help_routers(FILE *f)
{
	fputs("ALGO, its options:\n", f);
	for (size_t i = 0; rcf_routers[i]; i++) {
		const struct rcf_router *r = rcf_routers[i];

		fprintf(f, "  %-13s %s%s\n", r->name, r->help,
			r->flags & RCF_ROUTER_NEEDS_NIG ? " (needs a NIG)"
							: "");
		rcf_router_help(f, r, "--");
	}
}

void help_object(FILE *f, enum rcf_kind kind)
{
	fputs(kind == RCF_K_PATH ? path_help : object_help[kind], f);
	if (kind == RCF_K_ROUTE)
		help_routers(f);
}

void help_topo(FILE *f)
{
	fputs("Usage: rcfctl topo apply GEN [--dry-run]\n"
	      "       rcfctl topo save FILE\n"
	      "       rcfctl topo load FILE [--dry-run]\n"
	      "       rcfctl topo swap A B\n"
	      "       rcfctl topo import --format ibnetdiscover|ibsim FILE "
	      "[-o OUT]\n"
	      "       rcfctl topo export --format ibnetdiscover|ibsim\n"
	      "                          (--topo FILE | --gen GEN) [-o OUT]\n"
	      "       rcfctl topo stats GEN [--all]\n"
	      "       rcfctl topo draw [GEN | --topo FILE] [--shape GEN]\n"
	      "                 [--layout auto|circle|neato|sfdp]\n"
	      "                 [--load FILE | --live-load] [--title T] "
	      "[-o FILE]\n"
	      "GEN := ring:N | mesh:XxY | torus:XxY | hypercube:D | hcube:D |\n"
	      "       sp1:16 | sp1:32 | sp1:64 | sp1:128 | sp1:256 | sp1:512 "
	      "|\n"
	      "       prdt:S:n:R | rdt:S:n:R:m |\n"
	      "       fattree:K:N | clos:D:U:L | clos:D:U:L:M:P | kport:N:K |\n"
	      "       supernode:ring:N | supernode:mesh:XxY |\n"
	      "       supernode:hypercube:D\n"
	      "apply and load need an empty fabric (rcfctl fabric del);\n"
	      "FILE is batch syntax, - is stdin or stdout.  supernode: builds\n"
	      "processors with 4 links into crossbars whose circuits realise\n"
	      "the topology; swap exchanges the places of processors A and B\n"
	      "in one epoch (mapping in $RCF_SUPERNODE_STATE, default\n"
	      "/run/rcf/supernode).  stats prints counts, degree, diameter\n"
	      "and average distance (router hops) of ring, mesh, torus,\n"
	      "hypercube, hcube, prdt and rdt networks without a fabric,\n"
	      "up to 2^20 routers; --all searches from every router; of\n"
	      "fattree and clos fabrics as built, their switches the\n"
	      "routers.  draw writes an SVG of GEN, FILE or the live fabric\n"
	      "(the generator's layout, else Graphviz), links coloured by the\n"
	      "bytes of rcfctl [-j] stats channels output (--load) or the\n"
	      "kernel's counters (--live-load); links down dashed red.\n",
	      f);
}

void help_monitor(FILE *f)
{
	fputs("Usage: rcfctl [-j] monitor\n"
	      "Prints every fabric event as it comes, until interrupted:\n"
	      "add, del, set of any object; every epoch (applied or rolled\n"
	      "back, phase times in microseconds); node threshold events\n"
	      "(fabric set msg-threshold); the end of a traffic run; path\n"
	      "requests and their failures (fabric set path-timeout); each\n"
	      "path whose mastership came back (returned), and each switch\n"
	      "whose routing relation was set or removed.\n",
	      f);
}

void help_traffic(FILE *f)
{
	fputs("Usage: rcfctl traffic start PATTERN [FILE] [step I] [rate R]\n"
	      "                    [size S|MIN-MAX|S:W,S:W...]\n"
	      "                    [cycles N|messages N] [seed S]\n"
	      "                    [hotspot N [share P]] [warmup N]\n"
	      "                    [arrival bernoulli|periodic] [self on|off]\n"
	      "       rcfctl traffic stop\n"
	      "       rcfctl traffic show [-j]\n"
	      "       rcfctl traffic wait [-j]\n"
	      "PATTERN := uniform | doloop | exor | ncube | bitrev | "
	      "transpose |\n"
	      "           hotspot | nig FILE | trace FILE\n"
	      "           (doloop, exor, ncube need a step; nig: a node\n"
	      "           interaction graph, SRC DST FLOW lines; trace:\n"
	      "           CYCLE SRC DST BYTES lines, at most 1536)\n"
	      "R: bytes per 1000 cycles per node (default 100); S: message\n"
	      "bytes (default 64); default 10000 cycles, seed 1; P: the hot\n"
	      "spot's share in 1/1000 (default 200).  self on: uniform\n"
	      "traffic may pick its own node (1 in n), refused as it has no\n"
	      "route, as rcfsim --self.  A run takes over the\n"
	      "data path on a fresh engine; IP waits until it is done.\n"
	      "wait blocks until the run is over, prints its results and\n"
	      "fails unless every message arrived.\n",
	      f);
}
