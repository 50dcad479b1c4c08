# What the native builds beside the core (test/, bench/) compile, named
# from either folder: the core's sources as the module builds them, and
# daemon/lib's generators and routers (each router behind the registry,
# routers.c), as rcfctl builds fabrics and routes, for the fabrics of
# gen_fabric.c (the engine comparison and the route benchmark).
CORE := $(wildcard $(addsuffix /*.c,../model ../engine ../adapter ../traffic))

LIBDIR := ../../../daemon/lib
ROUTERS := $(patsubst $(LIBDIR)/%,%,$(wildcard $(LIBDIR)/route/route*.c \
	$(LIBDIR)/route/nodes_only.c))
ROUTERS := $(filter-out route/route_eval%,$(ROUTERS))
GEN_LIB := topo/topo.c topo/topo_gen.c topo/topo_switched.c topo/topo_sp1.c \
	topo/topo_rdt.c topo/topo_hcube.c route/cdg.c \
	topo/rdt.c topo/rdt_ring.c topo/rdt_place.c topo/rdt_walk.c route/relation.c \
	route/relation_check.c \
	route/relation_turn.c route/relation_rdt.c route/relation_rdt_mr.c \
	route/relation_updown.c obj/obj.c obj/parse.c obj/rcf_limits.c route/graph.c \
	$(ROUTERS) route/nig.c out/fmt.c out/json.c util/errf.c util/num.c \
	util/lines.c
