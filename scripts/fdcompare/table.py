"""Merges fd.tsv and goap.tsv (run.sh) into the side-by-side tables: costs
checked, search CPU time and peak memory as goap/FD ratios.

    python3 table.py FD_TSV GOAP_TSV [OPTIMAL_TSV]

OPTIMAL_TSV (../shared/pddl/optimal.tsv) adds a check of both planners'
costs against the known optimal ones. A cost that differs anywhere is
printed first, in capitals, and makes the exit status 1: both planners
are optimal, so any difference is a bug.

Ratios are goap's figure over FD's (below 1: goap uses less). CPU: each
search's CPU time, over the instances both solve where FD searches 0.1 s
or more (below that both are timer noise). Memory: goap's process max RSS
over FD's search process max RSS, and over FD's own "Peak memory" line
(VmPeak, virtual), over the instances both solve; the domain table takes
them over the CPU column's instances. Under GOMEMLIMIT, over the
instances goap also solves at that setting.
"""
import math, re, statistics, sys


def dur(s):
    """Seconds in a figure of either side: FD's plain seconds or a Go
    duration (56µs, 1.2ms, 3.4s, 1m2.3s); None for '-' or ''."""
    if s in ('-', ''):
        return None
    m = re.match(r'^([0-9.]+)(µs|us|ms|s|m)?$', s)
    if not m:
        m2 = re.match(r'^(\d+)m([0-9.]+)s$', s)
        return int(m2.group(1)) * 60 + float(m2.group(2)) if m2 else None
    v, u = float(m.group(1)), m.group(2) or 's'
    return v * {'µs': 1e-6, 'us': 1e-6, 'ms': 1e-3, 's': 1, 'm': 60}[u]


def kb(s):
    return None if s in ('-', '', None) else int(s)


def field(f, i):
    return f[i] if i < len(f) else '-'


def load_fd(name):
    rows = {}
    for line in open(name):
        f = line.rstrip('\n').split('\t')
        rows[(f[0], f[1])] = dict(cost=f[2], exp=f[3], cpu=dur(f[4]), peak=kb(field(f, 5)),
                                  rss=kb(field(f, 6)), trss=kb(field(f, 7)))
    return rows


def load_goap(name):
    rows = []
    for line in open(name):
        f = line.rstrip('\n').split('\t')
        rows.append(((f[0], f[1]), dict(cost=f[2], exp=f[3], cpu=dur(f[4]), rss=kb(field(f, 5)),
                                        mlcost=field(f, 6), mlcpu=dur(field(f, 7)), mlrss=kb(field(f, 8)))))
    return rows


def load_optimal(name):
    rows = {}
    for line in open(name):
        f = line.rstrip('\n').split('\t')
        if f[0] != 'domain':
            rows[(f[0], f[1])] = f[2]
    return rows


def same(a, b):
    return float(a) == float(b)


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def mib(k):
    return '—' if k is None else '%.1f' % (k / 1024)


def secs(x):
    if x is None:
        return '—'
    return '%.3f s' % x if x < 10 else '%.1f s' % x


def spread(rs):
    """'median (min–max)' of (ratio, instance) pairs, or —."""
    if not rs:
        return '—'
    v = [r for r, _ in rs]
    return '%.2f (%.2f–%.2f)' % (statistics.median(v), min(v), max(v))


def summary(what, rs):
    if not rs:
        return '%s: none' % what
    v = [r for r, _ in rs]
    worst = max(rs)
    return '%s, %d instances: median %.2f, geomean %.2f, worst %.2f (%s), best %.2f' % (
        what, len(rs), statistics.median(v), geomean(v), worst[0], worst[1], min(v))


