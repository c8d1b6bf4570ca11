// Command shooter is the squad shooter, played with Ebitengine: three
// against three on a map with cover (or the stress scene, fifty against
// fifty). Units plan with goap within a budget per tick (agent.Scheduler)
// and act in the game's world; the window draws the map, the units
// coloured by side with their health, the shots, and with the overlay (O)
// each unit's goal, plan and path ahead, and crosses where blue's squad
// last saw red units now out of sight, with the sighting's age. The HUD
// shows the AI's time per tick (mean and 99th percentile).
//
// The player commands blue: click a blue unit to select it (A selects
// the whole squad), right-click a place or a red unit to open the command
// ring, and choose move (here), hunt (the enemies the squad knows of),
// attack (that unit), cover or hold. Orders go through blue's commander
// as biased goals, so a unit still weighs them against its health: hurt
// and out of cover, it takes cover first.
// Red fights on its own. The match ends when a side is down.
//
// Keys: space pauses, N steps once while paused, R restarts, S switches
// between the skirmish and the stress scene, O toggles the overlay, D
// starts the debugger page for the running game on localhost (desktop),
// following it live. Saving the file given with -file reloads it into
// the running game (a mistake is shown, and the scene runs on).
//
//	go run . [-file scene.yaml] [-scene stress] [-seed 1] [-tps 4]
//	go run . -shot shooter.png -frames 240   # save a screenshot and quit
//	go run . -debug       # the debugger page from the start (as D does)
//	go run ./cmd/serve    # the same in a browser, WebAssembly on localhost
package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
	"strings"

	"github.com/goap-go/goap/examples/shooter/game"
	"github.com/goap-go/goap/examples/shooter/scenes"
	"github.com/goap-go/goap/space"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// settings are the command line's (desktop) or the page address's
// (browser).
type settings struct {
	file, scene string
	seed        uint64
	tps, n      int
	// shot, when set, is where to save a screenshot after frames frames,
	// then quit.
	shot   string
	frames int
	// debug starts the debugger page at once (desktop).
	debug bool
}

// hud is the height of the status lines under the map, in pixels.
const hud = 56

// screen is the Ebitengine side: input, the tick rate, drawing.
type screen struct {
	g        *game.Game
	set      settings
	scene    string // "skirmish", "stress" or the file's name
	cell     int    // a map cell's size on screen, in pixels
	frames   int
	paused   bool
	overlay  bool
	problem  string // the last error, shown until the next
	note     string // a message to the player (the debugger's address)
	selected []string
	ring     *ring
	shotDone bool
	debug    debugState // the debugger page (desktop) or panel (browser)
	// mapImg is the map drawn (mapImage), of map mapOf.
	mapImg *ebiten.Image
	mapOf  *space.Grid
}

// ring is the command ring: the orders offered around a clicked cell.
type ring struct {
	at      space.Cell
	enemy   string   // the red unit on the cell, for attack
	choices []string // "move", "hunt", "attack", "cover", "hold"
	cell    int
}

// ringRadius is how far the ring's choices stand from its centre.
const ringRadius = 40

// choiceAt returns the ring's choice whose button holds point (x, y).
func (r *ring) choiceAt(x, y int) (string, bool) {
	for i, c := range r.choices {
		bx, by := r.button(i)
		if (x-bx)*(x-bx)+(y-by)*(y-by) <= 20*20 {
			return c, true
		}
	}
	return "", false
}

// button returns the centre of choice i on the screen: the choices
// stand around the cell, the first above it.
func (r *ring) button(i int) (int, int) {
	cx, cy := float64(r.at.X*r.cell+r.cell/2), float64(r.at.Y*r.cell+r.cell/2)
	a := -math.Pi/2 + 2*math.Pi*float64(i)/float64(len(r.choices))
	return int(math.Round(cx + ringRadius*math.Cos(a))), int(math.Round(cy + ringRadius*math.Sin(a)))
}

// start loads the scene the settings name.
func start(set settings) (*game.Game, string, error) {
	switch {
	case set.file != "":
		g, err := game.Load(set.file, set.seed)
		return g, set.file, err
	case set.scene == "stress":
		g, err := game.Parse("stress.yaml", scenes.Stress(set.n), set.seed)
		return g, "stress", err
	}
	g, err := game.Parse("skirmish.yaml", scenes.Skirmish, set.seed)
	return g, "skirmish", err
}

// newScreen starts the game.
func newScreen(set settings) (*screen, error) {
	g, name, err := start(set)
	if err != nil {
		return nil, err
	}
	s := &screen{set: set, overlay: true}
	s.use(g, name)
	if set.debug {
		s.debug.start(s)
	}
	return s, nil
}

