package main

import (
	"bufio"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/store"
)

// BenchmarkServe measures a whole judge, serve and worker processes as
// deployed, on a trivial AC program (acC on poj2676's headline group):
//
//	go test -run '^$' -bench Serve -benchtime 60x ./judge/cmd/sudoku-judge
//
// workers=N submits b.N programs at once to a serve with N worker
// processes and reports submissions judged per second (first POST to the
// last verdict) and each one's latency from being stored to being judged
// (p50-ms, p99-ms: mostly time in the queue). latency submits b.N programs
// one after another to an idle judge with one worker and reports the
// time from POST to the final verdict's server-sent event.
func BenchmarkServe(b *testing.B) {
	needSandbox(b)
	bin := buildJudge(b)
	ac := submission{"ac.c", "c", acC, "AC"}
	for _, n := range []int{1, 2, 3} {
		c, stop := benchCluster(b, bin, n, ac)
		b.Run(fmt.Sprintf("workers=%d", n), func(b *testing.B) {
			b.ResetTimer()
			start := time.Now()
			ids := make([]string, b.N)
			for i := range ids {
				ids[i] = c.submit(ac)
			}
			subs := c.waitFor(ids, ac.verdict)
			elapsed := time.Since(start)
			b.StopTimer()
			var lat []time.Duration
			for _, s := range subs {
				lat = append(lat, s.Judged.Sub(s.Created))
			}
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "subs/s")
			reportLatency(b, lat)
		})
		stop()
	}
	c, stop := benchCluster(b, bin, 1, ac)
	defer stop()
	b.Run("latency", func(b *testing.B) {
		lat := make([]time.Duration, b.N)
		b.ResetTimer()
		for i := range lat {
			start := time.Now()
			c.follow(c.submit(ac), ac.verdict)
			lat[i] = time.Since(start)
		}
		b.StopTimer()
		reportLatency(b, lat)
	})
}

// benchCluster starts a serve with n worker processes, judges one program
// per worker to warm them up, and returns it with a function that stops it.
func benchCluster(b *testing.B, bin string, n int, warm submission) (*cluster, func()) {
	c := newCluster(b, bin)
	procs := []*judgeProc{c.serve()}
	for i := range n {
		procs = append(procs, c.worker(fmt.Sprintf("w%d", i+1), 1))
	}
	var ids []string
	for range n {
		ids = append(ids, c.submit(warm))
	}
	c.waitFor(ids, warm.verdict)
	return c, func() {
		for _, p := range procs {
			p.kill(b, syscall.SIGTERM)
		}
	}
}

// waitFor waits until every one of ids is done and checks its verdict.
func (c *cluster) waitFor(ids []string, verdict string) []listed {
	c.t.Helper()
	deadline := time.Now().Add(10 * time.Minute)
	for {
		subs, err := c.list()
		if err != nil {
			c.t.Fatal(err)
		}
		var done []listed
		for _, id := range ids {
			if s := subs[id]; s.Status == store.Done {
				if s.Verdict != verdict || s.Judged == nil {
					c.t.Fatalf("%s: verdict %s, want %s", id, s.Verdict, verdict)
				}
				done = append(done, s)
			}
		}
		if len(done) == len(ids) {
			return done
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("%d of %d submissions done after 10 minutes", len(done), len(ids))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// follow reads id's server-sent events until the final verdict.
func (c *cluster) follow(id, verdict string) {
	c.t.Helper()
	resp, err := http.Get("http://" + c.http + "/api/submissions/" + id + "/events")
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if sc.Text() != "event: done" {
			continue
		}
		if !sc.Scan() || !strings.Contains(sc.Text(), `"verdict":"`+verdict+`"`) {
			c.t.Fatalf("%s: final event %q, want verdict %s", id, sc.Text(), verdict)
		}
		return
	}
	c.t.Fatalf("%s: events ended before the verdict: %v", id, sc.Err())
}

// reportLatency reports the median and 99th percentile of lat in ms.
func reportLatency(b *testing.B, lat []time.Duration) {
	slices.Sort(lat)
	at := func(q float64) float64 {
		return float64(lat[int(q*float64(len(lat)-1)+0.5)]) / float64(time.Millisecond)
	}
	b.ReportMetric(at(0.5), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}
