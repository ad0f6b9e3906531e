package worker

import (
	"context"
	"io"
	"slices"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// scripted stands in for the sandbox: a compile (no stdin) succeeds, and
// a run answers each test's input with outcome(the test's group).
type scripted struct {
	answers map[string]contest.Test // by input
	cfg     problems.Config
	outcome func(group string) (sandbox.Status, bool) // status, and whether to answer right
}

func (s scripted) Run(ctx context.Context, spec sandbox.Spec) (*sandbox.Result, error) {
	if spec.Stdin == nil {
		return &sandbox.Result{Status: sandbox.OK}, nil
	}
	in, err := io.ReadAll(spec.Stdin)
	if err != nil {
		return nil, err
	}
	t := s.answers[string(in)]
	status, right := s.outcome(s.cfg.GroupOf(t.Name))
	res := &sandbox.Result{Status: status, Stdout: []byte("wrong\n")}
	if right {
		res.Stdout = t.Answer
	}
	if status == sandbox.TimeLimit {
		res.Note = "cpu time exceeded"
	}
	return res, nil
}

// TestJudgeVerdictIsTheHeadline checks that a worker's result is what
// test --json says: every test in its group, the verdict the headline
// group's, the others beside it.
func TestJudgeVerdictIsTheHeadline(t *testing.T) {
	prob, err := catalog.Lookup("poj3074")
	if err != nil {
		t.Fatal(err)
	}
	cfg := prob.Config()
	tests, err := prob.Tests()
	if err != nil {
		t.Fatal(err)
	}
	answers := map[string]contest.Test{}
	for _, tc := range tests {
		answers[string(tc.Input)] = tc
	}
	headline := cfg.Groups[0].Name
	var extended []string
	for _, g := range cfg.Groups[1:] {
		extended = append(extended, g.Name)
	}
	cases := []struct {
		name       string
		headline   bool // the job's Headline
		outcome    func(group string) (sandbox.Status, bool)
		want       contest.Verdict
		wantGroups map[string]contest.Verdict
	}{
		{
			name: "AC on the headline, TLE on extended groups",
			outcome: func(g string) (sandbox.Status, bool) {
				if g == headline {
					return sandbox.OK, true
				}
				return sandbox.TimeLimit, false
			},
			want: contest.AC,
			wantGroups: map[string]contest.Verdict{headline: contest.AC,
				extended[0]: contest.TLE, extended[1]: contest.TLE, extended[2]: contest.TLE},
		},
		{
			name:       "WA on the headline, AC elsewhere",
			outcome:    func(g string) (sandbox.Status, bool) { return sandbox.OK, g != headline },
			want:       contest.WA,
			wantGroups: map[string]contest.Verdict{headline: contest.WA, extended[0]: contest.AC, extended[1]: contest.AC, extended[2]: contest.AC},
		},
		{
			name:       "headline job: only the headline group",
			headline:   true,
			outcome:    func(g string) (sandbox.Status, bool) { return sandbox.OK, true },
			want:       contest.AC,
			wantGroups: map[string]contest.Verdict{headline: contest.AC},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := &Worker{Name: "w", Runner: scripted{answers: answers, cfg: cfg, outcome: c.outcome},
				Problems: map[string]problems.Task{prob.ID(): prob}}
			job := queue.Job{ID: "s1", Attempt: 1, Problem: prob.ID(), Language: "python", Source: "print()\n", Headline: c.headline}
			var live []judge.TestResult
			res, err := w.Judge(context.Background(), job, func(tr judge.TestResult) { live = append(live, tr) })
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != c.want {
				t.Errorf("verdict %s, want %s", res.Verdict, c.want)
			}
			got := map[string]contest.Verdict{}
			for i, g := range res.Groups {
				got[g.Name] = g.Verdict
				if g.Headline != (i == 0 && g.Name == headline) {
					t.Errorf("group %s: headline %v", g.Name, g.Headline)
				}
			}
			if len(got) != len(c.wantGroups) {
				t.Errorf("groups %v, want %v", got, c.wantGroups)
			}
			for g, v := range c.wantGroups {
				if got[g] != v {
					t.Errorf("group %s: %s, want %s", g, got[g], v)
				}
			}
			if len(live) != len(res.Tests) || len(res.Tests) == 0 {
				t.Fatalf("%d tests sent live, %d in the result", len(live), len(res.Tests))
			}
			for i, tr := range res.Tests {
				if want := cfg.GroupOf(tr.Name); tr.Group != want || live[i].Group != want {
					t.Errorf("test %s: group %q (live %q), want %q", tr.Name, tr.Group, live[i].Group, want)
				}
				if !slices.Contains(append([]string{headline}, extended...), tr.Group) {
					t.Errorf("test %s in no group of the problem", tr.Name)
				}
			}
		})
	}
}
