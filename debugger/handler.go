package debugger

import (
	"bytes"
	"embed"
	"encoding/json"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/internal/echo"
)

//go:embed web
var webFiles embed.FS

// Source is what the debugger page shows: a Recorder (live) or a loaded
// Recording. View calls f with the recording while it does not change.
type Source interface {
	View(f func(*Recording))
}

// Controller steps a live run (goap sim --debug): the page's pause, step
// and run buttons call it. Nil for a recording, which only rewinds.
type Controller interface {
	// Control pauses the run, runs it, or steps it by one tick while
	// paused; it returns whether the run is paused now.
	Control(cmd string) (paused bool)
}

// WorldSetter is a Controller whose run's world the page may change
// (Pittman's demo gives "the user full, live control of the world
// state"): SetWorld sets a world fact, named, to a value written as the
// designer files write it ("true", "3", an enum's value), at the run's
// next tick, and the change is recorded as a scripted one.
type WorldSetter interface {
	SetWorld(fact, value string) error
}

// Handler serves the debugger page for src, and the JSON it reads: mount
// it on a game's own server, e.g.
//
//	http.Handle("/goap/", http.StripPrefix("/goap", debugger.Handler(rec, nil)))
//
// The page is self-contained (embedded HTML, script and styles; nothing is
// loaded from elsewhere). ctl may be nil.
//
// Any web page the user visits could otherwise reach the handler: it
// answers only requests whose Host is a loopback name, an IP address or
// one of hosts (the names the server is reached by across a LAN, as in
// goap debug --addr mybox.lan:8080), so that no other site can read it
// through DNS rebinding; and it steps the run (api/control) only on a
// POST from its own page (no other Origin). Give the server timeouts
// (http.Server's ReadTimeout, WriteTimeout and IdleTimeout): the handler
// cannot.
func Handler(src Source, ctl Controller, hosts ...string) http.Handler {
	mux := http.NewServeMux()
	web, _ := fs.Sub(webFiles, "web")
	mux.Handle("/", http.FileServerFS(web))
	mux.HandleFunc("/api/meta", func(w http.ResponseWriter, r *http.Request) {
		m := meta{Agents: []AgentInfo{}, Squads: []SquadInfo{}} // [], not null, when there is none
		src.View(func(rc *Recording) {
			m.Agents = append(m.Agents, rc.Agents...)
			m.Squads = append(m.Squads, rc.Squads...)
			m.First, m.Last = rc.Ticks()
			m.WorldTicks = rc.worldTicks()
			m.Empty = rc.empty()
			m.Map = rc.Map
			if rc.Cut != nil {
				m.Cut = rc.Cut.String()
			}
		})
		if ctl != nil {
			m.Live, m.Paused = true, ctl.Control("status")
		}
		_, m.Growing = src.(*Recorder)
		writeJSON(w, m)
	})
	mux.HandleFunc("/api/state", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		tick, err := strconv.Atoi(q.Get("tick"))
		if err != nil {
			http.Error(w, "tick must be a number", http.StatusBadRequest)
			return
		}
		// With agent=NAME, the others are summed up (see agentBrief).
		only, brief := q.Get("agent"), q.Has("agent")
		// Encoded while the recording does not change: the state shares
		// the memory of a live recorder's rings, which captures reuse.
		var body bytes.Buffer
		src.View(func(rc *Recording) { _ = json.NewEncoder(&body).Encode(stateAt(rc, tick, only, brief)) })
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body.Bytes())
	})
	mux.HandleFunc("/api/compare", func(w http.ResponseWriter, r *http.Request) {
		// What the named agent believed differently at tick to than at
		// tick from (Recording.Compare).
		q := r.URL.Query()
		from, err1 := strconv.Atoi(q.Get("from"))
		to, err2 := strconv.Atoi(q.Get("to"))
		if err1 != nil || err2 != nil {
			http.Error(w, "from and to must be numbers", http.StatusBadRequest)
			return
		}
		var changes []FactChange
		var err error
		src.View(func(rc *Recording) { changes, err = rc.Compare(q.Get("agent"), from, to) })
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		if changes == nil {
			changes = []FactChange{} // [], not null
		}
		writeJSON(w, changes)
	})
	mux.HandleFunc("/api/goals", func(w http.ResponseWriter, r *http.Request) {
		var l goalLane
		src.View(func(rc *Recording) { l = goalLaneOf(rc, r.URL.Query().Get("agent")) })
		writeJSON(w, l)
	})
	mux.HandleFunc("/api/markers", func(w http.ResponseWriter, r *http.Request) {
		var m markers
		src.View(func(rc *Recording) { m = markersOf(rc, r.URL.Query()["agent"]) })
		writeJSON(w, m)
	})
	mux.HandleFunc("/api/control", func(w http.ResponseWriter, r *http.Request) {
		if ctl == nil {
			http.Error(w, "a recording cannot be controlled; it rewinds", http.StatusNotFound)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "control the run with POST", http.StatusMethodNotAllowed)
			return
		}
		if !sameOrigin(r) {
			http.Error(w, "the run is controlled from its own page only (cross-origin request refused)", http.StatusForbidden)
			return
		}
		q := r.URL.Query()
		cmd := q.Get("cmd")
		if cmd == "set" {
			ws, ok := ctl.(WorldSetter)
			if !ok {
				http.Error(w, "this run's world cannot be changed from the page", http.StatusNotImplemented)
				return
			}
			if err := ws.SetWorld(q.Get("fact"), q.Get("value")); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			writeJSON(w, map[string]bool{"paused": ctl.Control("status")})
			return
		}
		if cmd != "pause" && cmd != "run" && cmd != "step" {
			http.Error(w, "cmd must be pause, run, step or set", http.StatusBadRequest)
			return
		}
		writeJSON(w, map[string]bool{"paused": ctl.Control(cmd)})
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hostAllowed(r.Host, hosts) {
			http.Error(w, echo.Sprintf("goap debugger: not served as %q: reach it by IP address or localhost, or name that host where the server is started (goap debug --addr HOST:PORT)", r.Host), http.StatusForbidden)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// hostAllowed reports whether a request's Host names this server as only
// its own users would: a loopback name, an IP address (a DNS rebinding
// attack needs a name of its own, which the browser sends), or one of
// hosts. An empty Host (HTTP/1.0) is not a browser's.
func hostAllowed(host string, hosts []string) bool {
	name := hostName(host)
	if host == "" || name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	if _, err := netip.ParseAddr(name); err == nil {
		return true
	}
	for _, h := range hosts {
		if hostName(h) == name {
			return true
		}
	}
	return false
}

// hostName returns host without its port, brackets and final dot, in
// lower case.
func hostName(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), ".")
	return strings.ToLower(host)
}