// use makes g the running scene.
func (s *screen) use(g *game.Game, name string) {
	s.g, s.scene, s.selected, s.ring = g, name, nil, nil
	s.cell, s.overlay = 32, true
	if g.Map().Width() > 30 {
		// A big scene: small cells, and no paths drawn until O (a
		// hundred paths are slow to draw under software rendering).
		s.cell, s.overlay = 14, false
	}
	s.debug.follow(s)
}

// click handles the mouse: a left click on a blue unit selects it, a
// right click opens the command ring at a cell, a left click on the
// ring's choice gives the order.
func (s *screen) click() {
	x, y := ebiten.CursorPosition()
	c := space.Cell{X: x / s.cell, Y: y / s.cell}
	switch {
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) && len(s.selected) > 0:
		r := &ring{at: c, cell: s.cell, choices: []string{"move", "hunt", "cover", "hold"}}
		if u, ok := s.g.UnitAt(c); ok && u.Side == "red" {
			r.enemy = u.Name
			r.choices = []string{"attack", "cover", "hold"}
		}
		s.ring = r
	case inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft):
		if s.ring != nil {
			choice, ok := s.ring.choiceAt(x, y)
			r := s.ring
			s.ring = nil
			if ok {
				s.order(choice, r)
				return
			}
		}
		s.selected = nil
		if u, ok := s.g.UnitAt(c); ok && u.Side == "blue" {
			s.selected = []string{u.Name}
		}
	}
}

// order gives the selected units the order chosen on the ring.
func (s *screen) order(choice string, r *ring) {
	s.problem = ""
	for _, name := range s.selected {
		var err error
		switch choice {
		case "move":
			err = s.g.MoveTo(name, r.at)
		case "attack":
			err = s.g.Attack(name, r.enemy)
		case "cover":
			err = s.g.TakeCover(name)
		case "hold":
			err = s.g.Hold(name)
		case "hunt":
			err = s.g.Sweep(name)
		}
		if err != nil {
			s.problem = err.Error()
		}
	}
	s.debug.publish(s)
}

// selectSquad selects every living unit of the player's squad.
func (s *screen) selectSquad() {
	_, _, members := s.g.Squad()
	s.selected = nil
	for _, u := range s.g.Units() {
		for _, m := range members {
			if u.Name == m && !u.Dead {
				s.selected = append(s.selected, m)
			}
		}
	}
}

func (s *screen) Update() error {
	if s.shotDone {
		return ebiten.Termination
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeySpace):
		s.paused = !s.paused
	case inpututil.IsKeyJustPressed(ebiten.KeyO):
		s.overlay = !s.overlay
	case inpututil.IsKeyJustPressed(ebiten.KeyA):
		s.selectSquad()
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		s.selected, s.ring = nil, nil
	case inpututil.IsKeyJustPressed(ebiten.KeyD):
		s.debug.start(s)
	case inpututil.IsKeyJustPressed(ebiten.KeyS) && s.set.file == "":
		set := s.set
		set.scene = map[string]string{"stress": "skirmish", "skirmish": "stress"}[s.scene]
		g, name, err := start(set)
		if err != nil {
			s.problem = err.Error()
			break
		}
		s.set = set
		s.use(g, name)
	case inpututil.IsKeyJustPressed(ebiten.KeyR):
		if err := s.g.Restart(); err != nil {
			return err
		}
		s.use(s.g, s.scene)
	case inpututil.IsKeyJustPressed(ebiten.KeyN) && s.paused:
		s.step()
	}
	s.click()
	s.frames++
	// A designer's loop: saving the scene's file reloads it (checked
	// once a second).
	if s.frames%ebiten.TPS() == 0 && s.g.Changed() {
		s.problem = ""
		if err := s.g.Reload(); err != nil {
			s.problem = err.Error()
		} else {
			s.use(s.g, s.scene)
		}
	}
	paused := s.debug.paused(s.paused)
	if !paused && s.frames%max(1, ebiten.TPS()/s.set.tps) == 0 {
		for range max(1, s.set.tps/ebiten.TPS()) { // more ticks than updates a second: several an update
			if !s.g.Over() {
				s.step()
			}
		}
	} else if paused && s.debug.stepped() {
		s.step()
	}
	if s.frames%10 == 0 {
		s.debug.publish(s)
	}
	return nil
}

// step runs one tick and records it for the debugger. The selected
// unit is the point of interest of planning: the units nearest it plan
// first (without one, those nearest the centre of blue's squad).
func (s *screen) step() {
	focus := ""
	if len(s.selected) > 0 {
		focus = s.selected[0]
	}
	s.g.Focus(focus)
	s.g.Step()
	s.debug.capture()
}

