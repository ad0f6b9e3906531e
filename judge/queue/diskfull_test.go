//go:build linux

package queue

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/internal/fulldisk"
)

// TestQueueComesBackAfterDiskFull fills the queue's disk until JetStream
// stops itself, frees it, and checks that the queue takes jobs again by
// itself, and still hands out the job it held before.
func TestQueueComesBackAfterDiskFull(t *testing.T) {
	dir := fulldisk.Mount(t, 16<<20)
	s, err := StartServer(ServerConfig{Dir: filepath.Join(dir, "js")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	c, err := s.Connect(t.Context(), "serve")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Enqueue(t.Context(), Job{ID: "before", Attempt: 1, Secret: "s", Source: "x"}); err != nil {
		t.Fatal(err)
	}
	filler := fulldisk.Fill(t, dir)
	big := strings.Repeat("x", 256<<10)
	var failed error
	for i := 0; i < 100 && failed == nil; i++ {
		failed = c.Enqueue(t.Context(), Job{ID: fmt.Sprint("full", i), Attempt: 1, Source: big})
	}
	if failed == nil {
		t.Fatal("100 jobs of 256 KiB enqueued on a full disk")
	}
	for deadline := time.Now().Add(10 * time.Second); c.Ready(t.Context()) == nil; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the queue still says it is ready 10 s after a write failed (%v)", failed)
		}
	}
	t.Logf("on a full disk: %v; the queue: %v", failed, c.Ready(t.Context()))
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for c.Ready(t.Context()) != nil {
		if time.Since(start) > 30*time.Second {
			t.Fatalf("the queue is not back 30 s after the disk had room: %v", c.Ready(t.Context()))
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("the queue was back %v after the disk had room (%d restarts)", time.Since(start).Round(time.Millisecond), s.Restarts())
	if s.Restarts() < 1 {
		t.Errorf("JetStream was not started again (%d restarts)", s.Restarts())
	}
	if err := c.Enqueue(t.Context(), Job{ID: "after", Attempt: 1, Secret: "s", Source: "x"}); err != nil {
		t.Fatalf("enqueuing once the disk has room: %v", err)
	}
	w, err := s.ConnectWorker(t.Context(), "worker")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	jobs, err := w.Jobs(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for range 10 {
		d, err := jobs.Next(t.Context(), 2*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if d == nil {
			break
		}
		got[d.Job.ID] = true
		d.Ack()
	}
	if !got["before"] || !got["after"] {
		t.Errorf("jobs handed out after the episode: %v; want those enqueued before and after", got)
	}
}
