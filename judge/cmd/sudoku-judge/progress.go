package main

import (
	"io"
	"os"
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
