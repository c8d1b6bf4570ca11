#!/usr/bin/env python3
"""Generator of goap designer files (JSON) for scaling checks.

Usage: gen.py FAMILY N OUT.json      -> writes the file, prints
       {"family","n","expected_cost"|null,"expect_no_plan":bool,"note"} on stdout.
       gen.py list                   -> lists the families.
All families are deterministic (seeded by n).
"""
import json, random, sys, math
from functools import lru_cache

FAM = {}
def family(name):
    def deco(f):
        FAM[name] = f
        return f
    return deco

def act(name, pre=None, eff=None, cost=1):
    a = {"name": name, "cost": cost}
    if pre: a["preconditions"] = pre
    a["effects"] = eff or {}
    return a

# ---------------------------------------------------------------- 1. RTS
def _rts(n, cap_mode):
    rnd = random.Random(1000 + n)
    facts, actions = {}, []
    wood_cost, gold_cost, deps = [], [], []
    for i in range(n):
        w = rnd.randint(1, 3); g = 0 if i == 0 else rnd.randint(0, 2)
        d = [] if i == 0 else sorted(set(rnd.sample(range(i), min(i, rnd.randint(1, 2)))))
        wood_cost.append(w); gold_cost.append(g); deps.append(d)
    goal_b = list(range(max(0, n - 3), n))
    need = set(); st = list(goal_b)
    while st:
        b = st.pop()
        if b in need: continue
        need.add(b); st.extend(deps[b])
    W = sum(wood_cost[b] for b in need); G = sum(gold_cost[b] for b in need)
    GW, GG = 2, 2  # gather amounts
    if cap_mode == "big":
        capw, capg = W + GW, G + GG
    else:  # small caps: stock up to 6 only
        capw, capg = 6, 6
    facts["wood"] = {"type": "int", "min": 0, "max": capw, "default": 0}
    facts["gold"] = {"type": "int", "min": 0, "max": capg, "default": 0}
    actions.append(act("GatherWood", None, {"wood": "+%d" % GW}))
    actions.append(act("GatherGold", {"b0": True}, {"gold": "+%d" % GG}))
    for i in range(n):
        pre = {"b%d" % d: True for d in deps[i]}
        pre["b%d" % i] = False
        pre["wood"] = ">= %d" % wood_cost[i]
        if gold_cost[i]: pre["gold"] = ">= %d" % gold_cost[i]
        eff = {"b%d" % i: True, "wood": "-%d" % wood_cost[i]}
        if gold_cost[i]: eff["gold"] = "-%d" % gold_cost[i]
        actions.append(act("Build%d" % i, pre, eff))
    doc = {"name": "rts%d" % n, "facts": facts, "actions": actions, "start": {},
           "goal": {"b%d" % b: True for b in goal_b}}
    exp = len(need) + math.ceil(W / GW) + math.ceil(G / GG)
    note = "closure=%d W=%d G=%d" % (len(need), W, G)
    return doc, (exp if cap_mode == "big" else None), False, note + ("" if cap_mode == "big" else " lower bound %d" % exp)

@family("rts")
def rts(n): return _rts(n, "big")
@family("rts-smallcap")
def rts_sc(n): return _rts(n, "small")

# ------------------------------------------------ 2. independent sub-plans
def _sub(n, mode):
    facts, actions = {}, []
    if mode == "hand":
        facts["holding"] = {"type": "enum", "values": ["none"] + ["it%d" % i for i in range(n)], "default": "none"}
    for i in range(n):
        if mode == "hand":
            actions.append(act("Fetch%d" % i, {"holding": "none", "done%d" % i: False}, {"holding": "it%d" % i}))
            actions.append(act("Work%d" % i, {"holding": "it%d" % i}, {"worked%d" % i: True}))
            actions.append(act("Deliver%d" % i, {"holding": "it%d" % i, "worked%d" % i: True},
                               {"holding": "none", "done%d" % i: True}))
        else:
            actions.append(act("Get%d" % i, None, {"p%d" % i: True}))
            pre = {"p%d" % i: True}
            if mode == "tool": pre["tool"] = True
            actions.append(act("Make%d" % i, pre, {"q%d" % i: True}))
            actions.append(act("Finish%d" % i, {"q%d" % i: True}, {"done%d" % i: True}))
    if mode == "tool":
        actions.append(act("PickTool", None, {"tool": True}))
    doc = {"name": "sub_%s%d" % (mode, n), "facts": facts, "actions": actions, "start": {},
           "goal": {"done%d" % i: True for i in range(n)}}
    return doc, 3 * n + (1 if mode == "tool" else 0), False, mode

