"""Writes a PDDL problem with its objects renamed: the same task up to the
names, so a planner that orders atoms and operators by name (Fast
Downward sorts them) breaks ties differently.

    python3 rename.py IN.pddl OUT.pddl SEED

SEED 0 reverses the names' order, any other seeds a random permutation.
Objects become x0000, x0001, ...; only tokens from (:objects on are
renamed, so the domain and the problem's name stay as they are.
"""
import random, re, sys

src = open(sys.argv[1]).read()
seed = int(sys.argv[3])
start = src.lower().index('(:objects')
end = src.index(')', start)
toks = src[start + len('(:objects'):end].split()
objs, k = [], 0
while k < len(toks):
    if toks[k] == '-':
        k += 2  # the type after the dash
        continue
    objs.append(toks[k].lower())
    k += 1
perm = sorted(set(objs))
if seed == 0:
    perm.reverse()
else:
    random.Random(seed).shuffle(perm)
new = {name: 'x%04d' % rank for rank, name in enumerate(perm)}
body = re.sub(r'[^\s()]+', lambda m: new.get(m.group(0).lower(), m.group(0)), src[start:])
open(sys.argv[2], 'w').write(src[:start] + body)
