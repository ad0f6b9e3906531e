package web

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudoku-judge/sudoku-judge/judge/store"
)

// metrics are the server's Prometheus metrics, on its own registry (no
// global state).
type metrics struct {
	reg      *prometheus.Registry
	latency  prometheus.Histogram
	verdicts *prometheus.CounterVec
	accepted prometheus.Counter
	limited  prometheus.Counter
}

func newMetrics(st *store.Store, h *hub, localWorkers func() int) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "sudoku_judge_latency_seconds",
			Help:    "Time from a submission's arrival to its stored verdict.",
			Buckets: prometheus.ExponentialBuckets(0.05, 2, 14),
		}),
		verdicts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudoku_judge_verdicts_total",
			Help: "Judged submissions by final verdict.",
		}, []string{"verdict"}),
		accepted: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sudoku_judge_submissions_total",
			Help: "Submissions stored.",
		}),
		limited: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sudoku_judge_rate_limited_total",
			Help: "Submissions refused by the per-client rate limit.",
		}),
	}
	m.reg.MustRegister(m.latency, m.verdicts, m.accepted, m.limited,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "sudoku_judge_queue_depth",
			Help: "Submissions queued or being judged.",
		}, func() float64 {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			n, err := st.QueueDepth(ctx)
			if err != nil {
				return -1
			}
			return float64(n)
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "sudoku_judge_workers",
			Help: "Workers seen judging in the last minute, local or remote.",
		}, func() float64 { return float64(h.activeWorkers(time.Minute)) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "sudoku_judge_local_workers",
			Help: "Judge workers running inside the server process.",
		}, func() float64 { return float64(localWorkers()) }),
	)
	return m
}
