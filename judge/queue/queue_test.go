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

// A job is kept by a worker that reports progress, however long it takes,
// and comes back within seconds when the worker dies without a word.
func TestDeadWorkersJobComesBack(t *testing.T) {
	s, c := connect(t, t.TempDir())
	defer s.Shutdown()
	defer c.Close()
	if err := c.Enqueue(t.Context(), Job{ID: "a1", Attempt: 1, Problem: "poj2676", Language: "c", Source: "int main(){}"}); err != nil {
		t.Fatal(err)
	}
	dying, err := s.ConnectWorker(t.Context(), "dying worker")
	if err != nil {
		t.Fatal(err)
	}
	defer dying.Close()
	other, err := s.ConnectWorker(t.Context(), "other worker")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	next := func(c *Conn, wait time.Duration) *Delivery {
		t.Helper()
		jobs, err := c.Jobs(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		d, err := jobs.Next(t.Context(), wait)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	d := next(dying, 10*time.Second)
	if d == nil || d.Job.ID != "a1" {
		t.Fatalf("the first worker got %+v, want job a1", d)
	}

	// Judging longer than AckWait, with signs of life: the job stays.
	alive := make(chan struct{})
	go func() {
		tick := time.NewTicker(AckWait / 4)
		defer tick.Stop()
		for {
			select {
			case <-alive:
				return
			case <-tick.C:
				d.InProgress()
			}
		}
	}()
	if got := next(other, AckWait*3/2); got != nil {
		t.Fatalf("job %s/%d redelivered while its worker reported progress", got.Job.ID, got.Job.Attempt)
	}

	// The worker dies: the job must come back within seconds (it took
	// 20 s, the old AckWait), to the other worker, as a redelivery.
	close(alive)
	dying.Close()
	died := time.Now()
	got := next(other, 10*time.Second)
	if got == nil {
		t.Fatal("a dead worker's job did not come back within 10 s")
	}
	t.Logf("the job came back %s after its worker died (AckWait %s)", time.Since(died).Round(time.Millisecond), AckWait)
	if got.Job.ID != "a1" || got.Deliveries() != 2 {
		t.Errorf("got %s, delivery %d; want a1, delivery 2", got.Job.ID, got.Deliveries())
	}
	if err := got.Ack(); err != nil {
		t.Fatal(err)
	}
}
