package web_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/web"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

// findChromium returns the path of a Chromium or Chrome, or "".
func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	return ""
}

// startChromium starts a headless Chromium for a browser test, or skips
// the test if none is installed. It returns the context of its first tab
// and the directory for screenshots ($SUDOKU_JUDGE_SCREENSHOTS, or a
// temporary one); the browser is closed when the test ends or after
// limit, which bounds the test.
func startChromium(t *testing.T, limit time.Duration) (ctx context.Context, shots string) {
	t.Helper()
	chromium := findChromium()
	if chromium == "" {
		testenv.Need(t, "Chromium", errors.New("none of chromium, chromium-browser, google-chrome on PATH"))
	}
	shots = os.Getenv("SUDOKU_JUDGE_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	parent, stop := context.WithTimeout(context.Background(), limit)
	t.Cleanup(stop)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox, // the test's own pages; Chromium's sandbox refuses root
		chromedp.WindowSize(1100, 900),
		chromedp.UserDataDir(t.TempDir()),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(parent, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithLogf(t.Logf))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // starts the browser and opens the tab
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx, shots
}

// TestBrowser drives a headless Chromium through the judge as a
// contestant would: from the problem list to a problem, a program pasted
// into the form, then the submission's page, which must fill its rows in
// as the worker reports them and end on AC without a reload. It saves
// screenshots in $SUDOKU_JUDGE_SCREENSHOTS, or in a temporary directory.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("drives Chromium and judges a program in the sandbox")
	}
	prob, err := catalog.Lookup("poj3074")
	if err != nil {
		t.Fatal(err)
	}
	all, err := prob.Tests()
	if err != nil {
		t.Fatal(err)
	}
	// Judging the headline group only takes a second, not a minute.
	headline := prob.Config().GroupNames()[0]
	tests, err := prob.Config().SelectGroups(all, []string{headline})
	if err != nil {
		t.Fatal(err)
	}
	j := startJudge(t, setup{config: func(c *web.Config) { c.Headline = true }}) // the worker starts once the page watches
	src, err := os.ReadFile(filepath.Join("..", "program", "testdata", "ac.c"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, shots := startChromium(t, 2*time.Minute)

	screenshot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		path := filepath.Join(shots, name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", path)
	}
	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			screenshot("failed.png")
			t.Fatalf("%s: %v", what, err)
		}
	}
	eval := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}

	do("open the problem list, then the problem",
		chromedp.Navigate(j.URL+"/"),
		chromedp.Click(chromedp.CSS(`a[href="/problems/poj3074"]`)),
		chromedp.WaitVisible(chromedp.ID("statement")),
	)
	if title := eval(`document.querySelector("#statement h1").textContent`); title != "Sudoku (POJ 3074)" {
		t.Errorf("the problem page's title is %q, want the statement's", title)
	}
	screenshot("problem.png")

	do("paste the program and submit",
		chromedp.SetValue(chromedp.ID("language"), "c"),
		chromedp.SetValue(chromedp.ID("source"), string(src)),
		chromedp.Click(chromedp.ID("submit")),
		chromedp.WaitVisible(chromedp.ID("submission")),
		chromedp.Poll[chromedp.Void](`document.getElementById("submission").dataset.live === "open"`, chromedp.WithPollingTimeout(20*time.Second)),
	)
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`/submissions/[0-9a-f]{32}$`).MatchString(url) {
		t.Fatalf("after submitting, the browser is at %s, want /submissions/ID", url)
	}
	if status := eval(`document.getElementById("status").textContent`); status != "queued" {
		t.Fatalf("the new submission's status is %q, want queued (no worker runs yet)", status)
	}
	// Mark the page, so a reload would show, and note each status and row
	// count the live updates make.
	eval(`window.judgeMark = "unreloaded";
	window.judgeSeen = [];
	new MutationObserver(function () {
		window.judgeSeen.push(document.getElementById("status").textContent + " " +
			document.querySelectorAll("#tests tbody tr").length);
	}).observe(document.getElementById("submission"), {subtree: true, childList: true, characterData: true});
	"ok"`)

	j.StartWorker()
	do("watch the judging",
		chromedp.Poll[chromedp.Void](`document.getElementById("submission").dataset.status === "done"`, chromedp.WithPollingTimeout(90*time.Second)),
	)
	screenshot("submission.png")

	if v := eval(`document.getElementById("verdict").textContent`); v != "AC" {
		t.Errorf("verdict %s, want AC", v)
	}
	if mark := eval(`window.judgeMark || "reloaded"`); mark != "unreloaded" {
		t.Error("the page reloaded: the verdict did not arrive live")
	}
	rows := eval(`String(document.querySelectorAll("#tests tbody tr").length)`)
	if want := len(tests); rows != strconv.Itoa(want) {
		t.Errorf("%s rows of tests, want %d", rows, want)
	}
	// Before the verdict, the page showed the judging and its first rows.
	seen := eval(`window.judgeSeen.join("\n")`)
	if !regexp.MustCompile(`(?m)^judging [1-9]`).MatchString(seen) {
		t.Errorf("no test row appeared while judging; the page went through:\n%s", seen)
	}
}