// sameOrigin reports whether a request comes from the page the handler
// serves, or from no page at all (curl, a program): browsers say where a
// request comes from (Sec-Fetch-Site, Origin), other clients do not.
func sameOrigin(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host != "" && strings.EqualFold(u.Host, r.Host)
}

// meta is /api/meta: the agents and the ticks recorded, whether there is
// none, and what a file cut short left out.
type meta struct {
	Agents []AgentInfo `json:"agents"`
	Squads []SquadInfo `json:"squads"`
	First  int         `json:"first"`
	Last   int         `json:"last"`
	Empty  bool        `json:"empty,omitempty"`
	Cut    string      `json:"cut,omitempty"`
	// WorldTicks are the ticks with world changes (for the timeline).
	WorldTicks []int `json:"world_ticks"`
	Live       bool  `json:"live"`
	Paused     bool  `json:"paused"`
	// Growing: the source is a Recorder, whose run may go on while the
	// page is open (the page then polls it and follows the run).
	Growing bool `json:"growing,omitempty"`
	// Map is the world's map, for the map view (nil: the recording has
	// none, and the page shows no map).
	Map *MapInfo `json:"map,omitempty"`
}

// state is /api/state: every agent at a tick. With ?agent=NAME, only
// that agent is given whole, the others as an agentBrief: on the
// 200-agent colony of BENCHMARKS.md a tick took 0.9-2.4 MB whole.
type state struct {
	Tick   int          `json:"tick"`
	Agents []agentState `json:"agents"`
	// World are the world's changes at this tick: scripted events and
	// the effects of agents' actions on world facts.
	World []WorldChange `json:"world"`
	// WorldSet is, for each world fact changed at or before this tick,
	// who changed it last and when ("world at 5", "pirate's StealRum at
	// 4"): the belief's history of the world's changes.
	WorldSet map[string]string `json:"world_set,omitempty"`
	// Space is the map view at this tick, when the recording has a map.
	Space *spaceView `json:"space,omitempty"`
}

// agentState is one agent at a tick for the page: its latest snapshot,
// its whole belief, what changed and happened at this very tick, and the
// search tree of its current plan, made at TreeTick.
type agentState struct {
	Name  string `json:"name"`
	Found bool   `json:"found"`
	// Snapshot is a *Snapshot, or an *agentBrief for an agent summed up.
	Snapshot any            `json:"snapshot,omitempty"`
	Belief   map[string]any `json:"belief,omitempty"`
	Changed  []string       `json:"changed,omitempty"`
	Events   []eventView    `json:"events,omitempty"`
	Tree     []SearchNode   `json:"tree,omitempty"`
	TreeTick int            `json:"tree_tick,omitempty"`
	// TreeTotal is the search's number of nodes when Tree is cut
	// (Snapshot.TreeTotal).
	TreeTotal int32 `json:"tree_total,omitempty"`
	// NoPlanWhy gives, for each goal waiting for a retry (GoalScore's
	// RetryAt), why its last search found no plan (the latest no_plan
	// event's explanation), so that the goal's bar says it on the ticks
	// after the event too.
	NoPlanWhy map[string]string `json:"no_plan_why,omitempty"`
	// OldPlan is, at a tick where the agent made a plan, the plan it
	// followed before (its latest earlier one, when it differs), to show
	// beside the new one at a replan.
	OldPlan []string `json:"old_plan,omitempty"`
}

