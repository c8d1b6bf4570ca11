// Runs goap serve ($GOAP_SERVE, a built goap-serve binary; by default
// `go run ./cmd/goap-serve` in the service module) and talks to it.
"use strict";

const test = require("node:test");
const assert = require("node:assert");
const fs = require("node:fs");
const path = require("node:path");
const { spawn } = require("node:child_process");
const readline = require("node:readline");
const { Client, hashDomain } = require("./client.js");

const guard = fs.readFileSync(path.join(__dirname, "../../testdata/bench/guard.json"), "utf8");

function startServe() {
  const cmd = process.env.GOAP_SERVE ? [process.env.GOAP_SERVE] : ["go", "run", "./cmd/goap-serve"];
  const proc = spawn(cmd[0], cmd.slice(1), { cwd: path.join(__dirname, ".."), stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: proc.stdout });
    lines.once("line", (url) => resolve({ proc, url }));
    proc.once("exit", (code) => reject(new Error(`goap serve exited with ${code}`)));
  });
}

test("the Node client plans through goap serve", async (t) => {
  const { proc, url } = await startServe();
  t.after(() => proc.kill());
  assert.match(url, /^nats:\/\/127\.0\.0\.1:\d+$/);
  const c = await Client.connect(url);
  t.after(() => c.close());

  const r = await c.plan({ id: "n1", domain_text: guard });
  assert.strictEqual(r.v, 1);
  assert.strictEqual(r.id, "n1");
  assert.strictEqual(r.status, "found");
  assert.deepStrictEqual(r.plan, ["DrawWeapon", "Approach", "FindAmmo", "LoadWeapon", "Attack"]);
  assert.strictEqual(r.cost, 9);

  const hash = await c.putDomain(guard);
  assert.strictEqual(hash, hashDomain(guard));
  const byHash = await c.plan({ domain: hash, state: { has_ammo: true }, options: { heuristic: "lmcut" } });
  assert.strictEqual(byHash.status, "found");
  assert.strictEqual(byHash.cost, 6);

  const bad = await c.plan({ domain: hash, goal: "Dance" });
  assert.strictEqual(bad.status, "error");
  assert.strictEqual(bad.error.code, "bad_request");

  const raw = await c.nc.request("goap.v1.plan", new TextEncoder().encode("not json"), { timeout: 10000 });
  assert.strictEqual(JSON.parse(new TextDecoder().decode(raw.data)).error.code, "bad_request");

  const replies = await c.planBatch([
    { id: "a", domain: hash },
    { id: "b", domain: hash, conds: { armed: true } },
  ]);
  assert.deepStrictEqual(replies.map((x) => [x.id, x.status, x.cost]), [["a", "found", 9], ["b", "found", 1]]);
});
