// The goap debugger page: a timeline over the recorded ticks, the agents,
// and for the selected agent its goals, plan, belief, events and the
// search tree of its plan. It reads api/meta and api/state (relative
// URLs, so the page works wherever it is mounted).
"use strict";

const $ = (id) => document.getElementById(id);
let meta = null;
let tick = 0; // the tick asked for last
let drawn = null; // the tick whose data the page shows
let asked = 0; // counts show() calls: only the latest may draw
let selected = null;
let playing = null;
const stateCache = new Map();

// say shows a message above the page, one per key (replacing the key's
// earlier one); kind is info, warn or error. unsay removes it.
function say(key, kind, text) {
  let p = document.querySelector(`#banners [data-key="${key}"]`);
  if (!p) {
    p = el("p", { "data-key": key });
    $("banners").append(p);
  }
  p.className = "banner " + kind;
  p.textContent = text;
}

function unsay(key) {
  const p = document.querySelector(`#banners [data-key="${key}"]`);
  if (p) p.remove();
}

// failed says that the server could not be reached or refused, so that a
// failure is never only in the console.
function failed(what, err) {
  const why = err instanceof TypeError ? "the debugger server does not answer (is it still running?)" : err.message;
  say("net", "error", `${what}: ${why}`);
}

async function getJSON(url, opts) {
  const r = await fetch(url, opts);
  if (!r.ok) throw new Error(url + ": " + r.status);
  return r.json();
}

async function loadMeta() {
  meta = await getJSON("api/meta");
  $("scrub").min = meta.first;
  $("scrub").max = meta.last;
  $("last").textContent = meta.last;
  $("live").hidden = !meta.live;
  if (meta.live) $("runstate").textContent = meta.paused ? "paused" : "running";
  if (selected === null && meta.agents.length > 0) selected = meta.agents[0].name;
  if (tick < meta.first) tick = meta.first;
  if (meta.cut) say("cut", "warn", meta.cut[0].toUpperCase() + meta.cut.slice(1) + ".");
  if (meta.empty && !meta.live) {
    say("empty", "warn", "This recording holds no tick: its run was stopped before its first tick was recorded" +
      (meta.agents.length ? ` (${meta.agents.length} agent${meta.agents.length === 1 ? "" : "s"} watched).` : ", before any agent was watched."));
  } else if (meta.empty) {
    say("empty", "info", "The run has not taken its first tick yet: press step or run.");
  } else {
    unsay("empty");
  }
}

// stateAt asks for tick t with the selected agent whole and the others
// summed up (phase, goal, events): a tick of every agent whole took
// megabytes on a 200-agent recording.
async function stateAt(t) {
  const key = t + " " + selected;
  if (!meta.live && stateCache.has(key)) return stateCache.get(key);
  const s = await getJSON("api/state?tick=" + t + "&agent=" + encodeURIComponent(selected ?? ""));
  if (!meta.live) stateCache.set(key, s);
  return s;
}

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// show moves to tick t and draws it once its state arrives. Requests
// may come back out of order (a fast drag, held arrow keys): only the
// latest one draws, and while it is under way the page says it is
// loading. When it fails, the timeline goes back to the tick drawn.
async function show(t) {
  tick = Math.max(meta.first, Math.min(meta.last, t));
  setLabel(tick);
  const mine = ++asked;
  document.body.classList.add("loading");
  let st;
  try {
    st = await stateAt(tick);
  } catch (err) {
    if (mine !== asked) return;
    document.body.classList.remove("loading");
    failed(`tick ${tick} could not be loaded` + (drawn === null ? "" : `; the page still shows tick ${drawn}`), err);
    if (drawn !== null) {
      tick = drawn;
      setLabel(drawn);
    }
    return;
  }
  if (mine !== asked) return; // a later request draws
  document.body.classList.remove("loading");
  unsay("net");
  drawn = st.tick;
  document.body.dataset.tick = drawn;
  renderAgents(st);
  renderHierarchy();
  renderOrders(st);
  const a = st.agents.find((x) => x.name === selected);
  renderAgent(a);
}

function setLabel(t) {
  $("scrub").value = t;
  $("tick").textContent = t;
}

function renderAgents(st) {
  const ul = $("agents");
  ul.replaceChildren();
  for (const a of st.agents) {
    const s = a.snapshot;
    const li = el("li", { "data-agent": a.name }, a.name + (s ? " — " + s.phase + (s.goal ? ": " + s.goal : "") : ""));
    if (a.name === selected) li.className = "selected";
    li.onclick = () => { selected = a.name; show(tick); };
    ul.append(li);
  }
}