@family("sub3")
def sub3(n): return _sub(n, "plain")
@family("sub3-tool")
def sub3t(n): return _sub(n, "tool")
@family("sub3-hand")
def sub3h(n): return _sub(n, "hand")

# ------------------------------------------------------- 3. unsolvable
@family("unsolv-chain-fuel")
def uchain(n):
    facts = {"fuel": {"type": "int", "min": 0, "max": n, "default": 0}}
    actions = [act("Step%d" % i, {"f%d" % i: True, "fuel": ">= 1"}, {"f%d" % (i + 1): True, "fuel": "-1"}) for i in range(n)]
    return ({"name": "uchain%d" % n, "facts": facts, "actions": actions,
             "start": {"f0": True, "fuel": n - 1}, "goal": {"f%d" % n: True}}, None, True, "fuel n-1")

@family("solv-chain-fuel")
def schain(n):
    d, _, _, _ = uchain(n)
    d["start"]["fuel"] = n
    return d, n, False, "fuel n (solvable twin)"

@family("unsolv-indep-tokens")
def utok(n):
    facts = {"tokens": {"type": "int", "min": 0, "max": n, "default": 0}}
    actions = [act("Do%d" % i, {"tokens": ">= 1", "g%d" % i: False}, {"g%d" % i: True, "tokens": "-1"}) for i in range(n)]
    return ({"name": "utok%d" % n, "facts": facts, "actions": actions,
             "start": {"tokens": n - 1}, "goal": {"g%d" % i: True for i in range(n)}}, None, True, "tokens n-1")

@family("solv-indep-tokens")
def stok(n):
    d, _, _, _ = utok(n)
    d["start"]["tokens"] = n
    return d, n, False, "tokens n (solvable twin)"

@family("surplus-indep-tokens")
def sptok(n):
    d, _, _, _ = utok(n)
    d["facts"]["tokens"]["max"] = 1000 * n
    d["start"]["tokens"] = 1000 * n
    return d, n, False, "tokens 1000n (never binding)"

@family("unsolv-mutex")
def umutex(n):
    actions = [act("SetX", None, {"x": True, "y": False}), act("SetY", None, {"y": True, "x": False})]
    actions += [act("Do%d" % i, None, {"g%d" % i: True}) for i in range(n)]
    goal = {"g%d" % i: True for i in range(n)}; goal.update({"x": True, "y": True})
    return ({"name": "umutex%d" % n, "actions": actions, "start": {}, "goal": goal}, None, True, "x/y mutex")

@family("unsolv-mutex-enum")
def umutexe(n):
    facts = {"at": {"type": "enum", "values": ["a", "b", "c"], "default": "c"}}
    actions = [act("GoA", None, {"at": "a", "inb": False, "ina": True}),
               act("GoB", None, {"at": "b", "ina": False, "inb": True})]
    actions += [act("Do%d" % i, None, {"g%d" % i: True}) for i in range(n)]
    goal = {"g%d" % i: True for i in range(n)}; goal.update({"ina": True, "inb": True})
    return ({"name": "umutexe%d" % n, "facts": facts, "actions": actions, "start": {}, "goal": goal}, None, True, "enum mutex")

# ---------------------------------------------------- 4. irrelevant actions
def _irr(n, applicable):
    actions = [act("S%d" % i, {"s%d" % i: True} if i else None, {"s%d" % (i + 1): True}) for i in range(5)]
    for j in range(n):
        pre = None if applicable else {"never": True}
        actions.append(act("Noise%d" % j, pre, {"u%d" % j: True}, cost=1))
    return ({"name": "irr%d" % n, "actions": actions, "start": {"never": False} if not applicable else {},
             "goal": {"s5": True}}, 5, False, "applicable" if applicable else "inapplicable")

@family("irrelevant")
def irr(n): return _irr(n, True)
@family("irrelevant-dead")
def irrd(n): return _irr(n, False)

@family("irrelevant-cheap")
def irrc(n):
    d, e, u, note = _irr(n, True)
    for a in d["actions"]:
        if a["name"].startswith("Noise"): a["cost"] = 0.1
    return d, e, u, "applicable, cost 0.1"

@family("irrelevant-chain")
def irrch(n):
    actions = [act("S%d" % i, {"s%d" % i: True} if i else None, {"s%d" % (i + 1): True}) for i in range(5)]
    for j in range(n):
        pre = {"u%d" % (j - 1): True} if j % 10 else None
        actions.append(act("Noise%d" % j, pre, {"u%d" % j: True}))
    return ({"name": "irrch%d" % n, "actions": actions, "start": {}, "goal": {"s5": True}}, 5, False, "noise chains of 10")

