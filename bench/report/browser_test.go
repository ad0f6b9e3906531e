package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

// chromium returns the path of a Chromium, or skips the test (fails it in
// CI).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	testenv.Need(t, "Chromium (apt-get install chromium)", errors.New("none of chromium, chromium-browser, google-chrome on PATH"))
	return ""
}

func runChromium(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	return out
}

// measureScript, added after the page, writes the laid-out size of every
// chart into the document, for --dump-dom to show.
const measureScript = `<script>
const boxes = [...document.querySelectorAll("section")].map(s => {
  const svg = s.querySelector("figure svg");
  const r = svg ? svg.getBoundingClientRect() : {width: 0, height: 0, left: 0, right: 0, top: 0, bottom: 0};
  const legend = s.querySelector("ul.legend");
  const l = legend ? legend.getBoundingClientRect() : null;
  const overlap = l !== null && l.left < r.right && r.left < l.right && l.top < r.bottom && r.top < l.bottom;
  return {section: s.id, width: r.width, height: r.height, marks: svg ? svg.querySelectorAll(".data circle, path.data, rect.data").length : 0,
    legend: legend ? legend.textContent : "", overlap: overlap};
});
const pre = document.createElement("pre");
pre.id = "chart-boxes";
pre.textContent = JSON.stringify(boxes);
document.body.appendChild(pre);
</script>`

// TestBrowser renders the page in headless Chromium, as a person would see
// it: every section has a chart laid out at a visible size, and a
// screenshot is not blank.
func TestBrowser(t *testing.T) {
	bin := chromium(t)
	var page bytes.Buffer
	if err := Write(&page, []Input{synthetic(t, "old.txt", 5, 1), synthetic(t, "new.txt", 5, 1.2)}, Options{Title: "Browser test"}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	html := filepath.Join(dir, "report.html")
	if err := os.WriteFile(html, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	probe := filepath.Join(dir, "probe.html")
	withScript := strings.Replace(page.String(), "</body>", measureScript+"\n</body>", 1)
	if err := os.WriteFile(probe, []byte(withScript), 0o644); err != nil {
		t.Fatal(err)
	}

	dom := runChromium(t, bin, "--window-size=1200,900", "--dump-dom", "file://"+probe)
	m := regexp.MustCompile(`<pre id="chart-boxes">(.*?)</pre>`).FindSubmatch(dom)
	if m == nil {
		t.Fatalf("the measuring script did not run; DOM:\n%.2000s", dom)
	}
	var boxes []struct {
		Section       string
		Width, Height float64
		Marks         int // dots, lines and bars of data
		Legend        string
		Overlap       bool
	}
	if err := json.Unmarshal(bytes.ReplaceAll(m[1], []byte("&quot;"), []byte(`"`)), &boxes); err != nil {
		t.Fatalf("chart sizes %s: %v", m[1], err)
	}
	t.Logf("charts as laid out: %+v", boxes)
	// inputs, head-to-head, six pairs, speed, two distributions, delta.
	if len(boxes) != 12 {
		t.Errorf("%d sections rendered, want 12: %+v", len(boxes), boxes)
	}
	for _, b := range boxes {
		if b.Section == "inputs" || b.Section == "head-to-head" {
			continue // tables only
		}
		if b.Width < 300 || b.Height < 150 || b.Marks < 3 {
			t.Errorf("section %s: chart %.0fx%.0f px with %d marks of data, want at least 300x150 with three", b.Section, b.Width, b.Height, b.Marks)
		}
		if b.Section != "delta" && (b.Legend == "" || b.Overlap) {
			t.Errorf("section %s: legend %q overlaps the chart: %v", b.Section, b.Legend, b.Overlap)
		}
		if b.Section == "speed" && !strings.Contains(b.Legend, "prog.c") {
			t.Errorf("the program is not in the speed chart's legend: %q", b.Legend)
		}
	}

	shot := filepath.Join(dir, "shot.png")
	runChromium(t, bin, "--window-size=1000,1400", "--hide-scrollbars", "--screenshot="+shot, "file://"+html)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if frac := inked(img); frac < 0.02 {
		t.Errorf("screenshot is nearly blank: %.1f%% of pixels not white", 100*frac)
	}
	if os.Getenv("REPORT_SCREENSHOT") != "" {
		os.WriteFile(os.Getenv("REPORT_SCREENSHOT"), mustRead(t, shot), 0o644)
	}
}

// inked returns the share of pixels that are not (nearly) white.
func inked(img image.Image) float64 {
	b := img.Bounds()
	n, ink := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			n++
			if r < 0xe000 || g < 0xe000 || bl < 0xe000 {
				ink++
			}
		}
	}
	return float64(ink) / float64(max(n, 1))
}

func mustRead(t *testing.T, name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
