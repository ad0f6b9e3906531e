package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress returns a progress hook drawing a bar described as what on w,
// when w is a terminal and the run lasts longer than delay (a short run
// needs no bar), and a function that clears the bar. opts add to the bar's
// options.
func progress(w io.Writer, what string, delay time.Duration, opts ...progressbar.Option) (func(done, total int), func()) {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil, func() {}
	}
	start := time.Now()
	var bar *progressbar.ProgressBar
	hook := func(done, total int) {
		if bar == nil {
			if time.Since(start) < delay || done == total {
				return
			}
			bar = progressbar.NewOptions(total, append([]progressbar.Option{
				progressbar.OptionSetWriter(f),
				progressbar.OptionSetDescription(what),
				progressbar.OptionShowCount(),
				progressbar.OptionClearOnFinish(),
				progressbar.OptionThrottle(100 * time.Millisecond),
			}, opts...)...)
		}
		bar.Set(done)
	}
	return hook, func() {
		if bar != nil {
			bar.Clear()
			bar.Exit()
		}
	}
}

// progressLog returns a progress hook for a writer that is no terminal,
// such as a CI log: every period while the run lasts it writes one line,
// "what: 14/60 units done after 2m20s", so that a long step does not look
// hung; and a function that stops it. On a terminal it is progress's bar.
func progressLog(w io.Writer, what, units string, delay, period time.Duration) (func(done, total int), func()) {
	if hook, stop := progress(w, what, delay); hook != nil {
		return hook, stop
	}
	var mu sync.Mutex
	done, total := 0, 0
	start := time.Now()
	quit, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(period)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				mu.Lock()
				n, of := done, total
				mu.Unlock()
				count := fmt.Sprint(n)
				if of > 0 {
					count += fmt.Sprintf("/%d", of)
				}
				fmt.Fprintf(w, "%s: %s %s done after %s\n", what, count, units, time.Since(start).Round(time.Second))
			}
		}
	}()
	hook := func(d, t int) {
		mu.Lock()
		done, total = d, t
		mu.Unlock()
	}
	return hook, func() {
		close(quit)
		<-stopped
	}
}