# ------------------------------------------------------- 5. colony crafting
def _colony(n, goal_amount, ngoal):
    rnd = random.Random(7 + n)
    L = 4; per = max(2, n // L)
    layers = [["i%d_%d" % (l, k) for k in range(per)] for l in range(L)]
    facts, actions, recipe = {}, [], {}
    for l in range(L):
        for it in layers[l]:
            facts[it] = {"type": "int", "min": 0, "max": 9, "default": 0}
            if l == 0:
                actions.append(act("Gather_" + it, None, {it: "+1"}))
            else:
                a, b = rnd.sample(layers[l - 1], 2)
                recipe[it] = (a, b)
                actions.append(act("Craft_" + it, {a: ">= 1", b: ">= 1"}, {a: "-1", b: "-1", it: "+1"}))
    @lru_cache(None)
    def c(it):
        return 1 + (c(recipe[it][0]) + c(recipe[it][1]) if it in recipe else 0)
    finals = layers[-1][:ngoal]
    exp = sum(goal_amount * c(f) for f in finals)
    return ({"name": "colony%d" % n, "facts": facts, "actions": actions, "start": {},
             "goal": {f: ">= %d" % goal_amount for f in finals}}, exp, False,
            "%d types, goal %d x %s" % (L * per, goal_amount, finals))

@family("colony")
def colony(n): return _colony(n, 1, 1)
@family("colony2x2")
def colony22(n): return _colony(n, 2, 2)

# --------------------------------------------------------- 6. other
@family("counter")
def counter(n):
    facts = {"c": {"type": "int", "min": 0, "max": n, "default": 0}}
    return ({"name": "counter%d" % n, "facts": facts, "actions": [act("Inc", None, {"c": "+1"})],
             "start": {}, "goal": {"c": ">= %d" % n}}, n, False, "")

@family("coins")
def coins(n):
    facts = {"c": {"type": "int", "min": 0, "max": n + 10, "default": 0}}
    acts = [act("Add1", None, {"c": "+1"}, 1), act("Add5", None, {"c": "+5"}, 4), act("Add10", None, {"c": "+10"}, 7)]
    best = [0] + [math.inf] * n
    for v in range(1, n + 1):
        for d, k in ((1, 1), (5, 4), (10, 7)):
            if v >= d: best[v] = min(best[v], best[v - d] + k)
    return ({"name": "coins%d" % n, "facts": facts, "actions": acts, "start": {}, "goal": {"c": n}}, best[n], False, "")

@family("convert")
def convert(n):
    facts = {"wood": {"type": "int", "min": 0, "max": 2 * n, "default": 0},
             "plank": {"type": "int", "min": 0, "max": n, "default": 0}}
    acts = [act("Chop", None, {"wood": "+1"}), act("Saw", {"wood": ">= 2"}, {"wood": "-2", "plank": "+1"})]
    return ({"name": "convert%d" % n, "facts": facts, "actions": acts, "start": {}, "goal": {"plank": ">= %d" % n}},
            3 * n, False, "")

@family("convert-cap")
def convertcap(n):
    d, e, u, _ = convert(n)
    d["facts"]["wood"]["max"] = 4
    return d, e, u, "wood max 4"

@family("enum-star")
def enumstar(n):
    vals = ["hub"] + ["l%d" % i for i in range(n - 1)]
    facts = {"at": {"type": "enum", "values": vals, "default": "hub"}}
    acts = []
    for v in vals[1:]:
        acts.append(act("Go_" + v, {"at": "hub"}, {"at": v}))
        acts.append(act("Back_" + v, {"at": v}, {"at": "hub"}))
        acts.append(act("Pick_" + v, {"at": v}, {"has_" + v: True}))
    want = [vals[-1], vals[-2], vals[-3]]
    return ({"name": "enumstar%d" % n, "facts": facts, "actions": acts, "start": {},
             "goal": {"has_" + v: True for v in want}}, 8, False, "")

@family("carry")
def carry(n):
    facts = {"at": {"type": "enum", "values": ["yard", "depot"], "default": "yard"},
             "load": {"type": "int", "min": 0, "max": 2, "default": 0}}
    acts = [act("ToDepot", {"at": "yard"}, {"at": "depot"}), act("ToYard", {"at": "depot"}, {"at": "yard"})]
    for i in range(n):
        acts.append(act("Load%d" % i, {"at": "yard", "incart%d" % i: False, "delivered%d" % i: False},
                        {"incart%d" % i: True, "load": "+1"}, 0.5))
        acts.append(act("Unload%d" % i, {"at": "depot", "incart%d" % i: True},
                        {"incart%d" % i: False, "delivered%d" % i: True, "load": "-1"}, 0.5))
    exp = n + 2 * math.ceil(n / 2) - 1
    return ({"name": "carry%d" % n, "facts": facts, "actions": acts, "start": {},
             "goal": {"delivered%d" % i: True for i in range(n)}}, exp, False, "cap 2")

@family("carry-count")
def carrycount(n):
    facts = {"at": {"type": "enum", "values": ["yard", "depot"], "default": "yard"},
             "load": {"type": "int", "min": 0, "max": 2, "default": 0},
             "yard": {"type": "int", "min": 0, "max": n, "default": 0},
             "depot": {"type": "int", "min": 0, "max": n, "default": 0}}
    acts = [act("ToDepot", {"at": "yard"}, {"at": "depot"}), act("ToYard", {"at": "depot"}, {"at": "yard"}),
            act("Load", {"at": "yard", "yard": ">= 1"}, {"yard": "-1", "load": "+1"}, 0.5),
            act("Unload", {"at": "depot", "load": ">= 1"}, {"load": "-1", "depot": "+1"}, 0.5)]
    exp = n + 2 * math.ceil(n / 2) - 1
    return ({"name": "carrycount%d" % n, "facts": facts, "actions": acts, "start": {"yard": n},
             "goal": {"depot": ">= %d" % n}}, exp, False, "cap 2, counts")

# the same crates as objects of a type: fact families incart(?c) and
# delivered(?c), lifted actions Load(?c) and Unload(?c)
@family("carry-objects")
def carryobjects(n):
    facts = {"at": {"type": "enum", "values": ["yard", "depot"], "default": "yard"},
             "load": {"type": "int", "min": 0, "max": 2, "default": 0}}
    objects = {"c%d" % i: "crate" for i in range(n)}
    acts = [act("ToDepot", {"at": "yard"}, {"at": "depot"}), act("ToYard", {"at": "depot"}, {"at": "yard"})]
    load = act("Load", {"at": "yard", "incart(?c)": False, "delivered(?c)": False},
               {"incart(?c)": True, "load": "+1"}, 0.5)
    unload = act("Unload", {"at": "depot", "incart(?c)": True},
                 {"incart(?c)": False, "delivered(?c)": True, "load": "-1"}, 0.5)
    for a in (load, unload):
        a["params"] = {"c": "crate"}
    acts += [load, unload]
    exp = n + 2 * math.ceil(n / 2) - 1
    return ({"name": "carryobjects%d" % n, "objects": objects, "facts": facts, "actions": acts, "start": {},
             "goal": {"delivered(c%d)" % i: True for i in range(n)}}, exp, False, "cap 2, crates as objects")

# ------------------------------------------------------- 7. deep crafting (issue 26 §2)
# A binary tree of items of depth d (n = d): item k is made from items 2k+1
# and 2k+2, the leaves from nothing; the goal is the root, so every item
# must be made: plans of 2^(d+1)-1 steps. "craft" writes each item as a
# boolean (made stays made); "craft-stock" as a count 0..1 that crafting
# consumes.
def _craft(d, stock):
    items = 2 ** (d + 1) - 1
    facts, acts = {}, []
    for k in range(items):
        it = "item%d" % k
        kids = [c for c in (2 * k + 1, 2 * k + 2) if c < items]
        if stock:
            facts[it] = {"type": "int", "min": 0, "max": 1, "default": 0}
            pre = {"item%d" % c: ">= 1" for c in kids}
            eff = {"item%d" % c: "-1" for c in kids}
            pre[it] = "< 1"
            eff[it] = "+1"
        else:
            facts[it] = {"type": "bool"}
            pre = {"item%d" % c: True for c in kids}
            eff = {it: True}
        acts.append(act("Make%d" % k, pre, eff))
    goal = {"item0": ">= 1"} if stock else {"item0": True}
    return ({"name": ("craftstock%d" if stock else "craft%d") % d, "facts": facts, "actions": acts,
             "start": {}, "goal": goal}, items, False, "depth %d, %d items" % (d, items))

# the chain of BenchmarkScaling (chainSpec): action i needs f_i and sets f_i+1
@family("chain")
def chain(n):
    acts = [act("a%d" % i, {"f%d" % i: True}, {"f%d" % (i + 1): True}) for i in range(n)]
    return ({"name": "chain%d" % n, "actions": acts, "start": {"f0": True}, "goal": {"f%d" % n: True}}, n, False, "")

@family("craft")
def craft(n): return _craft(n, False)
@family("craft-stock")
def craftstock(n): return _craft(n, True)

if __name__ == "__main__":
    if sys.argv[1] == "list":
        print("\n".join(FAM)); sys.exit()
    fam, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    doc, exp, unsolv, note = FAM[fam](n)
    with open(out, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    print(json.dumps({"family": fam, "n": n, "expected_cost": exp, "expect_no_plan": unsolv,
                      "actions": len(doc["actions"]), "note": note}))
