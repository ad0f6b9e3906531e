package web

import (
	"math"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/sudoku-judge/sudoku-judge/judge/queue"
)

// TestMetricsExposition checks the hand-written exposition with the
// Prometheus project's own text parser: every family parses, with its type,
// and the values are what was recorded.
func TestMetricsExposition(t *testing.T) {
	m := &metrics{
		latency:  newHistogram([]float64{0.05, 0.1, 0.2}),
		verdicts: make(map[string]uint64),
		gauges: []gauge{
			{"sudoku_judge_queue_depth", "Queued.\nSecond line \\ here.", func() float64 { return 3 }},
			{"sudoku_judge_workers", "Workers.", func() float64 { return -1 }},
		},
	}
	m.judged("AC", 50*time.Millisecond) // on a bound: le is inclusive
	m.judged("AC", 70*time.Millisecond)
	m.judged(`W"A\`+"\n", time.Second) // beyond every bound: only +Inf
	m.accept()
	m.accept()
	m.limit()

	var b strings.Builder
	if _, err := m.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(strings.NewReader(b.String()))
	if err != nil {
		t.Fatalf("the reference parser refuses the exposition: %v\n%s", err, b.String())
	}

	value := func(name string, typ dto.MetricType) []*dto.Metric {
		t.Helper()
		f, ok := families[name]
		if !ok {
			t.Fatalf("no family %s in\n%s", name, b.String())
		}
		if f.GetType() != typ {
			t.Errorf("%s: type %v, want %v", name, f.GetType(), typ)
		}
		return f.GetMetric()
	}
	scalars := []struct {
		name string
		typ  dto.MetricType
		want float64
	}{
		{"sudoku_judge_queue_depth", dto.MetricType_GAUGE, 3},
		{"sudoku_judge_workers", dto.MetricType_GAUGE, -1},
		{"sudoku_judge_submissions_total", dto.MetricType_COUNTER, 2},
		{"sudoku_judge_rate_limited_total", dto.MetricType_COUNTER, 1},
	}
	for _, s := range scalars {
		ms := value(s.name, s.typ)
		if len(ms) != 1 {
			t.Errorf("%s: %d samples, want 1", s.name, len(ms))
			continue
		}
		got := ms[0].GetGauge().GetValue() + ms[0].GetCounter().GetValue()
		if got != s.want {
			t.Errorf("%s = %v, want %v", s.name, got, s.want)
		}
	}
	if got := families["sudoku_judge_queue_depth"].GetHelp(); got != "Queued.\nSecond line \\ here." {
		t.Errorf("help text round trip: %q", got)
	}

	verdicts := make(map[string]float64)
	for _, mt := range value("sudoku_judge_verdicts_total", dto.MetricType_COUNTER) {
		verdicts[mt.GetLabel()[0].GetValue()] = mt.GetCounter().GetValue()
	}
	if len(verdicts) != 2 || verdicts["AC"] != 2 || verdicts[`W"A\`+"\n"] != 1 {
		t.Errorf("verdicts = %v, want AC 2 and the escaped one 1", verdicts)
	}

	hs := value("sudoku_judge_latency_seconds", dto.MetricType_HISTOGRAM)
	if len(hs) != 1 {
		t.Fatalf("latency: %d histograms", len(hs))
	}
	h := hs[0].GetHistogram()
	if h.GetSampleCount() != 3 || math.Abs(h.GetSampleSum()-1.12) > 1e-9 {
		t.Errorf("latency count %d sum %v, want 3 and 1.12", h.GetSampleCount(), h.GetSampleSum())
	}
	wantBuckets := map[float64]uint64{0.05: 1, 0.1: 2, 0.2: 2, math.Inf(1): 3}
	for _, bk := range h.GetBucket() {
		if want, ok := wantBuckets[bk.GetUpperBound()]; !ok || bk.GetCumulativeCount() != want {
			t.Errorf("bucket le=%v: %d, want %d (known %v)", bk.GetUpperBound(), bk.GetCumulativeCount(), want, ok)
		}
		delete(wantBuckets, bk.GetUpperBound())
	}
	if len(wantBuckets) != 0 {
		t.Errorf("missing buckets %v", wantBuckets)
	}
}

// TestWorkersAlive checks how /metrics counts workers: from their
// heartbeats, idle ones too; one that says it stops is gone at once, one
// killed without a word once three intervals pass without a heartbeat.
func TestWorkersAlive(t *testing.T) {
	var w workers
	t0 := time.Now()
	i := queue.HeartbeatInterval
	steps := []struct {
		name        string
		beat        *queue.Heartbeat
		at          time.Duration
		alive, busy int
	}{
		{"none yet", nil, 0, 0, 0},
		{"w1 idle", &queue.Heartbeat{Worker: "w1"}, 0, 1, 0},
		{"w2 judging", &queue.Heartbeat{Worker: "w2", Busy: true}, i / 2, 2, 1},
		{"w1 again, judging", &queue.Heartbeat{Worker: "w1", Busy: true}, i, 2, 2},
		{"w2 is killed: heard of 2.5 intervals ago", nil, 3 * i, 2, 2},
		{"w2 not heard of for over 3 intervals", nil, 3*i + i/2 + time.Millisecond, 1, 1},
		{"w1 stops (SIGTERM)", &queue.Heartbeat{Worker: "w1", Stop: true}, 3*i + i/2 + 2*time.Millisecond, 0, 0},
		{"w2 back", &queue.Heartbeat{Worker: "w2"}, 4 * i, 1, 0},
	}
	for _, s := range steps {
		if s.beat != nil {
			w.beat(*s.beat, t0.Add(s.at))
		}
		if n, busy := w.alive(t0.Add(s.at)); n != s.alive || busy != s.busy {
			t.Errorf("%s: %d alive, %d busy; want %d and %d", s.name, n, busy, s.alive, s.busy)
		}
	}
}
