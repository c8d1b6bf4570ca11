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
let lastState = null; // the state drawn last (api/state)
let playing = 0; // the play loop's number while it plays, 0 when paused
let plays = 0; // counts play loops: a loop stops when a newer one starts
let speed = 3; // ticks a second when playing
let live = false; // the recording grows (a live run): the page polls it
let following = false; // live: each new tick is shown as the run makes it
const stateCache = new Map();

// The kinds of markers on the timeline: each groups event types (the
// types of /api/markers) and has its own row and colour.
const kinds = [
  { key: "replan", label: "replans", color: "#fb8c00", types: ["plan_invalidated", "object_removed"] },
  { key: "failure", label: "failures", color: "#e53935", types: ["action_failed", "no_plan", "order_timed_out", "callback_panicked"] },
  { key: "goal", label: "goal switches", color: "#1e88e5", types: ["goal_chosen"] },
  { key: "order", label: "orders", color: "#8e24aa", types: ["order_issued", "interrupt_propagated"] },
  { key: "report", label: "reports", color: "#43a047", types: ["report"] },
  { key: "death", label: "deaths", color: "#212121", types: ["died"] },
  { key: "world", label: "world changes", color: "#6d4c41", types: [] }, // from /api/meta's world_ticks
  { key: "step", label: "other events", color: "#90a4ae", off: true,
    types: ["plan_made", "action_started", "arrived", "action_finished", "goal_reached", "fallback"] },
];
// marks are the ticks with markers, by tick: [tick, mask of kinds (bit
// i: kinds[i]), mask of event types (bit i: types[i])].
let marks = [];
let types = []; // the event types of /api/markers, by bit
let kindOfType = []; // the kind of each event type
const shownKinds = new Set(kinds.filter((k) => !k.off).map((k) => k.key));
// The filters: the agents whose name holds find, of the squad chosen;
// the event type chosen ("" for every one).
const filter = { find: "", squad: "", type: "" };
let tree = null; // the tree drawn: { svg, scroller, width, height, root }
let zoom = 1; // the tree's zoom, kept from tick to tick

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

// inFlight counts the requests under way; the body's data-busy says
// it, so that the browser tests wait for the page to settle instead of
// sleeping a fixed time.
let inFlight = 0;

async function getJSON(url, opts) {
  document.body.dataset.busy = ++inFlight;
  try {
    const r = await fetch(url, opts);
    if (!r.ok) throw new Error(url + ": " + r.status);
    return await r.json();
  } finally {
    document.body.dataset.busy = --inFlight;
  }
}

async function loadMeta() {
  meta = await getJSON("api/meta");
  $("scrub").min = meta.first;
  $("scrub").max = meta.last;
  $("last").textContent = meta.last;
  $("live").hidden = !meta.live;
  if (meta.live) $("runstate").textContent = meta.paused ? "paused" : "running";
  live = meta.live || !!meta.growing;
  if (meta.live && !$("setfact").options.length && meta.agents.length > 0) {
    for (const f of meta.agents[0].facts || []) $("setfact").append(el("option", { value: f.name }, f.name));
  }
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
  if (!live && stateCache.has(key)) return stateCache.get(key);
  const s = await getJSON("api/state?tick=" + t + "&agent=" + encodeURIComponent(selected ?? ""));
  if (!live) {
    // A bounded cache: a page left open over a long recording would
    // otherwise keep every tick it showed.
    if (stateCache.size >= 256) stateCache.delete(stateCache.keys().next().value);
    stateCache.set(key, s);
  }
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
  lastState = st;
  renderWorld(st);
  drawMap(st);
  const a = st.agents.find((x) => x.name === selected);
  renderAgent(a);
  renderCompare();
  drawLane();
}

function setLabel(t) {
  $("scrub").value = t;
  $("tick").textContent = t;
  drawTimeline();
}

// loadMarkers reads the ticks with markers and turns their event-type
// masks into masks of kinds (bit i: kinds[i]).
async function loadMarkers() {
  const names = filtering() ? agentsShown() : null;
  const q = names ? "?" + (names.length ? names.map((n) => "agent=" + encodeURIComponent(n)).join("&") : "agent=") : "";
  const m = await getJSON("api/markers" + q);
  types = m.types;
  kindOfType = types.map((name) => kinds.findIndex((k) => k.types.includes(name)));
  marks = [];
  for (const [t, mask] of m.ticks) {
    let km = 0;
    kindOfType.forEach((k, i) => { if (k >= 0 && (mask & (1 << i))) km |= 1 << k; });
    if (km) marks.push([t, km, mask]);
  }
  // World changes are no agent's events: /api/meta lists their ticks,
  // marked while no filter picks agents or an event type.
  const world = 1 << kinds.findIndex((k) => k.key === "world");
  for (const t of filtering() || filter.type ? [] : meta.world_ticks || []) {
    const m = marks.find(([mt]) => mt === t);
    if (m) m[1] |= world; else marks.push([t, world, 0]);
  }
  marks.sort((x, y) => x[0] - y[0]);
  renderKinds();
  renderTypes();
  drawTimeline();
}

