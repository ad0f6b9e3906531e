package web

import (
	"context"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/store"
)

// metrics are the server's metrics, served in Prometheus's text exposition
// format (version 0.0.4). They are written here rather than with the
// Prometheus client library because that library's package initialiser
// registers collectors in a global registry at every start of the binary,
// and the binary also solves one-off puzzle files, where those milliseconds
// are most of the run.
type metrics struct {
	mu       sync.Mutex
	latency  histogram         // seconds from arrival to stored verdict
	verdicts map[string]uint64 // judged submissions by final verdict
	accepted uint64            // submissions stored
	limited  uint64            // submissions refused by the rate limit
	forgedN  uint64            // results dropped for want of their attempt's secret
	gauges   []gauge           // read when scraped
}

// gauge is a value read when the metrics are scraped.
type gauge struct {
	name, help string
	value      func() float64
}

// histogram counts observations in cumulative buckets, as Prometheus's
// histograms do.
type histogram struct {
	bounds []float64 // upper bounds, ascending; +Inf is implied
	counts []uint64  // per bucket, not cumulative; one more than bounds
	sum    float64
}

func newHistogram(bounds []float64) histogram {
	return histogram{bounds: bounds, counts: make([]uint64, len(bounds)+1)}
}

func (h *histogram) observe(v float64) {
	i, _ := slices.BinarySearch(h.bounds, v) // the first bound ≥ v: le is inclusive
	h.counts[i]++
	h.sum += v
}

// exponentialBounds returns n bounds from start, each factor times the last.
func exponentialBounds(start, factor float64, n int) []float64 {
	b := make([]float64, n)
	for i := range b {
		b[i] = start
		start *= factor
	}
	return b
}

func newMetrics(st *store.Store, w *workers, localWorkers func() int) *metrics {
	return &metrics{
		latency:  newHistogram(exponentialBounds(0.05, 2, 14)),
		verdicts: make(map[string]uint64),
		gauges: []gauge{
			{"sudoku_judge_queue_depth", "Submissions queued or being judged.", func() float64 {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				defer cancel()
				n, err := st.QueueDepth(ctx)
				if err != nil {
					return -1
				}
				return float64(n)
			}},
			{"sudoku_judge_workers", "Workers alive, local or remote: heard from in the last three heartbeat intervals (15 s).", func() float64 {
				n, _ := w.alive(time.Now())
				return float64(n)
			}},
			{"sudoku_judge_workers_busy", "Workers alive and judging a submission now.", func() float64 {
				_, busy := w.alive(time.Now())
				return float64(busy)
			}},
			{"sudoku_judge_local_workers", "Judge workers running inside the server process.", func() float64 {
				return float64(localWorkers())
			}},
		},
	}
}

// judged records a submission's final verdict and its time to it.
func (m *metrics) judged(verdict string, latency time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.verdicts[verdict]++
	m.latency.observe(latency.Seconds())
}

func (m *metrics) accept() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.accepted++
}

func (m *metrics) limit() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.limited++
}

func (m *metrics) forged() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.forgedN++
}

// ServeHTTP serves the metrics in the text exposition format.
func (m *metrics) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	m.WriteTo(w)
}

// WriteTo writes the metrics in the text exposition format, families in
// name order as the client library writes them. The gauges are read
// before the lock is taken: the queue depth asks the store.
func (m *metrics) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	family := func(name, kind, help string) {
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s %s\n", name, escapeHelp(help), name, kind)
	}
	sample := func(name, labels string, v float64) {
		fmt.Fprintf(&b, "%s%s %s\n", name, labels, formatValue(v))
	}
	type entry struct {
		name  string
		write func()
	}
	var entries []entry
	for _, g := range m.gauges {
		v := g.value()
		entries = append(entries, entry{g.name, func() {
			family(g.name, "gauge", g.help)
			sample(g.name, "", v)
		}})
	}

	m.mu.Lock()
	defer m.mu.Unlock()
	entries = append(entries,
		entry{"sudoku_judge_latency_seconds", func() {
			const name = "sudoku_judge_latency_seconds"
			family(name, "histogram", "Time from a submission's arrival to its stored verdict.")
			var total uint64
			for i, n := range m.latency.counts {
				total += n
				le := math.Inf(1)
				if i < len(m.latency.bounds) {
					le = m.latency.bounds[i]
				}
				sample(name+"_bucket", `{le="`+formatValue(le)+`"}`, float64(total))
			}
			sample(name+"_sum", "", m.latency.sum)
			sample(name+"_count", "", float64(total))
		}},
		entry{"sudoku_judge_verdicts_total", func() {
			const name = "sudoku_judge_verdicts_total"
			family(name, "counter", "Judged submissions by final verdict.")
			for _, v := range slices.Sorted(maps.Keys(m.verdicts)) {
				sample(name, `{verdict="`+escapeLabel(v)+`"}`, float64(m.verdicts[v]))
			}
		}},
		entry{"sudoku_judge_submissions_total", func() {
			family("sudoku_judge_submissions_total", "counter", "Submissions stored.")
			sample("sudoku_judge_submissions_total", "", float64(m.accepted))
		}},
		entry{"sudoku_judge_forged_results_total", func() {
			family("sudoku_judge_forged_results_total", "counter", "Results dropped because they did not carry their attempt's secret.")
			sample("sudoku_judge_forged_results_total", "", float64(m.forgedN))
		}},
		entry{"sudoku_judge_rate_limited_total", func() {
			family("sudoku_judge_rate_limited_total", "counter", "Submissions refused by the per-client rate limit.")
			sample("sudoku_judge_rate_limited_total", "", float64(m.limited))
		}},
	)
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	for _, e := range entries {
		e.write()
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// formatValue writes a sample value as the exposition format spells it.
func formatValue(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case math.IsNaN(v):
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// escapeHelp and escapeLabel escape as the exposition format requires: a
// help text's backslashes and newlines, and a label value's quotes too.
func escapeHelp(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`).Replace(s)
}

func escapeLabel(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`, `"`, `\"`).Replace(s)
}
