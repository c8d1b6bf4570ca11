"""Designer files for scale families not in BenchmarkScaling (issue 12 progress note):
    python3 gen.py FAMILY N > file.yaml; goap plan file.yaml --json
scarce: n chores that each spend one energy, n-1 energy (no plan); scarceok: n energy;
irrelevant: the guard plus n unrelated actions; tech: a tech tree of n buildings."""
import sys
fam, n = sys.argv[1], int(sys.argv[2])
L = [f"name: {fam}{n}", "facts:"]
if fam == 'scarce':  # n independent chores each need 1 energy, only n-1 energy: no plan
    L.append(f"  energy: {{type: int, min: 0, max: {n}}}")
    for i in range(n): L.append(f"  done{i}: {{type: bool}}")
    L.append("actions:")
    for i in range(n):
        L += [f"  - name: Chore{i}", "    cost: 1", "    preconditions: {energy: \">= 1\"}", f"    effects: {{done{i}: true, energy: \"-1\"}}"]
    L.append("goals:")
    L.append("  - name: All")
    L.append("    desired: {" + ", ".join(f"done{i}: true" for i in range(n)) + "}")
    L.append(f"start: {{energy: {n-1}}}")
    L.append("goal: All")
elif fam == 'scarceok':  # same with enough energy
    L.append(f"  energy: {{type: int, min: 0, max: {n}}}")
    for i in range(n): L.append(f"  done{i}: {{type: bool}}")
    L.append("actions:")
    for i in range(n):
        L += [f"  - name: Chore{i}", "    cost: 1", "    preconditions: {energy: \">= 1\"}", f"    effects: {{done{i}: true, energy: \"-1\"}}"]
    L.append("goals:")
    L.append("  - name: All")
    L.append("    desired: {" + ", ".join(f"done{i}: true" for i in range(n)) + "}")
    L.append(f"start: {{energy: {n}}}")
    L.append("goal: All")
elif fam == 'irrelevant':  # the guard plus n actions on unrelated facts
    for k in ['weapon_holstered','armed','has_ammo','loaded','enemy_visible','in_range','threat_removed']: L.append(f"  {k}: {{type: bool}}")
    for i in range(n): L.append(f"  x{i}: {{type: bool}}")
    L.append("actions:")
    L += ["  - {name: DrawWeapon, cost: 1, preconditions: {weapon_holstered: true}, effects: {weapon_holstered: false, armed: true}}",
          "  - {name: FindAmmo, cost: 3, effects: {has_ammo: true}}",
          "  - {name: LoadWeapon, cost: 2, preconditions: {armed: true, has_ammo: true}, effects: {loaded: true}}",
          "  - {name: Approach, cost: 2, preconditions: {enemy_visible: true}, effects: {in_range: true}}",
          "  - {name: Attack, cost: 1, preconditions: {armed: true, loaded: true, in_range: true}, effects: {threat_removed: true}}"]
    for i in range(n): L.append(f"  - {{name: Noise{i}, cost: 1, preconditions: {{x{i}: false}}, effects: {{x{i}: true}}}}")
    L += ["goals:", "  - {name: Kill, desired: {threat_removed: true}}", "start: {weapon_holstered: true, enemy_visible: true}", "goal: Kill"]
elif fam == 'tech':  # tech tree: building i needs buildings i//2 and i-1, and wood; gather wood
    L.append(f"  wood: {{type: int, min: 0, max: 10}}")
    for i in range(n): L.append(f"  b{i}: {{type: bool}}")
    L.append("actions:")
    L.append("  - {name: Gather, cost: 1, preconditions: {wood: \"< 10\"}, effects: {wood: \"+1\"}}")
    for i in range(n):
        pre = ["wood: \">= 1\""] + ([f"b{i-1}: true"] if i >= 1 else []) + ([f"b{i//2}: true"] if i >= 2 and i//2 != i-1 else [])
        L.append(f"  - {{name: Build{i}, cost: 2, preconditions: {{{', '.join(pre)}}}, effects: {{b{i}: true, wood: \"-1\"}}}}")
    L += ["goals:", f"  - {{name: Top, desired: {{b{n-1}: true}}}}", "start: {wood: 0}", "goal: Top"]
print("\n".join(L))