// renderKinds writes the legend: a check box per kind, with the number
// of ticks it marks, to show or hide it.
function renderKinds() {
  const box = $("kinds");
  box.replaceChildren();
  kinds.forEach((k, i) => {
    const n = marks.filter(([, m]) => m & (1 << i)).length;
    const label = el("label", { "data-kind": k.key });
    const box1 = el("input", { type: "checkbox" });
    box1.checked = shownKinds.has(k.key);
    box1.onchange = () => {
      if (box1.checked) shownKinds.add(k.key); else shownKinds.delete(k.key);
      drawTimeline();
    };
    const sw = el("span", { class: "swatch" });
    sw.style.background = k.color;
    label.append(box1, sw, `${k.label} ${n}`);
    box.append(label);
  });
}

// shownMask is the mask of the kinds shown.
function shownMask() {
  let m = 0;
  kinds.forEach((k, i) => { if (shownKinds.has(k.key)) m |= 1 << i; });
  return m;
}

// drawTimeline draws the markers shown, a row per kind, and the tick
// asked for.
function drawTimeline() {
  const c = $("timeline");
  if (!meta || !c) return;
  const w = c.clientWidth || 800, h = c.height;
  if (c.width !== w) c.width = w;
  const g = c.getContext("2d");
  g.clearRect(0, 0, w, h);
  const span = Math.max(1, meta.last - meta.first);
  const x = (t) => 4 + (w - 8) * (t - meta.first) / span;
  const row = (h - 6) / kinds.length;
  const show = shownMask();
  g.fillStyle = "#f5f7f8";
  for (let i = 0; i < kinds.length; i += 2) g.fillRect(0, 3 + i * row, w, row);
  for (const mk of marks) {
    const t = mk[0], m = markMask(mk, show);
    kinds.forEach((k, i) => {
      if (!(m & (1 << i))) return;
      g.fillStyle = k.color;
      g.fillRect(Math.round(x(t)) - 1, 3 + i * row, 3, Math.max(2, row - 1));
    });
  }
  g.fillStyle = "rgba(38,50,56,.8)";
  g.fillRect(Math.round(x(tick)) - 1, 0, 2, h);
}

// lane is the goals the selected agent pursued over the ticks
// (/api/goals), read again when another agent is shown or the run grows.
let lane = { agent: null, last: -1, goals: [], runs: [] };
const laneColors = ["#1e88e5", "#fb8c00", "#43a047", "#8e24aa", "#e53935", "#00897b", "#6d4c41", "#3949ab"];

// drawLane draws the selected agent's goals as coloured runs under the
// timeline, with a key of the goals' colours.
async function drawLane() {
  if (selected === null) return;
  if (lane.agent !== selected || (live && lane.last !== meta.last)) {
    const want = selected, last = meta.last;
    let l;
    try {
      l = await getJSON("api/goals?agent=" + encodeURIComponent(want));
    } catch (err) {
      failed("the goal lane could not be read", err);
      return;
    }
    lane = { agent: want, last, goals: l.goals, runs: l.runs };
    const key = $("lanekey");
    key.replaceChildren(el("span", {}, `${want}'s goals: `));
    l.goals.forEach((g, i) => {
      const sw = el("span", { class: "swatch" });
      sw.style.background = laneColors[i % laneColors.length];
      sw.dataset.goal = g;
      key.append(sw, `${g} `);
    });
  }
  const c = $("lane");
  const w = c.clientWidth || 800, h = c.height;
  if (c.width !== w) c.width = w;
  const g = c.getContext("2d");
  g.clearRect(0, 0, w, h);
  const span = Math.max(1, meta.last - meta.first);
  const x = (t) => 4 + (w - 8) * (t - meta.first) / span;
  lane.runs.forEach(([from, goal], k) => {
    if (goal < 0) return;
    const to = k + 1 < lane.runs.length ? lane.runs[k + 1][0] : meta.last + 1;
    g.fillStyle = laneColors[goal % laneColors.length];
    g.fillRect(Math.round(x(from)), 1, Math.max(1, Math.round(x(to) - x(from))), h - 2);
  });
  g.fillStyle = "rgba(38,50,56,.8)";
  g.fillRect(Math.round(x(tick)) - 1, 0, 2, h);
}

