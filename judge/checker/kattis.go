package checker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// Exit statuses of a Kattis output validator.
const (
	kattisAccept = 42
	kattisReject = 43
)

// Kattis runs an output validator with the Kattis problem format's
// interface:
//
//	PATH [ARGS...] input answer feedback_dir/ [FLAGS...] < output
//
// Exit status 42 accepts and 43 rejects (WA), with the first line of
// feedback_dir/judgemessage.txt as the message, else of its stderr; any
// other status, a signal or a limit is the validator's failure (IE). The
// format has no presentation error. The input and answer are files in a
// temporary directory, the feedback directory another one, the only place
// it may write; both are removed afterwards.
//
// A validator is the problem setter's program, trusted more than a
// submission but sandboxed as [External] is: with a Runner it sees only its
// files, Allow and ReadOnly, as an unprivileged user under Limits.
type Kattis struct {
	Path    string        // the validator program
	Args    []string      // arguments before the three (an interpreter's script)
	Flags   []string      // arguments after the three: problem.yaml's validator_flags
	Timeout time.Duration // per check; 0 means DefaultExternalTimeout

	Runner Runner
	Limits sandbox.Limits
	// Allow and ReadOnly are as External's.
	Allow, ReadOnly []string
}

// Check implements [contest.Checker]. The validator is killed when ctx is done.
func (k Kattis) Check(ctx context.Context, input, output, answer []byte) contest.Result {
	res, err := k.check(ctx, input, output, answer)
	if err != nil {
		return contest.Result{Verdict: contest.IE, Message: "output validator: " + err.Error()}
	}
	return res
}

func (k Kattis) check(ctx context.Context, input, output, answer []byte) (contest.Result, error) {
	dir, err := os.MkdirTemp("", "sudoku-judge-validator-")
	if err != nil {
		return contest.Result{}, err
	}
	defer os.RemoveAll(dir)
	feedback, err := os.MkdirTemp("", "sudoku-judge-feedback-")
	if err != nil {
		return contest.Result{}, err
	}
	defer os.RemoveAll(feedback)
	for _, d := range []string{dir, feedback} {
		if err := os.Chmod(d, 0o755); err != nil { // for the sandbox's user
			return contest.Result{}, err
		}
	}
	in, ans := filepath.Join(dir, "input"), filepath.Join(dir, "answer")
	if err := os.WriteFile(in, input, 0o644); err != nil {
		return contest.Result{}, err
	}
	if err := os.WriteFile(ans, answer, 0o644); err != nil {
		return contest.Result{}, err
	}
	args := append(append(append([]string(nil), k.Args...), in, ans, feedback+string(filepath.Separator)), k.Flags...)
	if output == nil {
		output = []byte{} // stdin is the output, even an empty one
	}
	run, err := invocation{path: k.Path, args: args, stdin: output, dir: dir, writable: []string{feedback},
		timeout: k.Timeout, runner: k.Runner, limits: k.Limits, allow: k.Allow, readOnly: k.ReadOnly}.run(ctx)
	if err != nil {
		return contest.Result{}, err
	}
	msg := firstLine(readFeedback(filepath.Join(feedback, "judgemessage.txt")))
	if msg == "" {
		msg = firstLine(string(run.stderr))
	}
	switch run.code {
	case kattisAccept:
		return contest.Result{Verdict: contest.AC}, nil
	case kattisReject:
		if msg == "" {
			msg = "rejected by the output validator"
		}
		return contest.Result{Verdict: contest.WA, Message: msg,
			Diff: contest.LineDiff(answer, output)}, nil
	}
	return contest.Result{}, fmt.Errorf("%s exited with status %d, want 42 (accept) or 43 (reject): %s", filepath.Base(k.Path), run.code, msg)
}

// readFeedback returns the start of a feedback file the validator wrote,
// or "". It opens only a regular file, never through a link: the judge
// reads it with its own rights, and the validator could have left a link
// to a file only the judge may read.
func readFeedback(p string) string {
	f, err := os.OpenFile(p, os.O_RDONLY|noFollow, 0)
	if err != nil {
		return ""
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	b, err := io.ReadAll(io.LimitReader(f, outputCap))
	if err != nil && !errors.Is(err, io.EOF) {
		return ""
	}
	return string(b)
}
