//go:build !js

package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/goap-go/goap/debugger"
)

// parseSettings reads the command line.
func parseSettings() settings {
	var set settings
	flag.StringVar(&set.file, "file", "", "the designer `file`: a map: and agents: on it, with the skirmish's facts (default: the built-in scene)")
	flag.StringVar(&set.scene, "scene", "skirmish", "the built-in `scene`: skirmish (3 v 3) or stress")
	flag.IntVar(&set.n, "n", 50, "units a side in the stress scene")
	flag.Uint64Var(&set.seed, "seed", 1, "the match's `seed` (shots' chances)")
	flag.IntVar(&set.tps, "tps", 4, "simulation `ticks` per second")
	flag.StringVar(&set.shot, "shot", "", "save a screenshot to this PNG `file` after -frames frames, then quit")
	flag.IntVar(&set.frames, "frames", 240, "frames to run before -shot")
	flag.BoolVar(&set.debug, "debug", false, "serve the debugger page from the start (as the D key does)")
	flag.Parse()
	set.tps = max(1, set.tps)
	return set
}

// debugState is the debugger page for the running game (key D): a
// recorder watching the scene's agents, served on localhost by
// debugger.Handler, following the game live; a new scene (restart,
// reload, S) gets a new recorder, and the page follows it.
type debugState struct {
	mu  sync.Mutex
	rec *debugger.Recorder
	url string
	ctl *debugger.Pauser // the page's pause, run and step
}

// start serves the page (once) and says where.
func (d *debugState) start(s *screen) {
	if d.url == "" {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			s.problem = "debugger: " + err.Error()
			return
		}
		d.ctl = debugger.NewPauser(false)
		srv := &http.Server{Handler: debugger.Handler(d, d.ctl), ReadHeaderTimeout: 10 * time.Second,
			ReadTimeout: 30 * time.Second, WriteTimeout: time.Minute, IdleTimeout: time.Minute}
		go func() { _ = srv.Serve(ln) }()
		d.url = "http://" + ln.Addr().String() + "/"
		d.follow(s)
		fmt.Fprintln(os.Stderr, "debugger on", d.url)
	}
	s.note = "debugger on " + d.url + " (open it in a browser)"
}

// follow starts recording s's scene, if the page is served.
func (d *debugState) follow(s *screen) {
	if d.url == "" {
		return
	}
	g := s.g
	rec := debugger.NewRecorder(1024)
	rec.WatchMap(debugger.MapOf(g.Map(), g.Sides()), g)
	rec.Watch(g.Agents()...)
	if name, cmd, members := g.Squad(); name != "" {
		rec.Squad(debugger.SquadInfo{Name: name, Commander: cmd, Members: members})
	}
	g.OnEvent(rec.OnEvent)
	rec.Capture()
	d.mu.Lock()
	d.rec = rec
	d.mu.Unlock()
}

// View implements debugger.Source: the recording of the scene running.
func (d *debugState) View(f func(*debugger.Recording)) {
	d.mu.Lock()
	rec := d.rec
	d.mu.Unlock()
	rec.View(f)
}

// capture records the tick just run.
func (d *debugState) capture() {
	d.mu.Lock()
	rec := d.rec
	d.mu.Unlock()
	if rec != nil {
		rec.Capture()
	}
}

// paused reports whether the game is paused, by the player or by the
// page.
func (d *debugState) paused(player bool) bool {
	return player || d.ctl != nil && d.ctl.Paused()
}

// stepped reports whether the page asked for a step, and takes it.
func (d *debugState) stepped() bool {
	return d.ctl != nil && d.ctl.Paused() && d.ctl.Next()
}

// publish has nothing to do on the desktop: the page asks the recorder.
func (d *debugState) publish(*screen) {}
