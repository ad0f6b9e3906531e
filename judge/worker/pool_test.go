package worker

import (
	"errors"
	"testing"
	"time"
)

type closer struct {
	err    error
	closed *[]string
	name   string
}

func (c closer) Close() error { *c.closed = append(*c.closed, c.name); return c.err }

// TestPoolWithoutWorkers: an empty pool has stopped at once, and Close
// closes every Closer, in order, whatever each returns, joining their
// errors.
func TestPoolWithoutWorkers(t *testing.T) {
	var closed []string
	bad := errors.New("cgroup left behind")
	p := &Pool{}
	for _, c := range []closer{{nil, &closed, "a"}, {bad, &closed, "b"}, {nil, &closed, "c"}} {
		p.Closers = append(p.Closers, c)
	}
	if !p.Wait(time.Second) || !p.Wait(0) || p.Busy() != 0 {
		t.Errorf("an empty pool: Wait %v, %v, Busy %d", p.Wait(time.Second), p.Wait(0), p.Busy())
	}
	if err := p.Close(); !errors.Is(err, bad) || len(closed) != 3 || closed[0] != "a" || closed[2] != "c" {
		t.Errorf("Close() = %v, closed %v; want every closer closed in order and b's error", err, closed)
	}
}