// eventView is an event as the page shows it. Why is a no_plan event's
// explanation (agent.Event.Why), which Text then leaves out so that the
// page can set it apart.
type eventView struct {
	Type   string `json:"type"`
	Goal   string `json:"goal,omitempty"`
	Action string `json:"action,omitempty"`
	Text   string `json:"text"`
	Why    string `json:"why,omitempty"`
}

// agentBrief is an agent summed up in /api/state: what the page lists
// for it (its events at the tick are given besides).
type agentBrief struct {
	Tick  int    `json:"t"`
	Phase string `json:"phase"`
	Goal  string `json:"goal,omitempty"`
}

// stateAt builds /api/state for tick: when brief, only the agent named
// only whole.
func stateAt(rc *Recording, tick int, only string, brief bool) state {
	st := state{Tick: tick, Agents: []agentState{}, World: rc.World(tick, tick)}
	if st.World == nil {
		st.World = []WorldChange{}
	}
	st.WorldSet = worldSetBy(rc, tick)
	if rc.Map != nil {
		st.Space = spaceAt(rc, tick)
	}
	for i, info := range rc.Agents {
		as := agentState{Name: info.Name}
		if brief && info.Name != only {
			r := &rc.rings[i]
			if k := r.find(tick); k >= 0 {
				phase, goal := r.phaseGoalAt(k)
				as.Found, as.Snapshot = true, &agentBrief{Tick: r.tickAt(k), Phase: phase, Goal: goal}
				if r.tickAt(k) == tick && r.eventMask(k) != 0 {
					as.Events = eventViews(r.at(k).Events)
				}
			}
			st.Agents = append(st.Agents, as)
			continue
		}
		if a, k, ok := rc.at(i, tick); ok {
			s := a.Snapshot
			if s.Tick == tick && madePlan(s.Events) {
				as.OldPlan = oldPlan(&rc.rings[i], k)
			}
			as.NoPlanWhy = noPlanWhy(&rc.rings[i], k)
			s.Tree, s.TreeTotal = nil, 0 // sent once, below
			as.Found, as.Snapshot, as.Belief = true, &s, a.Belief
			if s.Tick == tick {
				for _, c := range s.Changes {
					as.Changed = append(as.Changed, info.Facts[c.Fact].Name)
				}
				as.Events = eventViews(s.Events)
			}
			as.Tree, as.TreeTick, as.TreeTotal = planTree(&rc.rings[i], &rc.Agents[i], tick)
		}
		st.Agents = append(st.Agents, as)
	}
	return st
}

// eventViews returns events as the page shows them.
func eventViews(events []agent.Event) []eventView {
	var out []eventView
	for _, e := range events {
		text := e.String()
		if k := strings.Index(text, e.Type.String()); k >= 0 {
			text = text[k:]
		}
		why := e.Why()
		if why != "" {
			text = strings.TrimSuffix(text, ": "+why)
		}
		out = append(out, eventView{Type: e.Type.String(), Goal: e.Goal, Action: e.Action, Text: text, Why: why})
	}
	return out
}

// noPlanWhy returns, for the goals of r's k-th snapshot that wait for a
// retry, the explanation of their latest no_plan event at or before it.
func noPlanWhy(r *ring, k int) map[string]string {
	var out map[string]string
	waiting := 0
	for _, g := range r.at(k).Goals {
		if g.RetryAt > 0 {
			waiting++
		}
	}
	// A look back of at most 256 snapshots: a goal may wait for another
	// reason (it became invalid), which no no_plan event explains.
	for j := k; j >= 0 && j > k-256 && len(out) < waiting; j-- {
		if r.eventMask(j)&(1<<agent.EventNoPlan) == 0 {
			continue
		}
		events := r.at(j).Events
		for e := len(events) - 1; e >= 0; e-- {
			ev := events[e]
			if ev.Type != agent.EventNoPlan || out[ev.Goal] != "" {
				continue
			}
			if why := ev.Why(); why != "" && waitsForRetry(r.at(k).Goals, ev.Goal) {
				if out == nil {
					out = map[string]string{}
				}
				out[ev.Goal] = why
			}
		}
	}
	return out
}

