package queue

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// connect starts a server on dir and connects to it; both end with the test.
func connect(t *testing.T, dir string) (*Server, *Conn) {
	t.Helper()
	s, err := StartServer(ServerConfig{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Connect(t.Context(), "test")
	if err != nil {
		s.Shutdown()
		t.Fatal(err)
	}
	return s, c
}

// A restarted server enqueues every unfinished submission again: each
// attempt must still be stored once, or it is judged twice.
func TestEnqueueOnceAcrossRestart(t *testing.T) {
	dir := t.TempDir()
	s, c := connect(t, dir)
	job := Job{ID: "a1", Attempt: 1, Problem: "poj2676", Language: "c", Source: "int main(){}"}
	if err := c.Enqueue(t.Context(), job); err != nil {
		t.Fatal(err)
	}
	c.Close()
	s.Shutdown()

	s, c = connect(t, dir)
	defer s.Shutdown()
	defer c.Close()
	tests := []struct {
		job  Job
		want uint64
	}{
		{job, 1},
		{Job{ID: "a1", Attempt: 2, Problem: "poj2676", Language: "c", Source: "int main(){}"}, 2}, // a rejudge is a new job
		{Job{ID: "b1", Attempt: 1, Problem: "poj2676", Language: "c", Source: "int main(){}"}, 3},
		{job, 3},
	}
	for _, tt := range tests {
		if err := c.Enqueue(t.Context(), tt.job); err != nil {
			t.Fatal(err)
		}
		if n, err := c.Pending(t.Context()); err != nil || n != tt.want {
			t.Errorf("after enqueuing %s/%d: %d jobs pending (%v), want %d", tt.job.ID, tt.job.Attempt, n, err, tt.want)
		}
	}
}

// A result stays in the queue until the server has stored it.
func TestResultRedeliveredUntilStored(t *testing.T) {
	s, c := connect(t, t.TempDir())
	defer s.Shutdown()
	defer c.Close()
	if err := c.PublishResult(t.Context(), Result{ID: "a1", Attempt: 1, Worker: "w", Verdict: "AC"}); err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	stored := make(chan Result, 1)
	go c.ConsumeResults(t.Context(), func(r Result) error {
		if calls.Add(1) == 1 {
			return errors.New("disk full")
		}
		stored <- r
		return nil
	})
	select {
	case r := <-stored:
		if r.ID != "a1" || r.Verdict != "AC" || calls.Load() != 2 {
			t.Errorf("stored %+v after %d calls, want a1 AC after 2", r, calls.Load())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the result was not offered again after a failed store (%d calls)", calls.Load())
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		n, err := c.ResultsPending(t.Context())
		if err == nil && n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d results pending (%v) after storing, want 0", n, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
