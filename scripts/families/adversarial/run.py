#!/usr/bin/env python3
"""Usage: run.py FAMILY N1 N2 ... [-- extra goap flags]
Generates each size, runs `goap plan FILE --json --timeout 60s` under /usr/bin/time -v,
one at a time, stops the family after the first timeout/limit/>60s. Appends rows to results.jsonl."""
import json, subprocess, sys, os, re, time

HERE = os.path.dirname(os.path.abspath(__file__))
GOAP = os.path.join(HERE, "goap")
args = sys.argv[1:]
extra = []
if "--" in args:
    i = args.index("--"); extra = args[i + 1:]; args = args[:i]
fam, sizes = args[0], [int(x) for x in args[1:]]
os.makedirs(os.path.join(HERE, "files"), exist_ok=True)
for n in sizes:
    path = os.path.join(HERE, "files", "%s_%d.json" % (fam, n))
    meta = json.loads(subprocess.check_output([sys.executable, os.path.join(HERE, "gen.py"), fam, str(n), path]))
    cmd = ["/usr/bin/time", "-v", GOAP, "plan", path, "--json", "--timeout", "60s"] + extra
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=200)
    wall = time.time() - t0
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    rss_mb = int(rss.group(1)) / 1024 if rss else None
    try:
        out = json.loads(p.stdout)
    except Exception:
        out = {"status": "NOJSON", "raw": (p.stdout[-300:] + " | " + p.stderr[:600])}
    exp = meta["expected_cost"]
    cost = out.get("cost")
    ok = ""
    if meta["expect_no_plan"]:
        ok = "OK" if not out.get("found") and out.get("status") == "no plan" else "CHECK"
    elif exp is not None and out.get("found"):
        ok = "OK" if abs(cost - exp) < 1e-6 else "WRONG(exp %s)" % exp
    elif not out.get("found"):
        ok = "NOTFOUND"
    row = {"family": fam, "n": n, "flags": " ".join(extra), "actions": meta["actions"], "status": out.get("status"),
           "found": out.get("found"), "wall_s": round(wall, 3), "elapsed_s": round(out.get("elapsed_ns", 0) / 1e9, 3),
           "rss_mb": round(rss_mb, 1) if rss_mb else None, "expanded": out.get("expanded"),
           "generated": out.get("generated"), "cost": cost, "steps": out.get("steps"),
           "expected": exp, "check": ok, "rc": p.returncode, "direction": out.get("direction"), "note": meta["note"]}
    if out.get("status") == "NOJSON": row["raw"] = out["raw"]
    if p.returncode not in (0, 1): row["stderr"] = p.stderr[:400]
    print(json.dumps(row), flush=True)
    with open(os.path.join(HERE, "results.jsonl"), "a") as f:
        f.write(json.dumps(row) + "\n")
    if wall > 60 or (not row["found"] and not meta["expect_no_plan"]) or (meta["expect_no_plan"] and ok != "OK"):
        break