// markerNear returns the tick of the nearest marker shown after (dir 1)
// or before (dir -1) tick t, or null when there is none.
function markerNear(t, dir) {
  const show = shownMask();
  if (dir > 0) {
    for (const mk of marks) if (mk[0] > t && markMask(mk, show)) return mk[0];
  } else {
    for (let i = marks.length - 1; i >= 0; i--) if (marks[i][0] < t && markMask(marks[i], show)) return marks[i][0];
  }
  return null;
}

// markMask is the mask of the kinds a tick's marker mk is drawn as: the
// kinds shown, or with an event type chosen, that type's kind when the
// tick has it.
function markMask(mk, show) {
  if (!filter.type) return mk[1] & show;
  const b = types.indexOf(filter.type);
  return b >= 0 && (mk[2] & (1 << b)) ? 1 << kindOfType[b] : 0;
}

// filtering reports whether the agents are filtered.
function filtering() {
  return filter.find !== "" || filter.squad !== "";
}

// agentsShown lists the agents the filters let through, in order.
function agentsShown() {
  const sq = (meta.squads || []).find((s) => s.name === filter.squad);
  const find = filter.find.toLowerCase();
  return meta.agents.map((a) => a.name).filter((n) =>
    (!sq || n === sq.commander || sq.members.includes(n)) && n.toLowerCase().includes(find));
}

// typeShown reports whether an event of type passes the type filter.
function typeShown(type) {
  return !filter.type || type === filter.type;
}

// renderTypes fills the event-type filter's choices and the squads'.
function renderTypes() {
  const sel = $("etype");
  if (sel.options.length <= 1) {
    for (const t of types.slice(1)) sel.append(el("option", { value: t }, t));
  }
  const sq = $("squad");
  if (sq.options.length <= 1) {
    for (const s of meta.squads || []) sq.append(el("option", { value: s.name }, s.name + " (" + s.commander + ")"));
  }
  sq.hidden = sq.options.length <= 1;
}

// refilter applies changed filters: the markers of the agents shown,
// the agent list, the events.
async function refilter() {
  try {
    await loadMarkers();
  } catch (err) {
    failed("the timeline's markers could not be read", err);
  }
  const shown = agentsShown();
  if (shown.length && !shown.includes(selected)) selected = shown[0];
  await show(tick);
}

// jumpMarker goes to the next (dir 1) or previous (dir -1) marker
// shown, or says there is none.
function jumpMarker(dir) {
  const t = markerNear(tick, dir);
  if (t === null) {
    say("mark", "info", `No marker shown ${dir > 0 ? "after" : "before"} tick ${tick}.`);
    return;
  }
  unsay("mark");
  go(t);
}

function renderAgents(st) {
  const ul = $("agents");
  ul.replaceChildren();
  const shown = new Set(agentsShown());
  for (const a of st.agents) {
    if (!shown.has(a.name)) continue;
    const s = a.snapshot;
    const li = el("li", { "data-agent": a.name }, a.name + (s ? " — " + s.phase + (s.goal ? ": " + s.goal : "") : ""));
    if (a.name === selected) li.className = "selected";
    li.onclick = () => { selected = a.name; show(tick); };
    ul.append(li);
  }
  if (!ul.children.length) ul.append(el("li", { class: "none" }, "no agent matches the filters"));
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
  const shown = new Set(agentsShown());
  for (const a of st.agents) {
    if (!shown.has(a.name)) continue;
    for (const e of a.events || []) {
      if (["order_issued", "report", "order_timed_out", "interrupt_propagated"].includes(e.type) && typeShown(e.type)) {
        ul.append(el("li", {}, a.name + " " + e.text));
      }
    }
  }
  if (!ul.children.length) ul.append(el("li", { class: "none" }, "none at this tick"));
}

// The map view (a recording with a map): the terrain, doors as the
// world has them at the tick, objects, and each agent at its cell in
// its side's colour, with its heading, its trail behind, its path ahead
// to its target, lines to the agents it sees and the orders it follows.
// mapDrawn is what the last drawing put where (goapMapDrawn).
let mapDrawn = [];
const sideColors = { blue: "#1e88e5", red: "#e53935" };
const morePalette = ["#43a047", "#fb8c00", "#8e24aa", "#00897b", "#6d4c41", "#3949ab"];

