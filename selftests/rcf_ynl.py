#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The kernel's own netlink client drives rcf from the spec alone.

YNL (tools/net/ynl of linux-source-6.12, extracted on the host by
scripts/ynl-src when the selftests are built) reads
Documentation/netlink/specs/rcf.yaml; nothing here knows a command or an
attribute number.  Every request operation is done (and dumped where it
dumps), a listener on the events group must decode every notification of
the spec, a refusal must come back with its extended ack decoded, and the
CLI itself does a dump and shows a refusal.  TAP output; needs root and
rcf.ko loaded; skips when YNL was not extracted or python lacks yaml.
"""
import json
import os
import socket
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.path.join(TOP, 'Documentation/netlink/specs/rcf.yaml')
YNL_TOP = os.path.join(TOP, 'build/ynl')
YNL = os.path.join(YNL_TOP, 'tools/net/ynl')
SCHEMA = os.path.join(YNL_TOP, 'Documentation/netlink/genetlink-legacy.yaml')

results = []


def check(ok, name, diag=''):
    results.append((bool(ok), name, diag))
    return ok


def done():
    print('TAP version 13')
    print(f'1..{len(results)}')
    for i, (ok, name, diag) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {i} {name}')
        if not ok and diag:
            for line in str(diag).splitlines():
                print(f'# {line}')
    sys.exit(0 if all(ok for ok, _, _ in results) else 1)


def skip(why):
    print('TAP version 13')
    print(f'1..0 # SKIP {why}')
    sys.exit(4)  # kselftest's skip


if not os.path.exists(os.path.join(YNL, 'cli.py')):
    skip('no YNL in build/ynl: run scripts/ynl-src (make -C selftests)')
try:
    import yaml  # noqa: F401  YNL's own dependency
except ImportError:
    skip('python3 has no yaml module')
sys.path.insert(0, YNL)
from lib import NlError, YnlFamily  # noqa: E402


class Fabric:
    """One client for requests, one listening to the events group."""

    def __init__(self):
        self.nl = YnlFamily(SPEC, SCHEMA)
        self.ev = YnlFamily(SPEC, SCHEMA)
        self.ev.ntf_subscribe('events')
        # room for a traffic run's threshold events (root: FORCE)
        self.ev.sock.setsockopt(socket.SOL_SOCKET, 33, 8 << 20)
        self.seen = {}

    def do(self, op, vals=None, flags=None):
        return self.nl.do(op, vals or {}, flags)

    def dump(self, op, vals=None):
        return self.nl.dump(op, vals or {})

    def drain(self):
        try:
            self.ev.check_ntf()
        except OSError as e:  # overrun: what was lost is looked for again
            self.lost = getattr(self, 'lost', 0) + 1
            check(e.errno == 105, 'the events socket fails only by overrun',
                  repr(e))
        while self.ev.async_msg_queue:
            m = self.ev.async_msg_queue.pop(0)
            self.seen.setdefault(m['name'], []).append(m['msg'])

    def wait(self, name, cond=lambda m: True, secs=30):
        end = time.time() + secs
        while time.time() < end:
            self.drain()
            if any(cond(m) for m in self.seen.get(name, [])):
                return True
            time.sleep(0.05)
        return False


def refused(f, op, vals):
    try:
        f.do(op, vals)
    except NlError as e:
        return e
    return None


def objects(f):
    """NEW, GET (do and dump), SET, DEL of every object kind."""
    f.do('fabric-new', {'fabric-cq-size': 2048, 'epoch-mode': 'drain',
                        'epoch-timeout-ms': 5000})
    fab = f.do('fabric-get')
    check(fab.get('fabric-cq-size') == 2048, 'fabric-new, fabric-get', fab)
    f.do('fabric-set', {'fabric-msg-threshold': 1000,
                        'fabric-route-policy': 'least-loaded'})
    fab = f.do('fabric-get')
    check(fab.get('fabric-route-policy') == 'least-loaded',
          'fabric-set: an enum by name, read back by name', fab)

    for n in range(4):
        f.do('node-new', {'node-id': n})
    f.do('switch-new', {'switch-id': 0, 'switch-ports': 8})
    for n in range(4):
        # link 1 has a second VC for route-set to move to
        f.do('link-new', {'link-id': n, 'link-vcs': 2 if n == 1 else 1,
                          'link-end-a': {'kind': 'node', 'id': n, 'port': 0},
                          'link-end-b': {'kind': 'switch', 'id': 0,
                                         'port': n}})
    node = f.do('node-new', {'node-id': 9,
                             'node-addrs': {'in': [bytes([10, 9, 0, 1]),
                                                   bytes([10, 9, 0, 2])],
                                            'in6': [bytes(15) + b'\x09']}},
                [0x8])  # NLM_F_ECHO
    addrs = (node or {}).get('node-addrs', {})
    check(addrs.get('in') == ['10.9.0.1', '10.9.0.2'] and
          addrs.get('in6') == ['::9'],
          'node-new echo: repeated addresses decode as addresses', node)
    f.do('node-set', {'node-id': 9, 'node-addrs': {'in': [bytes([10, 9, 0, 3])]}})
    got = f.do('node-get', {'node-id': 9})
    check(got.get('node-addrs', {}).get('in') == ['10.9.0.3'],
          'node-set, node-get', got)
    check(len(f.dump('node-get')) == 5, 'node-get dump')
    f.do('node-del', {'node-id': 9})

    f.do('switch-set', {'switch-id': 0, 'switch-cq-size': 4096})
    sw = f.do('switch-get', {'switch-id': 0})
    check(sw.get('switch-cq-size') == 4096 and len(f.dump('switch-get')) == 1,
          'switch-set, switch-get do and dump', sw)
    f.do('link-set', {'link-id': 3, 'link-state': 'down'})
    ln = f.do('link-get', {'link-id': 3})
    check(ln.get('link-state') == 'down' and
          ln.get('link-end-b', {}).get('kind') == 'switch' and
          len(f.dump('link-get')) == 4, 'link-set, link-get do and dump', ln)
    f.do('link-set', {'link-id': 3, 'link-state': 'up'})

    f.do('circuit-new', {'circuit-switch': 0, 'circuit-in-port': 5,
                         'circuit-out-port': 6})
    f.do('circuit-set', {'circuit-switch': 0, 'circuit-in-port': 5,
                         'circuit-out-port': 7})
    c = f.do('circuit-get', {'circuit-switch': 0, 'circuit-in-port': 5})
    check(c.get('circuit-out-port') == 7 and len(f.dump('circuit-get')) == 1,
          'circuit-new, -set, -get do and dump', c)
    f.do('circuit-del', {'circuit-switch': 0, 'circuit-in-port': 5})

    # route bytes: the node's port, then the switch's
    f.do('route-new', {'route-src': 0, 'route-dst': 1, 'route-index': 0,
                       'route-hops': '0001'})
    f.do('route-new', {'route-src': 1, 'route-dst': 0, 'route-index': 0,
                       'route-hops': '0000'})
    f.do('route-new', {'route-src': 0, 'route-dst': 1, 'route-index': 1,
                       'route-hops': '0001'})
    # the switch's output port 1, VC 1 (0x21)
    f.do('route-set', {'route-src': 0, 'route-dst': 1, 'route-index': 1,
                       'route-hops': '0021'})
    r = f.do('route-get', {'route-src': 0, 'route-dst': 1, 'route-index': 1})
    check(r.get('route-hops') == '00 21' and
          len(f.dump('route-get', {'route-src': 0})) == 2,
          'route-new, -set, -get do and dump (filtered), hops in hex', r)
    f.do('route-del', {'route-src': 0, 'route-dst': 1, 'route-index': 1})

    cmd = f.nl.msgs['node-new'].req_value
    f.do('batch', {'batch': [{'batch-op': [
        {'op-cmd': cmd, 'node-id': 7},
        {'op-cmd': f.nl.msgs['node-del'].req_value, 'node-id': 7}]}]})
    check(len(f.dump('node-get')) == 4, 'batch: a node made and deleted')


def traffic(f):
    f.do('stats-reset')
    # copies of what node 0 sends come to the socket that asked: one of
    # their own, so that they crowd no event out of the events socket
    cap = YnlFamily(SPEC, SCHEMA)
    # SOL_NETLINK, NETLINK_NO_ENOBUFS: the kernel counts what overflows
    cap.sock.setsockopt(270, 5, 1)
    cap.do('capture-start', {'capture-node': 0, 'capture-dirs': 1})
    f.do('traffic-start', {'traffic': {'pattern': 'uniform', 'rate': 2000,
                                       'cycles': 1000000000}})
    check(f.wait('node-threshold', secs=60),
          'the run passes a node threshold: node-threshold')
    run = f.do('traffic-get')
    check('running' in run.get('traffic', {}), 'traffic-start, traffic-get',
          run)
    f.do('traffic-stop')
    try:
        cap.check_ntf()
    except OSError:  # copies past its buffer: the kernel counts them
        pass
    pkts = [m['msg'] for m in cap.async_msg_queue
            if m['name'] == 'capture-pkt']
    f.seen.setdefault('capture-pkt', []).extend(pkts)
    check(len(pkts) > 0 and
          all(m.get('capture-node') == 0 and m.get('capture-dir') == 'tx' and
              m.get('capture-route-len') == 2 and
              m.get('capture-hdr-len') == 8 and
              m['capture-packet'][0] == len(m['capture-packet'])
              for m in pkts),
          'capture-start, capture-pkt: node 0\'s packets',
          f'{len(pkts)} copies, first {pkts[:1]}')
    f.do('fabric-set', {'fabric-msg-threshold': 0})
    check(f.wait('traffic-done-ntf', lambda m: 'done' in m.get('traffic', {})),
          'traffic-stop: the run ends with traffic-done-ntf')
    st = f.dump('stats-get', {'stats-kind': 'fabric'})
    s = st[0].get('stats', {}) if st else {}
    hist = s.get('lat-hist', [])
    check(hist and all('bucket' in h and 'count' in h for h in hist),
          'stats-get: the latency histogram as keyed entries', s)
    chans = f.dump('stats-get', {'stats-kind': 'channel'})
    check(len(chans) > 0, 'stats-get dump of channels')
    drops = s.get('drops', [])
    check(all(isinstance(d.get('reason'), str) for d in drops),
          'stats-get: drop reasons decode by name', drops)


def paths(f):
    # node 2 (switch port 2) to node 3 (switch port 3), no route there
    p = f.do('path-new', {'path-id': 1, 'path-master': 2, 'path-dst': 3,
                          'path-hops': '0003'}, [0x8])
    check(p and p.get('path-state') == 'held', 'path-new echo: held', p)
    check(f.do('path-get', {'path-id': 1}).get('path-circuits') == 1 and
          len(f.dump('path-get')) == 1, 'path-get do and dump')
    f.do('path-set', {'path-id': 1, 'path-state': 'recall'})
    check(f.wait('path-returned', lambda m: m.get('path-id') == 1),
          'path-set recall: path-returned follows')
    f.do('path-del', {'path-id': 1})
    f.do('fabric-set', {'fabric-path-timeout-ms': 60000})
    f.do('path-request', {'path-master': 2, 'path-dst': 3})
    check(f.wait('path-request-ntf',
                 lambda m: m.get('path-master') == 2 and
                 'path-error' not in m),
          'path-request raises one: path-request-ntf')
    f.do('path-request', {'path-master': 2, 'path-dst': 3,
                          'path-error': 110})
    check(f.wait('path-request-ntf', lambda m: m.get('path-error') == 110),
          'path-request with path-error fails it: path-request-ntf')
    f.do('fabric-set', {'fabric-path-timeout-ms': 0})


def relations(f):
    """REL_SET, the dump, REL_DEL: switch 0's relation and its events."""
    ents = [{'dst': n, 'cand': [{'port': n, 'escape': True}]}
            for n in range(4)]
    f.do('rel-set', {'rel-switch': 0, 'rel-entry': ents})
    got = f.dump('rel-get')
    rel = got[0] if got else {}
    check(rel.get('rel-switch') == 0 and
          sorted(e.get('dst') for e in rel.get('rel-entry', [])) == [0, 1, 2, 3],
          'rel-set, rel-get dump: a nest of nests comes back', got)
    f.do('rel-del', {'rel-switch': 0})
    check(f.dump('rel-get') == [], 'rel-del', f.dump('rel-get'))

    # input masks: node 1's packets from node 0 only; switch 0 has 8 ports
    ents[1]['cand'][0]['in'] = 0x1
    f.do('rel-set', {'rel-switch': 0, 'rel-entry': ents})
    got = f.dump('rel-get')
    masks = {e.get('dst'): [c.get('in') for c in e.get('cand', [])]
             for e in (got[0] if got else {}).get('rel-entry', [])}
    check(masks == {0: [None], 1: [0x1], 2: [None], 3: [None]},
          'rel-set with an input mask: the mask, and only it, comes back',
          got)
    bad = [dict(e, cand=[dict(c) for c in e['cand']]) for e in ents]
    bad[2]['cand'][0]['in'] = 0x100
    e = refused(f, 'rel-set', {'rel-switch': 0, 'rel-entry': bad})
    ext = (e.nl_msg.extack or {}) if e else {}
    check(e and e.error == 34 and 'input mask' in ext.get('msg', '') and
          ext.get('bad-attr', '').endswith('in') and
          f.dump('rel-get') == got,
          'rel-set, a mask bit beyond the ports: ERANGE, the mask named, '
          'nothing changed', ext)
    bad[2]['cand'][0]['in'] = 0
    e = refused(f, 'rel-set', {'rel-switch': 0, 'rel-entry': bad})
    check(e and e.error == 34 and f.dump('rel-get') == got,
          'rel-set, an empty mask: refused by the policy', e)

    # the VC rule: node 1's candidate for packets in on VC 0, on the VC
    # they came in on; it comes back as sent, and only there
    ents[1]['cand'][0].update({'vin': 0x1, 'keep': True})
    f.do('rel-set', {'rel-switch': 0, 'rel-entry': ents})
    got = f.dump('rel-get')
    rule = {e.get('dst'): [(c.get('vin'), 'keep' in c)
                           for c in e.get('cand', [])]
            for e in (got[0] if got else {}).get('rel-entry', [])}
    check(rule == {0: [(None, False)], 1: [(0x1, True)],
                   2: [(None, False)], 3: [(None, False)]},
          'rel-set with input VCs and keep: both, and only they, come back',
          got)
    bad = [dict(e, cand=[dict(c) for c in e['cand']]) for e in ents]
    bad[2]['cand'][0]['vin'] = 0x10
    e = refused(f, 'rel-set', {'rel-switch': 0, 'rel-entry': bad})
    ext = (e.nl_msg.extack or {}) if e else {}
    check(e and e.error == 34 and ext.get('bad-attr', '').endswith('vin') and
          f.dump('rel-get') == got,
          'rel-set, an input VC mask beyond VC 3: ERANGE, the mask named, '
          'nothing changed', ext)
    del bad[2]['cand'][0]['vin']
    bad[2]['cand'][0].update({'vc': 1, 'keep': True})
    e = refused(f, 'rel-set', {'rel-switch': 0, 'rel-entry': bad})
    ext = (e.nl_msg.extack or {}) if e else {}
    check(e and e.error == 22 and 'keeps the input VC' in ext.get('msg', '') and
          ext.get('bad-attr', '').endswith('keep') and
          f.dump('rel-get') == got,
          'rel-set, keep beside VC 1: EINVAL, the keep named, '
          'nothing changed', ext)
    f.do('rel-del', {'rel-switch': 0})
    wide_relation(f)


