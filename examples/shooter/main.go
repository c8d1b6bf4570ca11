// Command shooter plays a designer file's fight on its map with
// Ebitengine: the agents plan with goap and act in the built-in simulator,
// a tick at a time; the window draws the map, the units coloured by side,
// and with the overlay (O) each unit's goal, plan and path ahead. Space
// pauses, R restarts, N steps once while paused. Saving the file given
// with -file reloads it into the running game (a mistake is shown, and
// the scene runs on). The player commands blue: click a unit to select
// it, right-click a place to open the command ring, and choose move (to
// the post nearest the place) or hold; the unit plans how.
//
//	go run . [-file ../crates_sim.yaml] [-seed 1] [-tps 4]
//	go run ./cmd/serve    # the same in a browser, WebAssembly on localhost
//
// This is an early step of the playable squad shooter: orders go to a unit
// as a biased goal (agent.Agent.Recommend), not yet through a commander,
// and nobody shoots yet.
package main

import (
	"flag"
	"fmt"
	"image/color"
	"log"
	"strings"

	"github.com/goap-go/goap/examples/shooter/game"
	"github.com/goap-go/goap/examples/shooter/scenes"
	"github.com/goap-go/goap/space"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// cell is a map cell's size on screen, in pixels.
const cell = 32

// screen is the Ebitengine side: input, the tick rate, drawing.
type screen struct {
	g       *game.Game
	tps     int // ticks of the simulation per second
	frames  int
	paused  bool
	overlay bool
	problem string // the last reload's error, shown until the next
	// selected is the blue unit the player commands ("" for none); ring
	// is the command ring, open at a cell.
	selected string
	ring     *ring
}

// ring is the command ring: the orders offered around a clicked cell.
type ring struct {
	at      space.Cell
	choices []string // "move", "hold"
}

// ringRadius is how far the ring's choices stand from its centre.
const ringRadius = 40

// choiceAt returns the ring's choice whose button holds point (x, y).
func (r *ring) choiceAt(x, y int) (string, bool) {
	for i, c := range r.choices {
		bx, by := r.button(i)
		if (x-bx)*(x-bx)+(y-by)*(y-by) <= 18*18 {
			return c, true
		}
	}
	return "", false
}

// button returns the centre of choice i on the screen.
func (r *ring) button(i int) (int, int) {
	cx, cy := r.at.X*cell+cell/2, r.at.Y*cell+cell/2
	if i == 0 {
		return cx, cy - ringRadius
	}
	return cx, cy + ringRadius
}

// click handles the mouse: a left click on a blue unit selects it, a right
// click opens the command ring at a cell, a left click on the ring's
// choice gives the order (move: to the post nearest the cell; hold).
func (s *screen) click() {
	x, y := ebiten.CursorPosition()
	c := space.Cell{X: x / cell, Y: y / cell}
	switch {
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) && s.selected != "":
		s.ring = &ring{at: c, choices: []string{"move", "hold"}}
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft):
		if s.ring != nil {
			choice, ok := s.ring.choiceAt(x, y)
			at := s.ring.at
			s.ring = nil
			if ok {
				s.order(choice, at)
				return
			}
		}
		s.selected = ""
		for _, u := range s.g.Units() {
			if u.At == c && u.Side == "blue" && !u.Dead {
				s.selected = u.Name
			}
		}
	}
}

// order gives the selected unit the order chosen on the ring.
func (s *screen) order(choice string, at space.Cell) {
	var err error
	switch choice {
	case "move":
		if post, ok := s.g.Nearest(at); ok {
			err = s.g.MoveTo(s.selected, post.Name)
		}
	case "hold":
		err = s.g.Hold(s.selected)
	}
	if err != nil {
		s.problem = err.Error()
	}
}

func (s *screen) Update() error {
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeySpace):
		s.paused = !s.paused
	case inpututil.IsKeyJustPressed(ebiten.KeyO):
		s.overlay = !s.overlay
	case inpututil.IsKeyJustPressed(ebiten.KeyR):
		return s.g.Restart()
	case inpututil.IsKeyJustPressed(ebiten.KeyN) && s.paused:
		s.g.Step()
	}
	s.click()
	s.frames++
	// A designer's loop: saving the scene's file reloads it (checked
	// once a second).
	if s.frames%ebiten.TPS() == 0 && s.g.Changed() {
		s.problem = ""
		if err := s.g.Reload(); err != nil {
			s.problem = err.Error()
		}
	}
	if !s.paused && s.frames%max(1, ebiten.TPS()/s.tps) == 0 && s.g.Winner() == "" {
		s.g.Step()
	}
	return nil
}

