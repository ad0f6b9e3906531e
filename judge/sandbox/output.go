//go:build linux

package sandbox

import (
	"os"
	"time"
)

// A captured pipe keeps the first bytes the program writes to it, up to a
// cap, and drains the rest so that the writer never blocks on it.
type captured struct {
	f    *os.File
	buf  []byte
	done chan struct{}
}

// capture starts reading f. Past limit bytes, it signals overflow once, if
// not nil.
func capture(f *os.File, limit int64, overflow chan<- struct{}) *captured {
	c := &captured{f: f, done: make(chan struct{})}
	go func() {
		defer close(c.done)
		chunk := make([]byte, 32<<10)
		var total int64
		for {
			n, err := f.Read(chunk)
			if keep := min(int64(n), limit-int64(len(c.buf))); keep > 0 {
				c.buf = append(c.buf, chunk[:keep]...)
			}
			total += int64(n)
			if total > limit && overflow != nil {
				overflow <- struct{}{} // buffered, and sent once
				overflow = nil
			}
			if err != nil {
				return
			}
		}
	}()
	return c
}

// wait waits for the writers to close the pipe, or gives up reading after
// grace: a writer that outlived the kill must not hold the judge.
func (c *captured) wait(grace time.Duration) {
	select {
	case <-c.done:
	case <-time.After(grace):
		c.f.SetReadDeadline(time.Now())
		<-c.done
	}
	c.f.Close()
}

func (c *captured) bytes() []byte { return c.buf }