def main():
    fd = load_fd(sys.argv[1])
    goap = load_goap(sys.argv[2])
    opt = load_optimal(sys.argv[3]) if len(sys.argv) > 3 else {}
    has_ml = any(g['mlrss'] is not None for _, g in goap)
    bad = []
    domains = []
    per = {}
    rows = []
    for k, g in goap:
        f = fd[k]
        d = k[0]
        if d not in per:
            domains.append(d)
            per[d] = dict(n=0, sf=0, sg=0, exp=[], cpu=[], rss=[], peak=[], mlrss=[], mlcpu=[], rssq=[], peakq=[], mlrssq=[])
        p = per[d]
        name = '%s/%s' % k
        fsol, gsol = f['cost'] != '-', g['cost'] != '-'
        p['n'] += 1
        p['sf'] += fsol
        p['sg'] += gsol
        if fsol and gsol and not same(f['cost'], g['cost']):
            bad.append('%s: FD cost %s, goap cost %s' % (name, f['cost'], g['cost']))
        for who, c in (('FD', f['cost']), ('goap', g['cost'])):
            if c != '-' and k in opt and opt[k] != '-' and not same(c, opt[k]):
                bad.append('%s: %s cost %s, optimal.tsv %s' % (name, who, c, opt[k]))
        if gsol and g['mlcost'] not in ('-', g['cost']) and not same(g['mlcost'], g['cost']):
            bad.append('%s: goap cost %s, at GOMEMLIMIT %s' % (name, g['cost'], g['mlcost']))
        cpu = rss = ''
        if fsol and gsol:
            p['exp'].append((int(g['exp']) / int(f['exp']), name))
            if f['cpu'] is not None and f['cpu'] >= 0.1 and g['cpu']:
                r = g['cpu'] / f['cpu']
                p['cpu'].append((r, name))
                cpu = '%.2f' % r
                if f['rss'] and g['rss']:
                    p['rssq'].append((g['rss'] / f['rss'], name))
                if f['peak'] and g['rss']:
                    p['peakq'].append((g['rss'] / f['peak'], name))
                if g['mlcpu'] is not None and g['mlcost'] != '-':
                    p['mlcpu'].append((g['mlcpu'] / f['cpu'], name))
                    if f['rss'] and g['mlrss']:
                        p['mlrssq'].append((g['mlrss'] / f['rss'], name))
            if f['rss'] and g['rss']:
                r = g['rss'] / f['rss']
                p['rss'].append((r, name))
                rss = '%.2f' % r
            if f['peak'] and g['rss']:
                p['peak'].append((g['rss'] / f['peak'], name))
            if f['rss'] and g['mlrss'] and g['mlcost'] != '-':
                p['mlrss'].append((g['mlrss'] / f['rss'], name))
        cost = g['cost'] if gsol else (f['cost'] + ' (FD)' if fsol else '—')
        row = [name, cost, f['exp'] if fsol else 'not in 30 s', g['exp'] if gsol else 'not in 30 s',
               secs(f['cpu']) if fsol else '—', secs(g['cpu']) if gsol else '—', cpu,
               mib(f['peak']), mib(f['rss']), mib(g['rss']), rss]
        if has_ml:
            ml = g['mlcost'] != '-'
            row += [mib(g['mlrss']) + ('' if ml or g['mlrss'] is None else ' (not solved)'),
                    secs(g['mlcpu']) if ml else ('over 30 s' if g['mlcpu'] else '—')]
        rows.append(row)

    if bad:
        print('COSTS DIFFER (both planners are optimal: this is a bug):')
        for b in bad:
            print('  ' + b)
        print()
    head = ['instance', 'cost', 'FD expanded', 'goap expanded', 'FD search CPU', 'goap search CPU', 'CPU goap/FD',
            'FD Peak memory MiB', 'FD max RSS MiB', 'goap max RSS MiB', 'RSS goap/FD']
    if has_ml:
        head += ['goap max RSS MiB at GOMEMLIMIT', 'goap search CPU at GOMEMLIMIT']
    print('| ' + ' | '.join(head) + ' |')
    print('|---|' + '---:|' * (len(head) - 1))
    for r in rows:
        print('| ' + ' | '.join(r) + ' |')
    print()

    # The memory columns take the instances of the CPU column: below 0.1 s
    # of search both processes are their baseline (runtime, task), not
    # their search's storage; the lines under the table give all.
    head = ['domain', 'instances', 'solved in 30 s: FD / goap', 'expansions goap/FD', 'FD searches ≥ 0.1 s',
            'search CPU goap/FD', 'max RSS goap/FD', 'goap max RSS / FD Peak memory']
    if has_ml:
        head += ['max RSS goap at GOMEMLIMIT / FD']
    print('| ' + ' | '.join(head) + ' |')
    print('|---|---:|---|---|---:|---|---|---|' + ('---|' if has_ml else ''))
    alls = {key: [] for key in per[domains[0]]} if domains else {}
    for d in domains + ['all']:
        if d == 'all':
            p = {key: (sum(per[x][key] for x in domains) if key in ('n', 'sf', 'sg') else
                       [r for x in domains for r in per[x][key]]) for key in alls}
        else:
            p = per[d]
        row = [d, str(p['n']), '%d / %d' % (p['sf'], p['sg']), spread(p['exp']), str(len(p['cpu'])),
               spread(p['cpu']), spread(p['rssq']), spread(p['peakq'])]
        if has_ml:
            row.append(spread(p['mlrssq']))
        print('| ' + ' | '.join(row) + ' |')
    print()
    print('solved: FD %d, goap %d of %d' % (p['sf'], p['sg'], p['n']))
    print('costs: %s' % ('%d DIFFER (listed first)' % len(bad) if bad else
                         'every instance both solve has the same cost%s' % (', and optimal.tsv\'s where it has one' if opt else '')))
    print(summary('expansions goap/FD', p['exp']))
    print(summary('search CPU goap/FD (FD search >= 0.1 s)', p['cpu']))
    print(summary('max RSS goap/FD', p['rss']))
    print(summary('  where FD search >= 0.1 s', p['rssq']))
    print(summary('goap max RSS / FD Peak memory (VmPeak)', p['peak']))
    print(summary('  where FD search >= 0.1 s', p['peakq']))
    if has_ml:
        print(summary('max RSS goap at GOMEMLIMIT / FD max RSS', p['mlrss']))
        print(summary('  where FD search >= 0.1 s', p['mlrssq']))
        print(summary('search CPU goap at GOMEMLIMIT / FD (FD search >= 0.1 s)', p['mlcpu']))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
