package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// chromium finds the browser: $CHROMIUM, or one on PATH.
func chromium(t *testing.T) string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("no Chromium found: apt-get install -y chromium, or set CHROMIUM")
	return ""
}

// page is the game's test hook, window.goapShooterState.
type page struct {
	Scene    string `json:"scene"`
	Tick     int    `json:"tick"`
	W, H     int
	Cell     int      `json:"cell"`
	Selected []string `json:"selected"`
	Ring     []struct {
		Choice string `json:"choice"`
		X, Y   int
	} `json:"ring"`
	Units []struct {
		Name, Side    string
		X, Y          int
		Dead          bool
		Goal          string
		Order, Report string
	} `json:"units"`
	AIMean  float64 `json:"aiMeanMs"`
	AIP99   float64 `json:"aiP99Ms"`
	AITicks int     `json:"aiTicks"`
	FPS     float64 `json:"fps"`
	Winner  string  `json:"winner"`
	Problem string  `json:"problem"`
	Slowest string  `json:"slowest"`
}

// read reads the test hook.
func read(ctx context.Context, t *testing.T) page {
	t.Helper()
	var text string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`window.goapShooterState || ""`, &text)); err != nil {
		t.Fatal(err)
	}
	var p page
	if text != "" {
		if err := json.Unmarshal([]byte(text), &p); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// waitFor polls the hook until ok holds, for up to d.
func waitFor(ctx context.Context, t *testing.T, d time.Duration, what string, ok func(page) bool) page {
	t.Helper()
	end := time.Now().Add(d)
	for {
		p := read(ctx, t)
		if ok(p) {
			return p
		}
		if time.Now().After(end) {
			t.Fatalf("%s: not after %v; the page: %+v", what, d, p)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// client returns where the game's pixel (x, y) is in the page: the game
// is drawn scaled to fit the canvas, centred (Ebitengine's way).
func client(ctx context.Context, t *testing.T, p page, x, y int) (float64, float64) {
	t.Helper()
	var r []float64
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const b = document.querySelector("canvas").getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; })()`, &r)); err != nil {
		t.Fatal(err)
	}
	s := min(r[2]/float64(p.W), r[3]/float64(p.H))
	return r[0] + (r[2]-float64(p.W)*s)/2 + float64(x)*s, r[1] + (r[3]-float64(p.H)*s)/2 + float64(y)*s
}

// clickCell clicks the centre of a map cell (right: with the right
// button).
func clickCell(ctx context.Context, t *testing.T, p page, cx, cy int, right bool) {
	t.Helper()
	x, y := client(ctx, t, p, cx*p.Cell+p.Cell/2, cy*p.Cell+p.Cell/2)
	press(ctx, t, x, y, right)
}

// press presses a mouse button at (x, y) in the page and lets it go a
// while later: the game reads input once a frame, and a press and a
// release within one frame (a few frames a second under SwiftShader)
// would be lost.
func press(ctx context.Context, t *testing.T, x, y float64, right bool) {
	t.Helper()
	button := chromedp.ButtonLeft
	if right {
		button = chromedp.ButtonRight
	}
	err := chromedp.Run(ctx,
		chromedp.MouseEvent(input.MouseMoved, x, y),
		chromedp.MouseEvent(input.MousePressed, x, y, button, chromedp.ClickCount(1)),
		chromedp.Sleep(400*time.Millisecond),
		chromedp.MouseEvent(input.MouseReleased, x, y, button, chromedp.ClickCount(1)),
		chromedp.Sleep(400*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
}

// key presses a key (a letter) and lets it go a while later.
func key(ctx context.Context, t *testing.T, letter string) {
	t.Helper()
	code := "Key" + strings.ToUpper(letter)
	vk := int64(strings.ToUpper(letter)[0])
	err := chromedp.Run(ctx,
		input.DispatchKeyEvent(input.KeyDown).WithKey(letter).WithCode(code).WithWindowsVirtualKeyCode(vk),
		chromedp.Sleep(400*time.Millisecond),
		input.DispatchKeyEvent(input.KeyUp).WithKey(letter).WithCode(code).WithWindowsVirtualKeyCode(vk),
		chromedp.Sleep(400*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
}

// choose clicks the open ring's choice.
func choose(ctx context.Context, t *testing.T, choice string) {
	t.Helper()
	p := waitFor(ctx, t, 5*time.Second, "the ring opens", func(p page) bool { return len(p.Ring) > 0 })
	for _, b := range p.Ring {
		if b.Choice == choice {
			x, y := client(ctx, t, p, b.X, b.Y)
			press(ctx, t, x, y, false)
			return
		}
	}
	t.Fatalf("no %s on the ring %+v", choice, p.Ring)
}

// took reports whether the named units took their order Move: each
// reported it picked or completed.
func took(p page, goal string, names ...string) bool {
	n := 0
	for _, u := range p.Units {
		for _, name := range names {
			if u.Name == name && u.Order == goal && (u.Report == "picked" || u.Report == "completed") {
				n++
			}
		}
	}
	return n == len(names)
}

// TestBrowser builds the game for WebAssembly, serves it, and plays it in
// headless Chromium (WebGL through SwiftShader): the page loads only its
// own files, the game starts, and its canvas shows the map drawn (many
// colours, not a blank screen). Then the player's side: a click on b1
// selects it, a right-click on the map opens the command ring, and move
// sends b1 there through blue's commander: the test hook shows b1 took
// the order; A selects the whole squad, and its units all take the next
// one. Last, the AI's time per tick as the page measures it, in the
// skirmish and in the stress scene, reported (not asserted). A
// screenshot goes to $GOAP_ARTIFACTS.
func TestBrowser(t *testing.T) {
	dir := t.TempDir()
	if err := Build("..", dir); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.WindowSize(960, 420),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancelC := chromedp.NewContext(actx)
	defer cancelC()
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	defer cancelT()
	var urls []string
	err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/?seed=1"),
		chromedp.WaitVisible("canvas", chromedp.ByQuery),
	)
	if err != nil {
		t.Fatal(err)
	}
	p := waitFor(ctx, t, 30*time.Second, "the game starts", func(p page) bool { return p.Tick >= 1 && len(p.Units) == 6 })

	// Select b1 with a click, and order it to move through the ring.
	var b1 [2]int
	for _, u := range p.Units {
		if u.Name == "b1" {
			b1 = [2]int{u.X, u.Y}
		}
	}
	clickCell(ctx, t, p, b1[0], b1[1], false)
	waitFor(ctx, t, 5*time.Second, "a click selects b1", func(p page) bool { return len(p.Selected) == 1 && p.Selected[0] == "b1" })
	clickCell(ctx, t, p, 4, 1, true)
	choose(ctx, t, "move")
	waitFor(ctx, t, 10*time.Second, "b1 takes the order", func(p page) bool { return took(p, "Move", "b1") })
	// The side panel shows the selected unit's goal, plan and events.
	var panel string
	if err := chromedp.Run(ctx, chromedp.Text("#panel", &panel, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(panel, "b1") || !strings.Contains(panel, "order: Move") || !strings.Contains(panel, "goal") {
		t.Errorf("the panel says %q", panel)
	}

	// The whole squad: A, then move.
	key(ctx, t, "a")
	waitFor(ctx, t, 5*time.Second, "A selects the squad", func(p page) bool { return len(p.Selected) == 3 })
	clickCell(ctx, t, p, 3, 3, true)
	choose(ctx, t, "move")
	p = waitFor(ctx, t, 10*time.Second, "the squad's units take the order", func(p page) bool { return took(p, "Move", "b1", "b2", "b3") })
	if p.Problem != "" {
		t.Errorf("the game reports %q", p.Problem)
	}

	var shot []byte
	if err := chromedp.Run(ctx, chromedp.Sleep(time.Second), chromedp.FullScreenshot(&shot, 100),
		chromedp.Evaluate(`[location.href, ...performance.getEntriesByType("resource").map(e => e.name)]`, &urls)); err != nil {
		t.Fatal(err)
	}
	for _, u := range urls {
		if !strings.HasPrefix(u, srv.URL) {
			t.Errorf("the page loaded %s, from elsewhere", u)
		}
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	if n := colours(img); n < 5 {
		t.Errorf("the screen has %d colours: the game drew nothing", n)
	}
	// The units: blue's and red's colours are on the screen.
	for name, c := range map[string][3]uint32{"blue": {30, 136, 229}, "red": {229, 57, 53}} {
		if !has(img, c) {
			t.Errorf("no %s unit drawn", name)
		}
	}
	out := os.Getenv("GOAP_ARTIFACTS")
	if out != "" {
		_ = os.WriteFile(filepath.Join(out, "shooter-browser.png"), shot, 0o644)
	}

	// AI time per tick, measured in the page: whole matches at a tick
	// per update (the player gives no orders: blue fights back where it
	// stands), each played again after R (the same seed, the same match).
	// The first play pays for WebAssembly's lazy compilation (V8 compiles
	// a function when it is first called, and the fight's code is first
	// called when the sides meet). The page's clock also counts the time
	// the thread is preempted: on a small machine the software renderer's
	// threads take the cores now and then, and a few ticks of each play
	// take milliseconds, different ticks each time though the match is
	// the same (natively its slowest tick takes 0.1 ms). So these are
	// figures for BENCHMARKS.md (the target: p99 at most 2 ms in
	// the skirmish), logged and written to $GOAP_ARTIFACTS, never a
	// timed assertion: the second play's figures are the ones reported.
	var table []string
	for _, query := range []string{"?seed=1&tps=60", "?scene=stress&seed=1&tps=60"} {
		if err := chromedp.Run(ctx, chromedp.Navigate(srv.URL+"/"+query)); err != nil {
			t.Fatal(err)
		}
		waitFor(ctx, t, 30*time.Second, "the scene starts", func(p page) bool { return p.Tick >= 1 })
		var last page
		for play := range 2 {
			if play > 0 {
				key(ctx, t, "r")
				waitFor(ctx, t, 10*time.Second, "the restart", func(p page) bool { return p.Tick < last.Tick })
			}
			p := waitFor(ctx, t, 60*time.Second, "the match ends", func(p page) bool { return p.Winner != "" || p.Tick >= 150 })
			if p.AIMean <= 0 || p.AIP99 < p.AIMean {
				t.Errorf("%s, play %d: the page measured AI mean %v ms, p99 %v ms", p.Scene, play+1, p.AIMean, p.AIP99)
			}
			line := fmt.Sprintf("%s, play %d: %d ticks, AI per tick mean %.2f ms, p99 %.2f ms; %.0f FPS (information only)",
				p.Scene, play+1, p.Tick, p.AIMean, p.AIP99, p.FPS)
			t.Log(line, "; slowest ticks:", p.Slowest)
			table = append(table, line)
			last = p
		}
		if out != "" && strings.Contains(query, "stress") {
			var shot []byte
			if err := chromedp.Run(ctx, chromedp.FullScreenshot(&shot, 100)); err == nil {
				_ = os.WriteFile(filepath.Join(out, "shooter-browser-stress.png"), shot, 0o644)
			}
		}
	}
	if out != "" {
		_ = os.WriteFile(filepath.Join(out, "shooter-ai.txt"), []byte(strings.Join(table, "\n")+"\n"), 0o644)
	}
}

// has reports whether img has a pixel of colour c (within a few levels).
func has(img image.Image, c [3]uint32) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if near(r>>8, c[0]) && near(g>>8, c[1]) && near(bl>>8, c[2]) {
				return true
			}
		}
	}
	return false
}

// near reports whether two colour levels differ by 8 at most.
func near(a, b uint32) bool { return a+8 >= b && b+8 >= a }

// colours counts the distinct colours of img (up to 100).
func colours(img image.Image) int {
	seen := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
			if len(seen) >= 100 {
				return len(seen)
			}
		}
	}
	return len(seen)
}