function sideColor(side) {
  if (!side) return "#546e7a";
  if (sideColors[side]) return sideColors[side];
  const sides = [...new Set(Object.values(meta.map.sides || {}))].filter((s) => !sideColors[s]).sort();
  return morePalette[Math.max(0, sides.indexOf(side)) % morePalette.length];
}

// mapCell is the size in pixels of a cell of the map drawn.
function mapCell() {
  return Math.max(4, Math.min(32, Math.floor(400 / Math.max(meta.map.w, meta.map.h))));
}

function drawMap(st) {
  const box = $("mapbox");
  box.hidden = !meta.map;
  if (!meta.map) return;
  const m = meta.map, cs = mapCell(), c = $("map");
  if (c.width !== m.w * cs) c.width = m.w * cs;
  if (c.height !== m.h * cs) c.height = m.h * cs;
  const g = c.getContext("2d");
  const terrain = { "#": "#37474f", "%": "#a1887f", "~": "#d7ccc8", "+": "#eceff1", ".": "#fafafa" };
  m.rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      g.fillStyle = terrain[row[x]] || "#fafafa";
      g.fillRect(x * cs, y * cs, cs, cs);
    }
  });
  g.strokeStyle = "rgba(0,0,0,.05)";
  g.lineWidth = 1;
  for (let x = 1; x < m.w; x++) { g.beginPath(); g.moveTo(x * cs + .5, 0); g.lineTo(x * cs + .5, m.h * cs); g.stroke(); }
  for (let y = 1; y < m.h; y++) { g.beginPath(); g.moveTo(0, y * cs + .5); g.lineTo(m.w * cs, y * cs + .5); g.stroke(); }
  const sp = st.space || { agents: [], doors: {} };
  const mid = (x, y) => [(x + .5) * cs, (y + .5) * cs];
  const doorColor = { open: "#66bb6a", closed: "#8d6e63", locked: "#c62828" };
  for (const d of m.doors || []) {
    const state = (sp.doors || {})[d.name] || d.state;
    g.fillStyle = doorColor[state] || "#8d6e63";
    if (state === "open") {
      g.strokeStyle = g.fillStyle;
      g.lineWidth = 2;
      g.strokeRect(d.x * cs + 2, d.y * cs + 2, cs - 4, cs - 4);
    } else {
      g.fillRect(d.x * cs + 1, d.y * cs + 1, cs - 2, cs - 2);
    }
  }
  g.font = `${Math.max(8, Math.min(11, cs - 2))}px system-ui, sans-serif`;
  for (const o of m.objects || []) {
    g.fillStyle = "#ffb300";
    g.fillRect(o.x * cs + cs * .2, o.y * cs + cs * .2, cs * .6, cs * .6);
  }
  for (const p of m.points || []) {
    g.fillStyle = "#90a4ae";
    g.fillText(p.name, p.x * cs + 2, (p.y + 1) * cs - 2);
  }
  const where = new Map(sp.agents.map((a) => [a.name, a]));
  const line = (from, to, color, width, dash) => {
    g.strokeStyle = color;
    g.lineWidth = width;
    g.setLineDash(dash || []);
    g.beginPath();
    g.moveTo(...from);
    g.lineTo(...to);
    g.stroke();
    g.setLineDash([]);
  };
  for (const a of sp.agents) {
    const color = sideColor(a.side);
    // The trail behind, dotted, and the path ahead, dashed, to a ×.
    const trail = [...(a.trail || []), [a.x, a.y]];
    for (let i = 1; i < trail.length; i++) line(mid(...trail[i - 1]), mid(...trail[i]), color + "88", 2, [2, 3]);
    const path = [[a.x, a.y], ...(a.path || [])];
    for (let i = 1; i < path.length; i++) line(mid(...path[i - 1]), mid(...path[i]), color, 1.5, [5, 3]);
    if (a.path && a.path.length) {
      const [tx, ty] = mid(...a.path[a.path.length - 1]), r = cs * .3;
      line([tx - r, ty - r], [tx + r, ty + r], color, 2);
      line([tx - r, ty + r], [tx + r, ty - r], color, 2);
    }
    for (const n of a.sees || []) {
      const o = where.get(n);
      if (o) line(mid(a.x, a.y), mid(o.x, o.y), color + "aa", 1, [1, 2]);
    }
  }
  mapDrawn = [];
  const lines = new Map(); // per agent: what the drawing joined it to
  for (const a of sp.agents) {
    const boss = a.ordered_by && where.get(a.ordered_by);
    if (boss) arrow(g, mid(boss.x, boss.y), mid(a.x, a.y), cs);
    else if (a.ordered_by) badge(g, mid(a.x, a.y), cs); // a commander without a body
    lines.set(a.name, { sees: (a.sees || []).filter((n) => where.has(n)), by: a.ordered_by || "", order: a.order || "", arrow: !!boss });
  }
  for (const a of sp.agents) {
    const [px, py] = mid(a.x, a.y), r = cs * .38;
    g.fillStyle = a.dead ? "#b0bec5" : sideColor(a.side);
    g.beginPath();
    g.arc(px, py, r, 0, 2 * Math.PI);
    g.fill();
    if (a.dead) {
      line([px - r, py - r], [px + r, py + r], "#37474f", 2);
      line([px - r, py + r], [px + r, py - r], "#37474f", 2);
    } else if (a.heading[0] || a.heading[1]) {
      const len = Math.hypot(a.heading[0], a.heading[1]);
      line([px, py], [px + a.heading[0] / len * cs * .6, py + a.heading[1] / len * cs * .6], "#263238", 2);
    }
    if (a.name === selected) {
      g.strokeStyle = "#ffeb3b";
      g.lineWidth = 3;
      g.beginPath();
      g.arc(px, py, r + 2, 0, 2 * Math.PI);
      g.stroke();
    }
    mapDrawn.push({ name: a.name, px, py, ...lines.get(a.name) });
  }
  c.dataset.tick = st.tick;
  renderMapKey();
}

