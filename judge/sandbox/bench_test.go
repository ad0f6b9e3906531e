//go:build linux

package sandbox

import (
	"context"
	"flag"
	"os/exec"
	"slices"
	"testing"
	"time"
)

var overhead = flag.Bool("overhead", false, "run TestOverhead, which measures the sandbox's cost per run")

// TestOverhead measures the judge-side cost of a run with full isolation:
// /bin/true run 200 times through the sandbox and 200 times with
// exec.Command, alternately, so that both see the same load. Run it with
//
//	go test -run TestOverhead -v ./judge/sandbox -overhead
func TestOverhead(t *testing.T) {
	if !*overhead {
		t.Skip("measures for seconds; use -overhead")
	}
	needs(t, false)
	s := newSandbox(t, Options{})
	spec := Spec{Path: "/bin/true", Limits: Limits{CPUTime: time.Second, Memory: 256 << 20}}
	sandboxed := func() {
		if res, err := s.Run(context.Background(), spec); err != nil || res.Status != OK {
			t.Fatalf("Run: %v %v", res.Status, err)
		}
	}
	plain := func() {
		if err := exec.Command("/bin/true").Run(); err != nil {
			t.Fatal(err)
		}
	}
	for range 10 { // warm up: helpers, caches
		sandboxed()
		plain()
	}
	const n = 200
	var box, raw []time.Duration
	for range n {
		begin := time.Now()
		sandboxed()
		mid := time.Now()
		plain()
		box, raw = append(box, mid.Sub(begin)), append(raw, time.Since(mid))
	}
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	mb, mr := median(box), median(raw)
	t.Logf("%v", s.Isolation())
	t.Logf("sandbox  median %.2f ms/run, mean %.2f", ms(mb), ms(mean(box)))
	t.Logf("exec     median %.2f ms/run, mean %.2f", ms(mr), ms(mean(raw)))
	t.Logf("overhead median %.2f ms/run, mean %.2f", ms(mb-mr), ms(mean(box)-mean(raw)))
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func mean(ds []time.Duration) time.Duration {
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	return sum / time.Duration(len(ds))
}

// BenchmarkRun and BenchmarkExec are the same comparison as benchmarks,
// for each isolation level:
//
//	go test -run '^$' -bench 'Run|Exec' -benchtime 200x ./judge/sandbox
func BenchmarkRun(b *testing.B) {
	needs(b, false)
	for _, bc := range []struct {
		name string
		opts Options
	}{
		{"full", Options{}},
		{"nonamespaces", Options{NoNamespaces: true}},
		{"rlimits", Options{NoNamespaces: true, NoCgroups: true}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s := newSandbox(b, bc.opts)
			spec := Spec{Path: "/bin/true", Limits: Limits{CPUTime: time.Second, Memory: 256 << 20}}
			for b.Loop() {
				res, err := s.Run(context.Background(), spec)
				if err != nil || res.Status != OK {
					b.Fatalf("Run: %v %v", res.Status, err)
				}
			}
		})
	}
}

func BenchmarkExec(b *testing.B) {
	for b.Loop() {
		if err := exec.Command("/bin/true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}