// waitsForRetry reports whether the named goal waits for a retry.
func waitsForRetry(goals []GoalScore, name string) bool {
	for _, g := range goals {
		if g.Name == name {
			return g.RetryAt > 0
		}
	}
	return false
}

// worldSetBy says, for each world fact changed at or before tick, who
// changed it last and when.
func worldSetBy(rc *Recording, tick int) map[string]string {
	j := sort.Search(len(rc.world), func(j int) bool { return rc.world[j].Tick > tick })
	var out map[string]string
	for _, c := range rc.world[:j] { // in order: later changes overwrite
		who := c.By
		if c.Action != "" {
			who += "'s " + c.Action
		}
		for _, f := range c.Facts {
			if out == nil {
				out = map[string]string{}
			}
			out[f.Fact] = who + " at " + strconv.Itoa(c.Tick)
		}
	}
	return out
}

// oldPlan returns the plan of the latest snapshot before the k-th of r
// that had one, when it differs from the k-th's.
func oldPlan(r *ring, k int) []string {
	now := r.planAt(k)
	for j := k - 1; j >= 0; j-- {
		if p := r.planAt(j); len(p) > 0 {
			if slices.Equal(p, now) {
				return nil
			}
			return p
		}
	}
	return nil
}

// planTree returns the search tree of the plan the agent follows at
// tick, the tick it was made and the search's size when the tree was
// cut (Snapshot.TreeTotal): the tree of the latest snapshot that made a
// plan (a plan_made event), when the agent still has a plan. An older
// tree would belong to a plan the agent abandoned since, so none is
// returned when the snapshot that made the plan kept no tree (or is no
// longer kept), nor when the agent has no plan.
func planTree(r *ring, info *AgentInfo, tick int) ([]SearchNode, int, int32) {
	k := r.find(tick)
	if k < 0 || len(r.planAt(k)) == 0 {
		return nil, 0, 0
	}
	for ; k >= 0; k-- {
		if r.eventMask(k)&(1<<agent.EventPlanMade) != 0 {
			s := r.at(k)
			if t := r.treeAt(k); t != nil {
				return t.treeNodes(info), s.Tick, s.TreeTotal
			}
			return s.Tree, s.Tick, s.TreeTotal
		}
	}
	return nil, 0, 0
}

// goalLane is /api/goals: the goals an agent pursued over the ticks
// recorded, for the page's lane. Runs are [tick, goal] pairs: from that
// tick on, the agent pursued Goals[goal] (-1: no goal), until the next.
type goalLane struct {
	Goals []string `json:"goals"`
	Runs  [][2]int `json:"runs"`
}

// goalLaneOf builds /api/goals for the named agent (empty for an agent
// not recorded).
func goalLaneOf(rc *Recording, name string) goalLane {
	l := goalLane{Goals: []string{}, Runs: [][2]int{}}
	i := rc.agentIndex(name)
	if i < 0 {
		return l
	}
	r := &rc.rings[i]
	last := -2
	for k := 0; k < r.n; k++ {
		_, goal := r.phaseGoalAt(k)
		g := -1
		if goal != "" {
			if g = slices.Index(l.Goals, goal); g < 0 {
				l.Goals = append(l.Goals, goal)
				g = len(l.Goals) - 1
			}
		}
		if g != last {
			l.Runs = append(l.Runs, [2]int{r.tickAt(k), g})
			last = g
		}
	}
	return l
}

// markers is /api/markers: for the timeline, the ticks at which the
// agents asked for had events, each tick with a mask of the event types
// seen (bit i set: Types[i] occurred). It stays small on long runs of
// many agents: one pair per tick with events, not one entry per event.
type markers struct {
	Types []string `json:"types"`
	Ticks [][2]int `json:"ticks"`
}

// markersOf builds /api/markers for the named agents (every agent when
// names is empty; unknown names are ignored).
func markersOf(rc *Recording, names []string) markers {
	m := markers{Types: []string{""}, Ticks: [][2]int{}}
	for t := agent.EventType(1); ; t++ {
		name := t.String()
		if strings.HasPrefix(name, "EventType(") {
			break
		}
		m.Types = append(m.Types, name)
	}
	want := make(map[string]bool, len(names))
	for _, n := range names {
		want[n] = true
	}
	masks := map[int]int{}
	for i, info := range rc.Agents {
		if len(names) > 0 && !want[info.Name] {
			continue
		}
		r := &rc.rings[i]
		for k := range r.n {
			if mask := r.eventMask(k) & (1<<len(m.Types) - 1); mask != 0 {
				masks[r.tickAt(k)] |= int(mask)
			}
		}
	}
	for t, mask := range masks {
		m.Ticks = append(m.Ticks, [2]int{t, mask})
	}
	sort.Slice(m.Ticks, func(i, j int) bool { return m.Ticks[i][0] < m.Ticks[j][0] })
	return m
}

// writeJSON writes v as the response.
func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