// renderHierarchy lists each squad under its commander; clicking a name
// selects that agent.
function renderHierarchy() {
  const ul = $("hierarchy");
  ul.replaceChildren();
  for (const s of meta.squads || []) {
    const li = el("li", { "data-squad": s.name });
    li.append(el("span", {}, s.commander + " commands " + s.name + ": "));
    s.members.forEach((m, i) => {
      const a = el("a", { href: "#" }, m);
      a.onclick = (e) => { e.preventDefault(); selected = m; show(tick); };
      li.append(a);
      if (i < s.members.length - 1) li.append(", ");
    });
    ul.append(li);
  }
  $("hierarchy-box").hidden = !ul.children.length;
}

function renderOrders(st) {
  const ul = $("orders");
  ul.replaceChildren();
  for (const a of st.agents) {
    for (const e of a.events || []) {
      if (["order_issued", "report", "order_timed_out", "interrupt_propagated"].includes(e.type)) {
        ul.append(el("li", {}, a.name + " " + e.text));
      }
    }
  }
  if (!ul.children.length) ul.append(el("li", { class: "none" }, "none at this tick"));
}

function renderAgent(a) {
  $("name").textContent = a ? a.name : "no agent";
  if (!a || !a.found) {
    $("status").textContent = a ? "no snapshot at or before this tick" : "";
    for (const id of ["goals", "plan", "events", "belief"]) $(id).replaceChildren();
    $("tree").replaceChildren(el("p", { class: "none" }, "no search recorded"));
    return;
  }
  const s = a.snapshot;
  $("status").textContent = `${s.phase}${s.goal ? " — pursuing " + s.goal : ""} (snapshot of tick ${s.t}; ${s.stats.Plans} plans, ${s.stats.Finished} actions finished, ${s.stats.Failed} failed)`;
  // Goals as bars, with what their scores are made of.
  const goals = $("goals");
  goals.replaceChildren();
  const top = Math.max(1e-9, ...s.goals.map((g) => Math.abs(g.score)));
  for (const g of s.goals) {
    const d = el("div", { class: "goal", "data-goal": g.name });
    const candidate = g.valid && g.relevant && !g.met && !g.retry_at;
    if (g.name === s.goal) d.classList.add("chosen");
    if (!candidate) d.classList.add("out");
    d.append(el("span", {}, g.name + " " + +g.score.toFixed(3) + " "));
    const bar = el("span", { class: "bar" });
    bar.style.width = Math.max(2, 200 * Math.abs(g.score) / top) + "px";
    d.append(bar);
    const why = [(g.relevancy ? "relevancy " : "priority ") + +g.base.toFixed(3)];
    if (g.bias) why.push("bias " + (g.bias > 0 ? "+" : "") + g.bias);
    if (!g.valid) why.push("invalid");
    if (!g.relevant) why.push("not relevant");
    if (g.met) why.push("met");
    if (g.retry_at) why.push("waits until " + g.retry_at);
    if (g.ordered) why.push("ordered");
    if (g.fallback) why.push("fallback goal");
    d.append(el("span", { class: "why" }, why.join(", ")));
    goals.append(d);
  }
  // The plan, with the current step.
  const plan = $("plan");
  plan.replaceChildren();
  (s.plan || []).forEach((name, i) => {
    const li = el("li", {}, name);
    const step = s.step || 0;
    if (i < step) li.className = "done";
    if (i === step) li.className = "current";
    plan.append(li);
  });
  if (!plan.children.length) plan.append(el("li", { class: "none" }, "no plan"));
  // Events of this tick.
  const events = $("events");
  events.replaceChildren();
  for (const e of a.events || []) {
    const li = el("li", { "data-type": e.type }, e.text);
    // A no_plan event says why no plan exists: set apart under the event.
    if (e.why) li.append(el("div", { class: "why-no-plan" }, "why: " + e.why));
    events.append(li);
  }
  if (!events.children.length) events.append(el("li", { class: "none" }, "none"));
  // The belief, changes highlighted.
  const table = $("belief");
  table.replaceChildren();
  const changed = new Set(a.changed || []);
  for (const [k, v] of Object.entries(a.belief).sort()) {
    const tr = el("tr", { "data-fact": k });
    if (changed.has(k)) tr.className = "changed";
    tr.append(el("td", {}, k), el("td", {}, String(v)));
    table.append(tr);
  }
  renderTree(a.tree || [], a.tree_tick, (s.plan || []).length > 0);
}

