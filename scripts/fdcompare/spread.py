"""Compares expansions under the original names and renamings 0-2
(spread.sh): Fast Downward's own spread, and goap against it.

    python3 spread.py OUT_DIR
"""
import statistics, sys

out = sys.argv[1]


def load(name):
    rows = {}
    for line in open(f'{out}/{name}'):
        f = line.rstrip('\n').split('\t')
        rows[(f[0], f[1])] = (f[2], f[3])
    return rows


fd = [load('fd.tsv')] + [load(f'fd.v{s}.tsv') for s in range(3)]
goap = [load('goap.tsv')] + [load(f'goap.v{s}.tsv') for s in range(3)]
keys = [k for k in fd[0] if fd[0][k][1] != '-']
bad = [k for k in keys for v in fd + goap if v[k][0] != fd[0][k][0]]
if bad:
    sys.exit(f'cost differs between runs on {sorted(set(bad))}: not the same task')
spread, inside, rows = 0, 0, []
for k in keys:
    f = [int(v[k][1]) for v in fd]
    g = [int(v[k][1]) for v in goap]
    spread += max(f) > 1.05 * min(f)
    inside += g[0] <= 1.05 * max(f)
    rows.append((statistics.median(g) / statistics.median(f), k, f, g))
print(f'instances: {len(keys)}')
print(f"FD's own max/min over the 4 namings above 1.05: {spread}")
print(f"goap (original names) within 1.05x of FD's largest count: {inside}")
ratios = [r for r, *_ in rows]
print('goap median over namings / FD median over namings: median %.3f, max %.2f, above 1.05: %d'
      % (statistics.median(ratios), max(ratios), sum(r > 1.05 for r in ratios)))
print()
print('| instance | FD: original, renamed 0, 1, 2 | FD max/min | goap: original, renamed 0, 1, 2 | goap median / FD median |')
print('|---|---|---:|---|---:|')
for r, k, f, g in sorted(rows, key=lambda x: -max(x[2]) / min(x[2])):
    if max(f) > 1.05 * min(f) or r > 1.05 or g[0] > 1.05 * f[0]:
        print(f"| {k[0]}/{k[1]} | {', '.join(map(str, f))} | {max(f) / min(f):.2f} | {', '.join(map(str, g))} | {r:.2f} |")