// arrow draws an order's arrow from a commander to a unit.
function arrow(g, from, to, cs) {
  const [x1, y1] = from, [x2, y2] = to, len = Math.hypot(x2 - x1, y2 - y1);
  if (len < 1) return;
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len, end = [x2 - ux * cs * .45, y2 - uy * cs * .45], h = Math.max(5, cs * .35);
  g.strokeStyle = g.fillStyle = "#8e24aa";
  g.lineWidth = 2;
  g.beginPath();
  g.moveTo(x1, y1);
  g.lineTo(...end);
  g.stroke();
  g.beginPath();
  g.moveTo(...end);
  g.lineTo(end[0] - ux * h - uy * h * .5, end[1] - uy * h + ux * h * .5);
  g.lineTo(end[0] - ux * h + uy * h * .5, end[1] - uy * h - ux * h * .5);
  g.fill();
}

// badge marks a unit following the order of a commander that is not on
// the map (a planner without a body): a purple diamond over its head.
function badge(g, at, cs) {
  const [x, y] = at, r = Math.max(3, cs * .18), top = y - cs * .5;
  g.fillStyle = "#8e24aa";
  g.beginPath();
  g.moveTo(x, top - r);
  g.lineTo(x + r, top);
  g.lineTo(x, top + r);
  g.lineTo(x - r, top);
  g.fill();
}

// renderMapKey names the sides' colours.
function renderMapKey() {
  const key = $("mapkey");
  const sides = [...new Set(Object.values(meta.map.sides || {}))].sort();
  if (key.dataset.sides === sides.join(",")) return;
  key.dataset.sides = sides.join(",");
  key.replaceChildren();
  for (const s of sides) {
    const sw = el("span", { class: "swatch" });
    sw.style.background = sideColor(s);
    key.append(sw, s);
  }
}

// goapMapDrawn is the test hook of the map view: the agents as the last
// drawing placed them, in cells ({name, x, y}), read back from the
// pixels drawn at, with the lines drawn from them: the agents it sees,
// and the order it follows (by whom, which goal, an arrow from the
// commander on the map or, without one, a badge).
window.goapMapDrawn = () => {
  if (!meta || !meta.map) return [];
  const cs = mapCell();
  return mapDrawn.map((a) => ({ name: a.name, x: a.px / cs - .5, y: a.py / cs - .5, sees: a.sees, by: a.by, order: a.order, arrow: a.arrow }));
};

// pickOnMap selects the agent drawn nearest the click, within a cell.
function pickOnMap(e) {
  const c = $("map"), r = c.getBoundingClientRect();
  const px = (e.clientX - r.left) * c.width / r.width, py = (e.clientY - r.top) * c.height / r.height;
  let best = null, dist = mapCell();
  for (const a of mapDrawn) {
    const d = Math.hypot(a.px - px, a.py - py);
    if (d <= dist) { best = a.name; dist = d; }
  }
  if (best !== null && best !== selected) {
    selected = best;
    show(tick);
  }
}