// Colours.
var (
	blueColor  = color.RGBA{30, 136, 229, 255}
	redColor   = color.RGBA{229, 57, 53, 255}
	deadColor  = color.RGBA{90, 90, 90, 255}
	floorColor = color.RGBA{40, 40, 40, 255}
	wallColor  = color.RGBA{120, 110, 100, 255}
	coverColor = color.RGBA{110, 140, 90, 255}
)

// sideColor colours a unit by its side.
func sideColor(side string, dead bool) color.Color {
	switch {
	case dead:
		return deadColor
	case side == "blue":
		return blueColor
	case side == "red":
		return redColor
	}
	return color.RGBA{67, 160, 71, 255}
}

func (s *screen) Draw(dst *ebiten.Image) {
	cs := s.cell
	dst.DrawImage(s.mapImage(), nil)
	centre := func(c space.Cell) (float32, float32) {
		return float32(c.X*cs + cs/2), float32(c.Y*cs + cs/2)
	}
	units := s.g.Units()
	talk := s.overlay && cs >= 24 // text over heads fits big cells only
	for _, u := range units {
		if s.overlay && !u.Dead {
			// The path ahead, on the ground.
			px, py := centre(u.At)
			for _, c := range u.Path {
				x, y := centre(c)
				vector.StrokeLine(dst, px, py, x, y, 2, sideColor(u.Side, false), cs >= 24)
				px, py = x, y
			}
		}
	}
	for _, u := range units {
		cx, cy := centre(u.At)
		vector.DrawFilledCircle(dst, cx, cy, float32(cs)/3, sideColor(u.Side, u.Dead), cs >= 24)
		if u.Dead {
			continue
		}
		// Health, a bar above the unit.
		w := float32(cs) * 0.8
		vector.DrawFilledRect(dst, cx-w/2, cy-float32(cs)/2, w, 3, color.RGBA{60, 0, 0, 255}, false)
		vector.DrawFilledRect(dst, cx-w/2, cy-float32(cs)/2, w*float32(u.HP)/game.MaxHP, 3, color.RGBA{80, 220, 80, 255}, false)
		if talk {
			text := u.Name
			if u.Goal != "" {
				text += " " + u.Goal + ": " + strings.Join(u.Plan, " ")
			}
			ebitenutil.DebugPrintAt(dst, text, int(cx)-cs/2, int(cy)-cs-6)
		}
	}
	if s.overlay {
		// Blue's shared knowledge: where its squad last saw each red
		// unit now out of sight, a cross with the sighting's age in
		// ticks (its units hunt towards these).
		for _, k := range s.g.LastSeen() {
			age := s.g.Tick() - int(k.At)
			if age == 0 {
				continue // in sight: the unit itself is drawn
			}
			x, y := centre(space.Cell{X: k.X, Y: k.Y})
			r := float32(cs) / 3
			col := color.RGBA{229, 57, 53, 200}
			vector.StrokeLine(dst, x-r, y-r, x+r, y+r, 2, col, cs >= 24)
			vector.StrokeLine(dst, x-r, y+r, x+r, y-r, 2, col, cs >= 24)
			if talk {
				ebitenutil.DebugPrintAt(dst, fmt.Sprintf("%s %dt ago", k.Subject, age), int(x)-cs/2, int(y)+cs/3)
			}
		}
	}
	for _, sh := range s.g.Shots() {
		x0, y0 := centre(sh.From)
		x1, y1 := centre(sh.To)
		col := color.RGBA{255, 235, 59, 255}
		if !sh.Hit {
			col = color.RGBA{180, 180, 180, 160}
		}
		vector.StrokeLine(dst, x0, y0, x1, y1, 1.5, col, cs >= 24)
	}
	for _, u := range units {
		for _, name := range s.selected {
			if u.Name == name {
				x, y := centre(u.At)
				vector.StrokeCircle(dst, x, y, float32(cs)/2, 2, color.White, true)
			}
		}
	}
	if r := s.ring; r != nil {
		for i, c := range r.choices {
			x, y := r.button(i)
			vector.DrawFilledCircle(dst, float32(x), float32(y), 20, color.RGBA{250, 250, 250, 220}, true)
			ebitenutil.DebugPrintAt(dst, c, x-len(c)*3, y-8)
		}
	}
	s.drawHUD(dst, units)
	if s.set.shot != "" && s.frames >= s.set.frames && !s.shotDone {
		s.shotDone = true
		if err := saveShot(dst, s.set.shot); err != nil {
			log.Print(err)
		}
	}
}

