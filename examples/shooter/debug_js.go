//go:build js

package main

import (
	"encoding/json"
	"fmt"
	"html"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// parseSettings reads the page's address: ?scene=stress&n=50&seed=1&tps=4.
func parseSettings() settings {
	set := settings{scene: "skirmish", seed: 1, tps: 4, n: 50}
	q := js.Global().Get("URLSearchParams").New(js.Global().Get("location").Get("search"))
	get := func(name string) string {
		if v := q.Call("get", name); v.Truthy() {
			return v.String()
		}
		return ""
	}
	if v := get("scene"); v != "" {
		set.scene = v
	}
	if v, err := strconv.ParseUint(get("seed"), 10, 64); err == nil {
		set.seed = v
	}
	if v, err := strconv.Atoi(get("tps")); err == nil && v > 0 {
		set.tps = v
	}
	if v, err := strconv.Atoi(get("n")); err == nil && v > 0 {
		set.n = v
	}
	return set
}

// debugState feeds the page from the game: no HTTP server can run inside
// WebAssembly, so the debugger page (debugger.Handler) cannot be served
// from here. Instead the game writes the selected unit's goal, plan,
// order and latest events into the page's side panel (#panel), and its
// state as JSON into window.goapShooterState, the test hook the browser
// test reads.
type debugState struct{}

// start says why the debugger page is not here.
func (debugState) start(s *screen) {
	s.note = "no debugger server in the browser (WebAssembly serves nothing): the side panel shows the selected unit"
}

func (debugState) follow(*screen)          {}
func (debugState) capture()                {}
func (debugState) paused(player bool) bool { return player }
func (debugState) stepped() bool           { return false }

// pageState is what window.goapShooterState holds.
type pageState struct {
	Scene    string       `json:"scene"`
	Tick     int          `json:"tick"`
	W        int          `json:"w"` // the game's screen, in its own pixels
	H        int          `json:"h"`
	Cell     int          `json:"cell"`
	Selected []string     `json:"selected"`
	Ring     []ringButton `json:"ring"`
	Units    []pageUnit   `json:"units"`
	AIMean   float64      `json:"aiMeanMs"`
	AIP99    float64      `json:"aiP99Ms"`
	AITicks  int          `json:"aiTicks"`
	FPS      float64      `json:"fps"`
	Winner   string       `json:"winner"`
	Problem  string       `json:"problem"`
	Slowest  string       `json:"slowest"`
}

// ringButton is a choice of the open command ring, at its centre.
type ringButton struct {
	Choice string `json:"choice"`
	X      int    `json:"x"`
	Y      int    `json:"y"`
}

// pageUnit is a unit as the page sees it.
type pageUnit struct {
	Name   string   `json:"name"`
	Side   string   `json:"side"`
	X      int      `json:"x"`
	Y      int      `json:"y"`
	HP     int      `json:"hp"`
	Dead   bool     `json:"dead"`
	Goal   string   `json:"goal"`
	Plan   []string `json:"plan"`
	Order  string   `json:"order"`
	Report string   `json:"report"`
}

// publish writes the game's state to the test hook and the side panel.
func (debugState) publish(s *screen) {
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	mean, p99, n := s.g.Times()
	w, h := s.Layout(0, 0)
	st := pageState{Scene: s.scene, Tick: s.g.Tick(), W: w, H: h, Cell: s.cell, Selected: s.selected,
		AIMean: ms(mean), AIP99: ms(p99), AITicks: n, FPS: ebiten.ActualFPS(), Winner: s.g.Winner(), Problem: s.problem}
	tk, tm := s.g.Slowest(8)
	st.Slowest = fmt.Sprint(tk, tm)
	if r := s.ring; r != nil {
		for i, c := range r.choices {
			x, y := r.button(i)
			st.Ring = append(st.Ring, ringButton{c, x, y})
		}
	}
	var panel strings.Builder
	for _, u := range s.g.Units() {
		st.Units = append(st.Units, pageUnit{u.Name, u.Side, u.At.X, u.At.Y, u.HP, u.Dead, u.Goal, u.Plan, u.Order, u.Report})
		for _, name := range s.selected {
			if name != u.Name {
				continue
			}
			e := html.EscapeString
			panel.WriteString("<h3>" + e(u.Name) + "</h3><p>goal: <b>" + e(u.Goal) + "</b></p><p>plan: " + e(strings.Join(u.Plan, " → ")) + "</p>")
			if u.Order != "" {
				panel.WriteString("<p>order: " + e(u.Order) + " (" + e(u.Report) + ")</p>")
			}
			panel.WriteString("<p>" + strconv.Itoa(u.HP) + " HP, " + strconv.Itoa(u.Ammo) + " rounds</p><ol class=events>")
			for _, ev := range s.g.Events(u.Name) {
				panel.WriteString("<li>" + e(ev) + "</li>")
			}
			panel.WriteString("</ol>")
		}
	}
	b, _ := json.Marshal(st)
	js.Global().Set("goapShooterState", string(b))
	if p := js.Global().Get("document").Call("getElementById", "panel"); p.Truthy() {
		if panel.Len() == 0 {
			panel.WriteString("<p>click a blue unit to see its goal, plan and events</p>")
		}
		p.Set("innerHTML", panel.String())
	}
}
