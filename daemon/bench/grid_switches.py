#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Topology file of a mesh or torus of switches, one node on each.

The generators' mesh:XxY and torus:XxY are nodes that relay for each
other (store and forward); simulators such as BookSim2 have a router per
terminal.  This writes that fabric: switch i has its node on port 0 and
ports 1 +x, 2 -x, 3 +y, 4 -y; routes are dimension order, X then Y.  On
a torus each ring's wrap link is its dateline (VC 1 after it, with
--vcs 2), and a destination half way round a ring goes "+" unless
--tie-seed picks a side at random per pair and dimension.

    grid_switches.py mesh 4 4 >mesh4.topo
    grid_switches.py torus 8 8 --vcs 2 --tie-seed 1 >torus8.topo
"""
import argparse
import random


def dim_hops(frm, to, length, plus, wrap, vcs, rng):
    fwd = (to - frm) % length
    if not wrap:
        up, steps = to > frm, abs(to - frm)
    else:
        tie = fwd == length - fwd
        up = fwd < length - fwd or (tie and (rng is None or rng.random() < 0.5))
        steps = fwd if up else length - fwd
    hops, pos, vc = [], frm, 0
    for _ in range(steps):
        # the wrap link is the ring's dateline
        if wrap and vcs > 1 and ((up and pos == length - 1) or
                                 (not up and pos == 0)):
            vc = 1
        hops.append("%d.%d" % (plus if up else plus + 1, vc))
        pos = (pos + (1 if up else -1)) % length
    return hops


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kind", choices=["mesh", "torus"])
    ap.add_argument("x", type=int)
    ap.add_argument("y", type=int)
    ap.add_argument("--vcs", type=int, default=1, choices=[1, 2])
    ap.add_argument("--tie-seed", type=int, default=0)
    a = ap.parse_args()
    wrap = a.kind == "torus"
    n = a.x * a.y
    out = ["# %s:%dx%d of switches, one node each (grid_switches.py)" %
           (a.kind, a.x, a.y)]
    for i in range(n):
        out.append("node add id %d ports 1" % i)
    for i in range(n):
        out.append("switch add id %d ports 5" % i)
    lid = 0
    for i in range(n):
        out.append("link add id %d node %d port 0 switch %d port 0 vcs %d" %
                   (lid, i, i, a.vcs))
        lid += 1
    for i in range(n):
        c, r = i % a.x, i // a.x
        if c + 1 < a.x or (wrap and a.x > 2):
            j = r * a.x + (c + 1) % a.x
            out.append("link add id %d switch %d port 1 switch %d port 2 "
                       "vcs %d" % (lid, i, j, a.vcs))
            lid += 1
        if r + 1 < a.y or (wrap and a.y > 2):
            j = ((r + 1) % a.y) * a.x + c
            out.append("link add id %d switch %d port 3 switch %d port 4 "
                       "vcs %d" % (lid, i, j, a.vcs))
            lid += 1
    for s in range(n):
        for d in range(n):
            if s == d:
                continue
            rng = random.Random(a.tie_seed * 1000003 + s * n + d) \
                if a.tie_seed else None
            hops = ["0"]
            hops += dim_hops(s % a.x, d % a.x, a.x, 1, wrap, a.vcs, rng)
            hops += dim_hops(s // a.x, d // a.x, a.y, 3, wrap, a.vcs, rng)
            hops.append("0")
            out.append("route add src %d dst %d index 0 hops %s" %
                       (s, d, " ".join(hops)))
    print("\n".join(out))


if __name__ == "__main__":
    main()