// mapImage returns the map drawn, once per map: thousands of cells drawn
// one by one each frame are slow under software rendering. The game
// changes no wall, cover or door; the grid's Version changes as units
// move (they block their cells), which the drawing leaves out.
func (s *screen) mapImage() *ebiten.Image {
	m, cs := s.g.Map(), s.cell
	if s.mapImg != nil && s.mapOf == m {
		return s.mapImg
	}
	if s.mapImg != nil {
		s.mapImg.Deallocate()
	}
	img := ebiten.NewImage(m.Width()*cs, m.Height()*cs+hud)
	img.Fill(color.RGBA{20, 20, 20, 255})
	for y := range m.Height() {
		for x := range m.Width() {
			c := space.Cell{X: x, Y: y}
			var col color.Color = floorColor
			switch {
			case m.Wall(c):
				col = wallColor
			case m.Cover(c):
				col = coverColor
			case !m.Walkable(c) && !m.Blocked(c): // a unit's cell is floor
				col = color.RGBA{150, 90, 40, 255} // a shut door
			}
			vector.DrawFilledRect(img, float32(x*cs+1), float32(y*cs+1), float32(cs-2), float32(cs-2), col, false)
		}
	}
	s.mapImg, s.mapOf = img, m
	return img
}

// drawHUD draws the status lines under the map, and the game's end.
func (s *screen) drawHUD(dst *ebiten.Image, units []game.Unit) {
	m, cs := s.g.Map(), s.cell
	top := m.Height()*cs + 4
	mean, p99, n := s.g.Times()
	ms := func(d interface{ Microseconds() int64 }) float64 { return float64(d.Microseconds()) / 1000 }
	status := fmt.Sprintf("%s  tick %d  AI per tick: mean %.2f ms, p99 %.2f ms (%d ticks)  blue %d red %d  %.0f FPS",
		s.scene, s.g.Tick(), ms(mean), ms(p99), n, s.g.Alive("blue"), s.g.Alive("red"), ebiten.ActualFPS())
	if s.paused {
		status += "  (paused)"
	}
	ebitenutil.DebugPrintAt(dst, status, 4, top)
	line2 := "click a blue unit (A: all), right-click: orders; space, O, R, S, D"
	if len(s.selected) > 0 {
		var parts []string
		for _, u := range units {
			for _, name := range s.selected {
				if u.Name == name {
					p := fmt.Sprintf("%s %dhp %d rounds", u.Name, u.HP, u.Ammo)
					if u.Goal != "" {
						p += " " + u.Goal
					}
					if u.Order != "" {
						p += fmt.Sprintf(" (order %s: %s)", u.Order, u.Report)
					}
					parts = append(parts, p)
				}
			}
		}
		line2 = strings.Join(parts, "; ")
	}
	ebitenutil.DebugPrintAt(dst, line2, 4, top+16)
	switch {
	case s.problem != "":
		ebitenutil.DebugPrintAt(dst, "problem: "+s.problem, 4, top+32)
	case s.note != "":
		ebitenutil.DebugPrintAt(dst, s.note, 4, top+32)
	}
	if w := s.g.Winner(); w != "" {
		s.drawOver(dst, strings.ToUpper(w)+" WINS", "press R to play again")
	}
}

// drawOver draws the game's end across the map: a banner, the words
// drawn large.
func (s *screen) drawOver(dst *ebiten.Image, big, small string) {
	m, cs := s.g.Map(), s.cell
	w, h := m.Width()*cs, m.Height()*cs
	vector.DrawFilledRect(dst, 0, float32(h/2-40), float32(w), 80, color.RGBA{0, 0, 0, 200}, false)
	img := ebiten.NewImage(len(big)*6+2, 16)
	defer img.Deallocate()
	ebitenutil.DebugPrint(img, big)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(4, 4)
	op.GeoM.Translate(float64(w/2-len(big)*12), float64(h/2-36))
	dst.DrawImage(img, op)
	ebitenutil.DebugPrintAt(dst, small, w/2-len(small)*3, h/2+20)
}

// saveShot writes the screen to a PNG file.
func saveShot(img *ebiten.Image, path string) error {
	b := img.Bounds()
	pix := make([]byte, 4*b.Dx()*b.Dy())
	img.ReadPixels(pix)
	rgba := &image.RGBA{Pix: pix, Stride: 4 * b.Dx(), Rect: image.Rect(0, 0, b.Dx(), b.Dy())}
	var buf bytes.Buffer
	if err := png.Encode(&buf, rgba); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

func (s *screen) Layout(int, int) (int, int) {
	m := s.g.Map()
	return m.Width() * s.cell, m.Height()*s.cell + hud
}

func main() {
	set := parseSettings()
	s, err := newScreen(set)
	if err != nil {
		log.Fatal(err)
	}
	w, h := s.Layout(0, 0)
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowTitle("goap shooter")
	if err := ebiten.RunGame(s); err != nil {
		log.Fatal(err)
	}
}
