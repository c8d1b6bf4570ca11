package web

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

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

// TestBrowser builds the game for WebAssembly, serves it, and plays it in
// headless Chromium (WebGL through SwiftShader): the page loads only its
// own files, the game starts, and its canvas shows the map drawn (many
// colours, not a blank screen). A screenshot goes to $GOAP_ARTIFACTS.
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
		chromedp.WindowSize(640, 480),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	ctx, cancelC := chromedp.NewContext(actx)
	defer cancelC()
	ctx, cancelT := context.WithTimeout(ctx, 2*time.Minute)
	defer cancelT()
	var shot []byte
	var urls []string
	err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitVisible("canvas", chromedp.ByQuery),
		chromedp.Sleep(2*time.Second), // let a few frames and ticks be drawn
		chromedp.FullScreenshot(&shot, 100),
		chromedp.Evaluate(`[location.href, ...performance.getEntriesByType("resource").map(e => e.name)]`, &urls),
	)
	if err != nil {
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
	if out := os.Getenv("GOAP_ARTIFACTS"); out != "" {
		_ = os.WriteFile(filepath.Join(out, "shooter-browser.png"), shot, 0o644)
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
