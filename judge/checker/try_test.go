package checker

import (
	"context"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// TestTry checks that a checker is tried on every test's own answer, not
// only the first (issue 23), and that the error names the first test
// whose answer it rejects, in the order of the tests, whatever the
// parallelism, with how many more.
func TestTry(t *testing.T) {
	var tests []problems.Test
	for _, name := range []string{"1", "2", "3", "4", "5", "6", "7", "8"} {
		tests = append(tests, problems.Test{Name: name, Input: []byte(name), Answer: []byte(name + "\n")})
	}
	tests = append(tests, problems.Test{Name: "no answer", Input: []byte("x")})
	rejecting := func(names ...string) contest.Checker {
		return contest.Func(func(_ context.Context, input, output, answer []byte) contest.Result {
			if string(output) != string(answer) {
				return contest.Result{Verdict: contest.WA, Message: "not the answer"}
			}
			for _, n := range names {
				if string(input) == n {
					return contest.Result{Verdict: contest.WA, Message: "rejects " + n}
				}
			}
			if input[0] == 'x' {
				panic("tried a test without an answer")
			}
			return contest.Result{Verdict: contest.AC}
		})
	}
	cases := []struct {
		name    string
		c       contest.Checker
		wantErr string
	}{
		{"accepts every answer", rejecting(), ""},
		{"rejects the last answer", rejecting("8"), "does not accept test 8's own answer: WA rejects 8"},
		{"rejects several", rejecting("7", "3", "5"), "does not accept test 3's own answer: WA rejects 3 (and 2 more tests' answers)"},
		{"fails", contest.Func(func(context.Context, []byte, []byte, []byte) contest.Result { panic("boom") }),
			"does not accept test 1's own answer: IE checker panicked: boom (and 7 more tests' answers)"},
	}
	for _, c := range cases {
		for _, parallel := range []int{1, 4} {
			err := Try(context.Background(), c.c, tests, parallel)
			switch {
			case c.wantErr == "" && err != nil:
				t.Errorf("%s, -j %d: %v", c.name, parallel, err)
			case c.wantErr != "" && (err == nil || err.Error() != c.wantErr):
				t.Errorf("%s, -j %d: error %v, want %q", c.name, parallel, err, c.wantErr)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Try(ctx, rejecting(), tests, 2); err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Errorf("Try with a done context: %v, want it to say so", err)
	}
}
