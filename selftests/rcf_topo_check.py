#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check a fabric, read from `rcfctl -j` dumps, against what a generator
must have built.

Usage: rcf_topo_check.py DIR KEY=VALUE...
DIR holds node.json, switch.json and link.json (rcfctl -j OBJ show).
Keys: nodes, switches, links (counts); node_degree (every node's);
node_degrees (histogram, e.g. 2:4,3:8,4:4); free_switch_ports (switch
ports without a link, in total); hypercube (links join ids differing in
exactly one bit, on that bit's port at both ends); connected (every node
reaches every other).  Prints what is wrong; exits 1 if anything is.

Whether the fabric keeps the model's rules (link ends that exist, ports
in range, one link per port) is not asked here: the model says, through
rcfctl topo load --dry-run on what rcfctl topo save wrote (rcf_topo.sh).
"""
import collections
import json
import os
import sys


def main():
    d = sys.argv[1]
    want = dict(a.split('=', 1) for a in sys.argv[2:])
    load = lambda n: json.load(open(os.path.join(d, n + '.json')))
    nodes, switches, links = load('node'), load('switch'), load('link')
    errs = []

    def expect(what, w, got):
        if str(w) != str(got):
            errs.append(f'{what}: want {w}, got {got}')

    for key, objs in (('nodes', nodes), ('switches', switches),
                      ('links', links)):
        if key in want:
            expect(key, want[key], len(objs))

    used = set()
    adj = collections.defaultdict(set)
    for l in links:
        ends = [(l[side]['kind'], l[side]['id']) for side in ('a', 'b')]
        for side, k in zip(('a', 'b'), ends):
            used.add((k, l[side]['port']))
        adj[ends[0]].add(ends[1])
        adj[ends[1]].add(ends[0])
        if 'hypercube' in want:
            x = l['a']['id'] ^ l['b']['id']
            if x == 0 or x & (x - 1):
                errs.append(f'link {l["id"]} joins {l["a"]["id"]} and '
                            f'{l["b"]["id"]}: not one bit apart')
            elif not (l['a']['port'] == l['b']['port'] == x.bit_length() - 1):
                errs.append(f'link {l["id"]}: bit {x.bit_length() - 1} '
                            f'on ports {l["a"]["port"]}/{l["b"]["port"]}')

    deg = collections.Counter(k for k, _p in used)
    node_deg = collections.Counter(deg[('node', n['id'])] for n in nodes)
    if 'node_degree' in want:
        bad = [n['id'] for n in nodes
               if deg[('node', n['id'])] != int(want['node_degree'])]
        if bad:
            errs.append(f'nodes of degree other than {want["node_degree"]}:'
                        f' {bad[:8]} (histogram {dict(node_deg)})')
    if 'node_degrees' in want:
        w = {int(a): int(b) for a, b in
             (x.split(':') for x in want['node_degrees'].split(','))}
        expect('node degree histogram', w, dict(sorted(node_deg.items())))
    if 'free_switch_ports' in want:
        free = sum(s['ports'] - deg[('switch', s['id'])] for s in switches)
        expect('free switch ports', want['free_switch_ports'], free)
    if 'connected' in want and nodes:
        start = ('node', nodes[0]['id'])
        seen, todo = {start}, [start]
        while todo:
            for nb in adj[todo.pop()]:
                if nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        lost = [n['id'] for n in nodes if ('node', n['id']) not in seen]
        if lost:
            errs.append(f'{len(lost)} nodes unreachable from node '
                        f'{nodes[0]["id"]}, e.g. {lost[:8]}')
    for e in errs:
        print(e)
    return 1 if errs else 0


if __name__ == '__main__':
    sys.exit(main())
