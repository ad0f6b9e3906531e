package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
)

// TestRunsKeptApart plays a worker killed mid-judging and another taking
// the attempt over: what is shown live is the current run's tests only,
// whatever the first run's late messages say.
func TestRunsKeptApart(t *testing.T) {
	ctx := context.Background()
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sub := &Submission{ID: "r", Problem: "p", Language: "c", Source: "x"}
	if err := s.Create(ctx, sub); err != nil {
		t.Fatal(err)
	}
	test := func(name string) judge.TestResult { return judge.TestResult{Name: name, Verdict: "AC"} }
	steps := []struct {
		name    string
		do      func() (bool, error)
		changed bool
		run     string
		tests   []string
	}{
		{"run 1 starts", func() (bool, error) { return s.StartRun(ctx, "r", 1, sub.Secret, "r1") }, true, "r1", nil},
		{"run 1 starts again", func() (bool, error) { return s.StartRun(ctx, "r", 1, sub.Secret, "r1") }, false, "r1", nil},
		{"run 1's test 1", func() (bool, error) { return s.AddTest(ctx, "r", 1, sub.Secret, "r1", 1, test("a")) }, true, "r1", []string{"a"}},
		{"run 1's test 2", func() (bool, error) { return s.AddTest(ctx, "r", 1, sub.Secret, "r1", 2, test("b")) }, true, "r1", []string{"a", "b"}},
		{"run 1's test 2 twice", func() (bool, error) { return s.AddTest(ctx, "r", 1, sub.Secret, "r1", 2, test("b")) }, false, "r1", []string{"a", "b"}},
		{"a forged test", func() (bool, error) { return s.AddTest(ctx, "r", 1, "guess", "r1", 3, test("forged")) }, false, "r1", []string{"a", "b"}},
		{"a forged run", func() (bool, error) { return s.StartRun(ctx, "r", 1, "guess", "evil") }, false, "r1", []string{"a", "b"}},
		{"run 2 starts (run 1's worker died)", func() (bool, error) { return s.StartRun(ctx, "r", 1, sub.Secret, "r2") }, true, "r2", nil},
		{"run 1's late test 3", func() (bool, error) { return s.AddTest(ctx, "r", 1, sub.Secret, "r1", 3, test("c")) }, false, "r2", nil},
		{"run 2's test 1", func() (bool, error) { return s.AddTest(ctx, "r", 1, sub.Secret, "r2", 1, test("a2")) }, true, "r2", []string{"a2"}},
		{"attempt 2's test, not started", func() (bool, error) { return s.AddTest(ctx, "r", 2, sub.Secret, "r2", 2, test("x")) }, false, "r2", []string{"a2"}},
	}
	for _, st := range steps {
		changed, err := st.do()
		if err != nil || changed != st.changed {
			t.Errorf("%s: %v, %v; want %v", st.name, changed, err, st.changed)
		}
		l, err := s.Live(ctx, "r")
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tr := range l.Tests {
			names = append(names, tr.Name)
		}
		if l.Run != st.run || !slices.Equal(names, st.tests) {
			t.Errorf("%s: live %s %v, want %s %v", st.name, l.Run, names, st.run, st.tests)
		}
	}
	if got, _ := s.Get(ctx, "r"); got.Status != Judging {
		t.Errorf("status %s while run 2 judges, want judging", got.Status)
	}
	if ok, err := s.SaveResult(ctx, Judgement{ID: "r", Attempt: 1, Secret: sub.Secret, Worker: "w2", Verdict: "AC", Tests: []judge.TestResult{test("a2"), test("b2")}, At: time.Now()}); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if l, _ := s.Live(ctx, "r"); len(l.Tests) != 0 {
		t.Errorf("after the result, %d live tests are left; the result has them all", len(l.Tests))
	}
	if ok, _ := s.AddTest(ctx, "r", 1, sub.Secret, "r2", 2, test("late")); ok {
		t.Error("a test stored after the result")
	}
	if _, err := s.Rejudge(ctx, "r"); err != nil {
		t.Fatal(err)
	}
	if l, _ := s.Live(ctx, "r"); l.Attempt != 2 || l.Run != "" || len(l.Tests) != 0 {
		t.Errorf("after a rejudge: live %+v, want attempt 2 with no run yet", l)
	}
}