// renderCompare lists the facts the selected agent believed differently
// at the tick chosen to compare with than at the tick shown.
async function renderCompare() {
  const table = $("compare");
  const other = $("cmptick").value;
  if (other === "" || selected == null) {
    table.replaceChildren();
    return;
  }
  const at = drawn;
  let rows;
  try {
    rows = await getJSON(`api/compare?agent=${encodeURIComponent(selected)}&from=${encodeURIComponent(other)}&to=${at}`);
  } catch (err) {
    table.replaceChildren(el("tr", {}, `no comparison: ${err.message || err}`));
    return;
  }
  if (at !== drawn) return; // a later tick draws its own
  table.replaceChildren(el("tr", {}));
  table.firstChild.append(el("th", {}, "fact"), el("th", {}, `tick ${other}`), el("th", {}, `tick ${at}`));
  for (const r of rows) {
    const tr = el("tr", { "data-fact": r.fact });
    tr.append(el("td", {}, r.fact), el("td", {}, String(r.before)), el("td", {}, String(r.after)));
    table.append(tr);
  }
  if (!rows.length) table.append(el("tr", {}, "the same belief"));
}

// renderWorld lists the changes of world facts at the tick: scripted
// events and agents' actions, with the facts they set.
function renderWorld(st) {
  const ul = $("world");
  ul.replaceChildren();
  for (const w of st.world || []) {
    const who = w.action ? `${w.by} ${w.action}` : w.by;
    const facts = (w.facts || []).map((f) => `${f.fact}=${f.value}`).join(", ");
    ul.append(el("li", {}, `${who}: ${facts}`));
  }
  if (!ul.children.length) ul.append(el("li", { class: "none" }, "none at this tick"));
}

function renderAgent(a) {
  $("name").textContent = a ? a.name : "no agent";
  if (!a || !a.found) {
    $("status").textContent = a ? "no snapshot at or before this tick" : "";
    for (const id of ["goals", "plan", "oldplan", "events", "belief"]) $(id).replaceChildren();
    $("oldplan-box").hidden = true;
    $("tree").replaceChildren(el("p", { class: "none" }, "no search recorded"));
    tree = null;
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
    // A designer file's goal says which of its relevancy rules scored it.
    const why = [(g.relevancy ? "relevancy " : "priority ") + +g.base.toFixed(3) + (g.rule ? " (" + g.rule + ")" : "")];
    if (g.bias) why.push("bias " + (g.bias > 0 ? "+" : "") + g.bias);
    if (!g.valid) why.push("invalid");
    if (!g.relevant) why.push("not relevant");
    if (g.met) why.push("met");
    if (g.retry_at) why.push("waits until " + g.retry_at);
    if (g.ordered) why.push("ordered");
    if (g.fallback) why.push("fallback goal");
    d.append(el("span", { class: "why" }, why.join(", ")));
    // A goal waiting for a retry says why its last search found no plan.
    const noPlan = (a.no_plan_why || {})[g.name];
    if (g.retry_at && noPlan) d.append(el("div", { class: "noplan-why" }, "no plan: " + noPlan));
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
  // At a replan, the plan the new one replaced, beside it.
  const old = $("oldplan");
  old.replaceChildren(...(a.old_plan || []).map((name) => el("li", {}, name)));
  $("oldplan-box").hidden = !old.children.length;
  // Events of this tick.
  const events = $("events");
  events.replaceChildren();
  let hidden = 0;
  for (const e of a.events || []) {
    if (!typeShown(e.type)) { hidden++; continue; }
    const li = el("li", { "data-type": e.type }, e.text);
    // A no_plan event says why no plan exists: set apart under the event.
    if (e.why) li.append(el("div", { class: "why-no-plan" }, "why: " + e.why));
    events.append(li);
  }
  if (hidden) events.append(el("li", { class: "none" }, `${hidden} more of other types (filtered out)`));
  else if (!events.children.length) events.append(el("li", { class: "none" }, "none"));
  // The belief, changes highlighted.
  const table = $("belief");
  table.replaceChildren();
  const changed = new Set(a.changed || []);
  const setBy = (lastState && lastState.world_set) || {};
  for (const [k, v] of Object.entries(a.belief).sort()) {
    const tr = el("tr", { "data-fact": k });
    if (changed.has(k)) tr.className = "changed";
    // Who changed the world's fact last, and when.
    tr.append(el("td", {}, k), el("td", {}, String(v)), el("td", { class: "setby" }, setBy[k] ? "set by " + setBy[k] : ""));
    table.append(tr);
  }
  renderTree(a.tree || [], a.tree_tick, (s.plan || []).length > 0, a.tree_total || 0);
}

// renderTree draws the search tree of the current plan, made at tick
// made, as layers by depth, the plan's path highlighted; expanded nodes
// are filled. The drawing is in its own panel, scrolled and zoomed there
// (a tree of thousands of nodes does not push the rest of the page
// away). total, when set, is the size of the search the tree was cut
// from.
function renderTree(nodes, made, hasPlan, total) {
  const box = $("tree");
  tree = null;
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
  const height = layers.length * dy + 20;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  nodes.forEach((n, i) => {
    if (n.p < 0) return;
    const line = document.createElementNS(ns, "line");
    const [x1, y1] = pos[n.p], [x2, y2] = pos[i];
    Object.entries({ x1, y1, x2, y2 }).forEach(([k, v]) => line.setAttribute(k, v));
    if (n.path && nodes[n.p].path) line.setAttribute("class", "path");
    svg.append(line);
  });
  const onPath = [];
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
    if (n.path) onPath.push(g); else svg.append(g);
  });
  svg.append(...onPath); // on top, their labels readable
  const expanded = nodes.filter((n) => n.x).length;
  const info = el("p", {}, `the search that made this plan at tick ${made}: ${total || nodes.length} nodes, ${expanded}${total ? " of those shown" : ""} expanded; the plan's path in blue (hover a node for g, h and its state)`);
  const parts = [info];
  if (total) {
    parts.push(el("p", { class: "cut" }, `The tree is cut: ${nodes.length} of its ${total} nodes are shown, the first ones generated and the plan's whole path.`));
  }
  const scroller = el("div", { class: "treebox" });
  scroller.append(svg);
  parts.push(scroller);
  box.replaceChildren(...parts);
  tree = { svg, scroller, width, height, root: pos[0] };
  applyZoom(true);
}