// renderTree draws the search tree of the current plan, made at tick
// made, as layers by depth, the plan's path highlighted; expanded nodes
// are filled.
function renderTree(nodes, made, hasPlan) {
  const box = $("tree");
  if (!nodes.length) {
    const why = !hasPlan ? "no plan at this tick, so no search to show"
      : made ? `the search that made this plan (at tick ${made}) was not recorded`
        : "the search that made this plan was not recorded";
    box.replaceChildren(el("p", { class: "none" }, why));
    return;
  }
  const depth = nodes.map(() => 0);
  const layers = [];
  nodes.forEach((n, i) => {
    depth[i] = n.p < 0 ? 0 : depth[n.p] + 1;
    (layers[depth[i]] = layers[depth[i]] || []).push(i);
  });
  const dx = 28, dy = 60, width = Math.max(...layers.map((l) => l.length)) * dx + 160; // room for the path's labels
  const pos = [];
  layers.forEach((l, d) => l.forEach((i, k) => { pos[i] = [20 + k * dx + (width - l.length * dx) / 2, 20 + d * dy]; }));
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", width);
  svg.setAttribute("height", layers.length * dy + 20);
  nodes.forEach((n, i) => {
    if (n.p < 0) return;
    const line = document.createElementNS(ns, "line");
    const [x1, y1] = pos[n.p], [x2, y2] = pos[i];
    Object.entries({ x1, y1, x2, y2 }).forEach(([k, v]) => line.setAttribute(k, v));
    if (n.path && nodes[n.p].path) line.setAttribute("class", "path");
    svg.append(line);
  });
  nodes.forEach((n, i) => {
    const g = document.createElementNS(ns, "g");
    g.setAttribute("class", "node" + (n.x ? " expanded" : "") + (n.path ? " path" : ""));
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", pos[i][0]);
    c.setAttribute("cy", pos[i][1]);
    c.setAttribute("r", 6);
    const title = document.createElementNS(ns, "title");
    title.textContent = `${n.a || "start"}  g=${n.g} h=${n.h} f=${n.g + n.h}\n${n.l}`;
    c.append(title);
    g.append(c);
    if (n.path && n.a) {
      const t = document.createElementNS(ns, "text");
      t.setAttribute("x", pos[i][0] + 8);
      t.setAttribute("y", pos[i][1] + 4);
      t.textContent = n.a;
      g.append(t);
    }
    svg.append(g);
  });
  const info = el("p", {}, `the search that made this plan at tick ${made}: ${nodes.length} nodes, ${nodes.filter((n) => n.x).length} expanded; the plan's path in blue (hover a node for g, h and its state)`);
  box.replaceChildren(info, svg);
}

function togglePlay() {
  if (playing) {
    clearInterval(playing);
    playing = null;
    $("play").textContent = "▶";
    return;
  }
  $("play").textContent = "❚❚";
  playing = setInterval(async () => {
    if (meta.live) {
      try {
        await loadMeta();
      } catch (err) {
        failed("the run's ticks could not be read", err);
        return;
      }
    }
    if (tick >= meta.last) { if (!meta.live) togglePlay(); return; }
    show(tick + 1);
  }, 300);
}

async function control(cmd) {
  try {
    await getJSON("api/control?cmd=" + cmd, { method: "POST" });
    await loadMeta();
  } catch (err) {
    failed(`${cmd} failed`, err);
    return;
  }
  show(meta.last);
}

// cut shortens a value echoed from the URL.
function cut(v) {
  return v.length > 64 ? v.slice(0, 64) + "…" : v;
}

// startTick is the tick asked for by the URL (?tick=N), or the first;
// a tick that is not a number or not recorded is said, not obeyed.
function startTick(params) {
  if (!params.has("tick")) return meta.first;
  const raw = params.get("tick");
  if (!/^-?[0-9]+$/.test(raw.trim())) {
    say("url", "warn", `?tick=${cut(raw)} is not a tick number; showing tick ${meta.first}.`);
    return meta.first;
  }
  const t = parseInt(raw, 10);
  if (!meta.empty && (t < meta.first || t > meta.last)) {
    const at = Math.max(meta.first, Math.min(meta.last, t));
    say("url", "warn", `?tick=${t} is outside the recording (ticks ${meta.first} to ${meta.last}); showing tick ${at}.`);
    return at;
  }
  return t;
}

async function main() {
  try {
    await loadMeta();
  } catch (err) {
    failed("the recording could not be read", err);
    return;
  }
  $("scrub").oninput = (e) => show(+e.target.value);
  $("prev").onclick = () => show(tick - 1);
  $("next").onclick = () => show(tick + 1);
  $("play").onclick = togglePlay;
  for (const c of ["pause", "step", "run"]) $(c).onclick = () => control(c);
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" && e.key !== " ") return;
    if (e.key === " ") { e.preventDefault(); togglePlay(); }
    if (e.key === "ArrowLeft") { e.preventDefault(); show(tick - 1); }
    if (e.key === "ArrowRight") { e.preventDefault(); show(tick + 1); }
  });
  const params = new URLSearchParams(location.search);
  if (params.has("agent")) {
    const name = params.get("agent");
    if (meta.agents.some((a) => a.name === name)) {
      selected = name;
    } else {
      say("agent", "warn", `?agent=${cut(name)}: no agent of that name` + (selected === null ? "." : `; showing ${selected}.`));
    }
  }
  await show(startTick(params));
  document.body.dataset.ready = "1";
}

main().catch((err) => say("bug", "error", "debugger: " + err.message)).finally(() => {
  document.body.dataset.ready = "1";
});