WIDE = range(10, 310)  # nodes for a relation of more lists than a byte


def wide_relation(f):
    """A switch of 304 distinct lists: each comes back whole."""
    for n in WIDE:
        f.do('node-new', {'node-id': n})
    dsts = list(range(4)) + list(WIDE)
    # a list of its own per destination: port and input mask differ
    ents = [{'dst': d, 'cand': [{'port': i % 4, 'escape': True,
                                 'in': i // 4 + 1}]}
            for i, d in enumerate(dsts)]
    f.do('rel-set', {'rel-switch': 0, 'rel-entry': ents})
    # the dump may go on over several messages of the same switch
    got = {e['dst']: [(c.get('port'), c.get('in'), 'escape' in c)
                      for c in e.get('cand', [])]
           for r in f.dump('rel-get') if r.get('rel-switch') == 0
           for e in r.get('rel-entry', [])}
    want = {e['dst']: [(e['cand'][0]['port'], e['cand'][0]['in'], True)]
            for e in ents}
    check(got == want,
          'rel-set of 304 distinct lists: every entry comes back whole',
          '%d entries back, %d differ' %
          (len(got), sum(got.get(d) != w for d, w in want.items())))
    before = f.dump('rel-get')
    bad = [dict(e, cand=[dict(c) for c in e['cand']]) for e in ents]
    bad[300]['cand'][0]['port'] = 5
    e = refused(f, 'rel-set', {'rel-switch': 0, 'rel-entry': bad})
    ext = (e.nl_msg.extack or {}) if e else {}
    check(e and e.error == 2 and 'no link' in ext.get('msg', '') and
          f.dump('rel-get') == before,
          'rel-set of many lists, a port without a link: ENOENT, '
          'nothing changed', ext)
    f.do('rel-del', {'rel-switch': 0})
    for n in WIDE:
        f.do('node-del', {'node-id': n})


def refusals(f):
    e = refused(f, 'node-set', {'node-id': 0, 'node-ports': 5})
    ext = (e.nl_msg.extack or {}) if e else {}
    check(e and e.error == 22 and 'creation only' in ext.get('msg', '') and
          ext.get('bad-attr') == '.node-ports',
          'node-set with other ports: EINVAL, message, attribute named',
          ext)
    ep = f.do('epoch-get')
    check('number' in ep.get('epoch', {}), 'epoch-get', ep)


def cli(_f):
    base = [sys.executable, os.path.join(YNL, 'cli.py'), '--spec', SPEC,
            '--schema', SCHEMA]
    r = subprocess.run(base + ['--dump', 'switch-get', '--output-json'],
                       capture_output=True, text=True, timeout=120)
    try:
        ok = json.loads(r.stdout)[0]['switch-id'] == 0
    except (ValueError, LookupError, TypeError):
        ok = False
    check(ok, 'cli.py --dump switch-get', r.stdout + r.stderr)
    r = subprocess.run(base + ['--do', 'link-new', '--json',
                               '{"link-id": 9, "link-bandwidth": 0}'],
                       capture_output=True, text=True, timeout=120)
    check(r.returncode and 'link-bandwidth' in r.stdout + r.stderr,
          'cli.py --do with a bad value: the refusal names the attribute',
          r.stdout + r.stderr)


def main():
    try:
        f = Fabric()
    except Exception as e:  # the family is not there: rcf.ko not loaded
        skip(f'YNL cannot open the family: {e}')
    try:
        f.do('fabric-del')
    except NlError:
        pass
    f.drain()
    f.seen.clear()
    for step in (objects, relations, traffic, paths, refusals, cli):
        try:
            step(f)
        except Exception as e:
            check(False, f'{step.__name__}: no exception', repr(e))
        f.drain()
    # Links go one by one for their events, after what uses them.
    try:
        for r in f.dump('route-get'):
            f.do('route-del', {k: r[k] for k in
                               ('route-src', 'route-dst', 'route-index')})
        for c in f.dump('circuit-get'):
            f.do('circuit-del', {k: c[k] for k in
                                 ('circuit-switch', 'circuit-in-port')})
        for n in range(4):
            f.do('link-del', {'link-id': n})
        f.do('switch-del', {'switch-id': 0})
        f.do('fabric-del')
    except NlError as e:
        check(False, 'the fabric taken down object by object', repr(e))
    f.wait('fabric-del-ntf')
    want = set(f.nl.ntfs)
    check(want <= set(f.seen),
          'every notification of the spec was received and decoded',
          f'missing: {sorted(want - set(f.seen))}')
    node = (f.seen.get('node-new-ntf') or [{}])[0]
    check(node.get('node-id') == 0 and 'node-ifname' in node,
          'an object notification carries the object', node)
    th = (f.seen.get('node-threshold') or [{}])[0]
    check('thresh-sent' in th, 'node-threshold decodes', th)
    done()


if __name__ == '__main__':
    main()