// applyZoom sizes the tree's drawing to the zoom chosen; centre puts
// the root at the top middle of the panel (a new tree).
function applyZoom(centre) {
  $("zoom").textContent = Math.round(zoom * 100) + "%";
  if (!tree) return;
  tree.svg.setAttribute("width", Math.ceil(tree.width * zoom));
  tree.svg.setAttribute("height", Math.ceil(tree.height * zoom));
  if (centre) {
    tree.scroller.scrollLeft = tree.root[0] * zoom - tree.scroller.clientWidth / 2;
    tree.scroller.scrollTop = 0;
  }
}

// zoomBy zooms the tree by factor f (fit: to fit its panel), keeping the
// panel's centre where it is.
function zoomBy(f) {
  if (!tree) return;
  const sc = tree.scroller;
  const cx = (sc.scrollLeft + sc.clientWidth / 2) / zoom, cy = (sc.scrollTop + sc.clientHeight / 2) / zoom;
  zoom = f === "fit" ? Math.min(1, sc.clientWidth / tree.width, sc.clientHeight / tree.height)
    : Math.max(0.02, Math.min(4, zoom * f));
  applyZoom(false);
  sc.scrollLeft = cx * zoom - sc.clientWidth / 2;
  sc.scrollTop = cy * zoom - sc.clientHeight / 2;
}

// go moves to tick t for the user: at the run's last tick a live page
// follows the run again; anywhere before it, it stays where the user
// went.
function go(t) {
  setFollowing(live && t >= meta.last);
  return show(t);
}

// setFollowing says whether the page follows the live run.
function setFollowing(on) {
  following = on;
  const b = $("follow");
  b.hidden = !live;
  b.textContent = on ? "following the run" : "follow the run (End)";
  b.classList.toggle("on", on);
}

// poll reads the live run's ticks, redraws the timeline's markers when
// the run went on, and shows the run's last tick while following.
async function poll() {
  const before = meta.last;
  try {
    await loadMeta();
  } catch (err) {
    failed("the run's ticks could not be read", err);
    return;
  }
  if (meta.last !== before) {
    try {
      await loadMarkers();
    } catch (err) {
      failed("the timeline's markers could not be read", err);
    }
  }
  if (following && meta.last !== drawn && !meta.empty) show(meta.last);
}

// togglePlay plays the ticks at the speed chosen (each drawn before the
// next is asked for), or pauses. A live run played to its end follows
// the run.
function togglePlay() {
  if (playing) {
    playing = 0;
    $("play").textContent = "▶";
    return;
  }
  $("play").textContent = "❚❚";
  const mine = playing = ++plays;
  const step = async () => {
    if (playing !== mine) return;
    const start = performance.now();
    if (tick < meta.last) {
      await show(tick + 1);
    } else if (!live) {
      togglePlay();
      return;
    }
    if (live && tick >= meta.last) setFollowing(true);
    if (playing === mine) setTimeout(step, Math.max(0, 1000 / speed - (performance.now() - start)));
  };
  setTimeout(step, 0);
}

