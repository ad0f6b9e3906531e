//go:build linux

package main

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/internal/fulldisk"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
)

// TestServeRecoversFromFullDisk is the disk-full episode: serve's
// data directory is a 64 MiB tmpfs, which fills up while a submission is
// being judged, so its result finds no room in the queue. While full,
// /healthz says so and submissions are refused with a 503 and a
// Retry-After; once there is room again, without a restart, /healthz is
// ok, the judged submission's verdict is stored and a new one is judged.
func TestServeRecoversFromFullDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and judges programs")
	}
	disk := fulldisk.Mount(t, 64<<20)
	needSandbox(t)
	c := newCluster(t, buildJudge(t))
	c.serveArgs = []string{"serve", "--addr", c.http, "--data", filepath.Join(disk, "data"), "--workers", "1",
		"--admin-token-file", c.secretFile("admin-token", c.admin), "--min-free", "8M",
		"--headline", "--time-limit", "500ms"}
	c.serve()

	ac := submission{"ac.py", "python", acPy, "AC"}
	first := c.submit(ac)
	c.waitStatus(first, store.Done)

	// A slow one (two tests of 500 ms CPU), and the disk fills up while
	// it is judged.
	slow := c.submit(submission{"tle.py", "python", tlePy, "TLE"})
	c.waitStatus(slow, store.Judging)
	filler := fulldisk.Fill(t, disk)
	health := c.waitHealth(http.StatusServiceUnavailable, time.Minute)
	t.Logf("/healthz on a full disk: %s", health)
	if !strings.Contains(health, "disk") {
		t.Errorf("/healthz on a full disk does not say the disk is full: %s", health)
	}
	resp, body := c.post(ac)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, "disk is full") {
		t.Errorf("a submission on a full disk: %s %q (Retry-After %q), want 503 saying the disk is full, with a Retry-After",
			resp.Status, body, resp.Header.Get("Retry-After"))
	}
	// Long enough for the slow one's judging to end and its result to
	// meet the full disk.
	time.Sleep(5 * time.Second)

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	freed := time.Now()
	c.waitHealth(http.StatusOK, time.Minute)
	t.Logf("/healthz ok %v after the disk had room", time.Since(freed).Round(time.Millisecond))
	after := c.submit(ac)
	subs := c.waitDone(3, 2*time.Minute)
	t.Logf("judging resumed: all done %v after the disk had room", time.Since(freed).Round(time.Millisecond))
	for id, want := range map[string]string{first: "AC", slow: "TLE", after: "AC"} {
		if got := subs[id]; got.Judged != nil {
			t.Logf("%s: judged %v after the disk had room, by %s", id[:8], got.Judged.Sub(freed).Round(time.Millisecond), got.Worker)
		}
		if got := subs[id]; got.Verdict != want {
			t.Errorf("%s: %s %s, want done %s", id, got.Status, got.Verdict, want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(c.dir, "serve.log")); !bytes.Contains(b, []byte("started again")) {
		t.Logf("serve's log does not tell of the queue starting again (the result may have found room):\n%s", tail(b, 3000))
	}
}

// waitHealth waits until /healthz answers status and returns its body.
func (c *cluster) waitHealth(status int, within time.Duration) string {
	c.t.Helper()
	deadline := time.Now().Add(within)
	for {
		resp, err := c.client.Get("http://" + c.http + "/healthz")
		var body []byte
		if err == nil {
			body, _ = io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == status {
				return string(body)
			}
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("/healthz did not answer %d within %v: %v %s", status, within, err, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