// sideColor colours a unit by its side.
func sideColor(side string, dead bool) color.Color {
	if dead {
		return color.RGBA{90, 90, 90, 255}
	}
	switch side {
	case "blue":
		return color.RGBA{30, 136, 229, 255}
	case "red":
		return color.RGBA{229, 57, 53, 255}
	}
	return color.RGBA{67, 160, 71, 255}
}

func (s *screen) Draw(dst *ebiten.Image) {
	m := s.g.Map()
	for y := range m.Height() {
		for x := range m.Width() {
			c := space.Cell{X: x, Y: y}
			var col color.Color = color.RGBA{40, 40, 40, 255}
			switch {
			case m.Wall(c):
				col = color.RGBA{120, 110, 100, 255}
			case m.Cover(c):
				col = color.RGBA{110, 140, 90, 255}
			case !m.Walkable(c):
				col = color.RGBA{150, 90, 40, 255} // a shut door
			}
			vector.DrawFilledRect(dst, float32(x*cell+1), float32(y*cell+1), cell-2, cell-2, col, false)
		}
	}
	for _, o := range m.Objects() {
		ebitenutil.DebugPrintAt(dst, o.Name, o.At.X*cell+2, o.At.Y*cell+cell/2)
	}
	for _, u := range s.g.Units() {
		cx, cy := float32(u.At.X*cell+cell/2), float32(u.At.Y*cell+cell/2)
		if s.overlay {
			// The path ahead, on the ground.
			px, py := cx, cy
			for _, c := range u.Path {
				x, y := float32(c.X*cell+cell/2), float32(c.Y*cell+cell/2)
				vector.StrokeLine(dst, px, py, x, y, 2, sideColor(u.Side, false), true)
				px, py = x, y
			}
		}
		vector.DrawFilledCircle(dst, cx, cy, cell/3, sideColor(u.Side, u.Dead), true)
		if s.overlay && !u.Dead {
			text := u.Name
			if u.Goal != "" {
				text += " " + u.Goal + ": " + strings.Join(u.Plan, " ")
			}
			ebitenutil.DebugPrintAt(dst, text, int(cx)-cell/2, int(cy)-cell)
		}
	}
	for _, u := range s.g.Units() {
		if u.Name == s.selected {
			vector.StrokeCircle(dst, float32(u.At.X*cell+cell/2), float32(u.At.Y*cell+cell/2), cell/2, 2, color.White, true)
		}
	}
	if r := s.ring; r != nil {
		for i, c := range r.choices {
			x, y := r.button(i)
			vector.DrawFilledCircle(dst, float32(x), float32(y), 18, color.RGBA{250, 250, 250, 220}, true)
			ebitenutil.DebugPrintAt(dst, c, x-len(c)*3, y-8)
		}
	}
	status := fmt.Sprintf("tick %d  AI %.2f ms", s.g.Tick(), float64(s.g.AITime.Microseconds())/1000)
	if w := s.g.Winner(); w != "" {
		status += "  " + w + " wins"
	}
	if s.paused {
		status += "  (paused)"
	}
	ebitenutil.DebugPrintAt(dst, status+"   click a blue unit, right-click a place: orders; space pause, O overlay, R restart", 4, m.Height()*cell+4)
	if s.problem != "" {
		ebitenutil.DebugPrintAt(dst, "the file has a mistake: "+s.problem, 4, m.Height()*cell+20)
	}
}

func (s *screen) Layout(int, int) (int, int) {
	m := s.g.Map()
	return m.Width() * cell, m.Height()*cell + 40
}

func main() {
	file := flag.String("file", "", "the designer `file`: a map: and agents on it (default: the built-in skirmish)")
	seed := flag.Uint64("seed", 1, "the run's `seed` (actions' chances)")
	tps := flag.Int("tps", 4, "simulation `ticks` per second")
	flag.Parse()
	var g *game.Game
	var err error
	if *file == "" {
		g, err = game.Parse("skirmish.yaml", scenes.Skirmish, *seed)
	} else {
		g, err = game.Load(*file, *seed)
	}
	if err != nil {
		log.Fatal(err)
	}
	s := &screen{g: g, tps: max(1, *tps), overlay: true}
	w, h := s.Layout(0, 0)
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowTitle("goap shooter")
	if err := ebiten.RunGame(s); err != nil {
		log.Fatal(err)
	}
}