async function control(cmd) {
  try {
    await getJSON("api/control?cmd=" + cmd, { method: "POST" });
    await loadMeta();
    await loadMarkers();
  } catch (err) {
    failed(`${cmd} failed`, err);
    return;
  }
  go(meta.last);
}

// setWorld asks the live run to set the fact chosen to the value typed
// at its next tick; the server says why it refuses a change.
async function setWorld() {
  const fact = $("setfact").value, value = $("setvalue").value.trim();
  try {
    const r = await fetch(`api/control?cmd=set&fact=${encodeURIComponent(fact)}&value=${encodeURIComponent(value)}`, { method: "POST" });
    if (!r.ok) {
      say("set", "error", `The change of ${fact} is refused: ${(await r.text()).trim()}`);
      return;
    }
  } catch (err) {
    failed(`setting ${fact}`, err);
    return;
  }
  say("set", "info", `${fact}=${value} happens at the run's next tick.`);
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
  $("scrub").oninput = (e) => go(+e.target.value);
  $("prev").onclick = () => go(tick - 1);
  $("next").onclick = () => go(tick + 1);
  $("play").onclick = togglePlay;
  $("prevmark").onclick = () => jumpMarker(-1);
  $("nextmark").onclick = () => jumpMarker(1);
  $("timeline").onclick = (e) => {
    const r = e.target.getBoundingClientRect();
    const f = Math.max(0, Math.min(1, (e.clientX - r.left - 4) / Math.max(1, r.width - 8)));
    go(Math.round(meta.first + f * (meta.last - meta.first)));
  };
  window.addEventListener("resize", drawTimeline);
  $("map").onclick = pickOnMap;
  $("zoomin").onclick = () => zoomBy(1.25);
  $("zoomout").onclick = () => zoomBy(0.8);
  $("zoomfit").onclick = () => zoomBy("fit");
  $("tree").addEventListener("wheel", (e) => {
    if (!e.ctrlKey || !tree) return;
    e.preventDefault();
    zoomBy(e.deltaY < 0 ? 1.1 : 1 / 1.1);
  }, { passive: false });
  for (const c of ["pause", "step", "run"]) $(c).onclick = () => control(c);
  document.addEventListener("keydown", (e) => {
    // Keys typed into a text box are the box's; a slider's own keys
    // (arrows, Home, End, PageUp, PageDown) move the slider.
    if (e.target.matches("input[type=text], input[type=search], input[type=number], select")) return;
    if (e.target.matches("input[type=range]") && e.key !== " ") return;
    if (e.key === " ") { e.preventDefault(); togglePlay(); }
    if (e.key === "ArrowLeft") { e.preventDefault(); go(tick - 1); }
    if (e.key === "ArrowRight") { e.preventDefault(); go(tick + 1); }
    if (e.key === "Home") { e.preventDefault(); go(meta.first); }
    if (e.key === "End") { e.preventDefault(); go(meta.last); }
    if (e.key === "PageUp") { e.preventDefault(); go(tick - 10); }
    if (e.key === "PageDown") { e.preventDefault(); go(tick + 10); }
    if (e.key === "[") { e.preventDefault(); jumpMarker(-1); }
    if (e.key === "]") { e.preventDefault(); jumpMarker(1); }
  });
  try {
    await loadMarkers();
  } catch (err) {
    failed("the timeline's markers could not be read", err);
  }
  const params = new URLSearchParams(location.search);
  if (params.has("agent")) {
    const name = params.get("agent");
    if (meta.agents.some((a) => a.name === name)) {
      selected = name;
    } else {
      say("agent", "warn", `?agent=${cut(name)}: no agent of that name` + (selected === null ? "." : `; showing ${selected}.`));
    }
  }
  $("speed").onchange = (e) => { speed = +e.target.value; };
  $("cmptick").onchange = () => renderCompare();
  $("setbtn").onclick = () => setWorld();
  speed = +$("speed").value;
  $("follow").onclick = () => go(meta.last);
  $("find").oninput = (e) => { filter.find = e.target.value.trim(); refilter(); };
  $("squad").onchange = (e) => { filter.squad = e.target.value; refilter(); };
  $("etype").onchange = (e) => { filter.type = e.target.value; drawTimeline(); show(tick); };
  // A live run (goap sim --debug) is followed from its last tick unless
  // the URL asks for another; a recorder's page (a Handler in a game)
  // starts at the first tick and follows from the last (End).
  await go(meta.live && !params.has("tick") ? meta.last : startTick(params));
  if (live) setInterval(poll, 500);
  document.body.dataset.ready = "1";
}

main().catch((err) => say("bug", "error", "debugger: " + err.message)).finally(() => {
  document.body.dataset.ready = "1";
});
