package debugger

import (
	"embed"
	"encoding/json"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
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

// Handler serves the debugger page for src, and the JSON it reads: mount
// it on a game's own server, e.g.
//
//	http.Handle("/goap/", http.StripPrefix("/goap", debugger.Handler(rec, nil)))
//
// The page is self-contained (embedded HTML, script and styles; nothing is
// loaded from elsewhere). ctl may be nil.
func Handler(src Source, ctl Controller) http.Handler {
	mux := http.NewServeMux()
	web, _ := fs.Sub(webFiles, "web")
	mux.Handle("/", http.FileServerFS(web))
	mux.HandleFunc("/api/meta", func(w http.ResponseWriter, r *http.Request) {
		var m meta
		src.View(func(rc *Recording) {
			m.Agents, m.Squads = rc.Agents, rc.Squads
			m.First, m.Last = rc.Ticks()
		})
		if ctl != nil {
			m.Live, m.Paused = true, ctl.Control("status")
		}
		writeJSON(w, m)
	})
	mux.HandleFunc("/api/state", func(w http.ResponseWriter, r *http.Request) {
		tick, err := strconv.Atoi(r.URL.Query().Get("tick"))
		if err != nil {
			http.Error(w, "tick must be a number", http.StatusBadRequest)
			return
		}
		var st state
		src.View(func(rc *Recording) { st = stateAt(rc, tick) })
		writeJSON(w, st)
	})
	mux.HandleFunc("/api/control", func(w http.ResponseWriter, r *http.Request) {
		if ctl == nil {
			http.Error(w, "a recording cannot be controlled; it rewinds", http.StatusNotFound)
			return
		}
		cmd := r.URL.Query().Get("cmd")
		if cmd != "pause" && cmd != "run" && cmd != "step" {
			http.Error(w, "cmd must be pause, run or step", http.StatusBadRequest)
			return
		}
		writeJSON(w, map[string]bool{"paused": ctl.Control(cmd)})
	})
	return mux
}

// meta is /api/meta: the agents and the ticks recorded.
type meta struct {
	Agents []AgentInfo `json:"agents"`
	Squads []SquadInfo `json:"squads"`
	First  int         `json:"first"`
	Last   int         `json:"last"`
	Live   bool        `json:"live"`
	Paused bool        `json:"paused"`
}

// state is /api/state: every agent at a tick.
type state struct {
	Tick   int          `json:"tick"`
	Agents []agentState `json:"agents"`
}

// agentState is one agent at a tick for the page: its latest snapshot,
// its whole belief, what changed and happened at this very tick, and the
// search tree of its current plan.
type agentState struct {
	Name     string         `json:"name"`
	Found    bool           `json:"found"`
	Snapshot *Snapshot      `json:"snapshot,omitempty"`
	Belief   map[string]any `json:"belief,omitempty"`
	Changed  []string       `json:"changed,omitempty"`
	Events   []eventView    `json:"events,omitempty"`
	Tree     []SearchNode   `json:"tree,omitempty"`
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

// stateAt builds /api/state for tick.
func stateAt(rc *Recording, tick int) state {
	st := state{Tick: tick}
	for i, info := range rc.Agents {
		as := agentState{Name: info.Name}
		if a, ok := rc.At(info.Name, tick); ok {
			s := a.Snapshot
			s.Tree = nil // sent once, below
			as.Found, as.Snapshot, as.Belief = true, &s, a.Belief
			if s.Tick == tick {
				for _, c := range s.Changes {
					as.Changed = append(as.Changed, info.Facts[c.Fact].Name)
				}
				for _, e := range s.Events {
					text := e.String()
					if k := strings.Index(text, e.Type.String()); k >= 0 {
						text = text[k:]
					}
					why := e.Why()
					if why != "" {
						text = strings.TrimSuffix(text, ": "+why)
					}
					as.Events = append(as.Events, eventView{Type: e.Type.String(), Goal: e.Goal, Action: e.Action, Text: text, Why: why})
				}
			}
			as.Tree = latestTree(&rc.rings[i], tick)
		}
		st.Agents = append(st.Agents, as)
	}
	return st
}

// latestTree returns the tree of the latest snapshot at or before tick
// that has one.
func latestTree(r *ring, tick int) []SearchNode {
	for k := r.n - 1; k >= 0; k-- {
		if s := r.at(k); s.Tick <= tick && len(s.Tree) > 0 {
			return s.Tree
		}
	}
	return nil
}

// writeJSON writes v as the response.
func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
