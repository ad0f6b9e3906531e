package contest

import (
	"context"
	"fmt"
	"strings"
)

// A Checker judges one output against the test's input and expected answer.
// Checkers read output in place and must not keep it: judging costs at most
// a small multiple of the output's size. A long-running checker (such as a
// separate process) stops when ctx is done.
type Checker interface {
	Check(ctx context.Context, input, output, answer []byte) Result
}

// Result is a checker's judgement.
type Result struct {
	Verdict Verdict
	Message string // one line: what is wrong, or empty when accepted
	Diff    string // for WA/PE: expected versus got around the first difference
}

// Func adapts a function to the Checker interface.
type Func func(ctx context.Context, input, output, answer []byte) Result

// Check calls f.
func (f Func) Check(ctx context.Context, input, output, answer []byte) Result {
	return f(ctx, input, output, answer)
}

// Run is the one way every judge calls a checker. A nil checker, a panic, a
// missing verdict or a context done before the checker finished is IE with a
// message saying which; the message is made one safe line ([Message]) and
// the diff safe line by line and at most [MaxDiff] bytes.
func Run(ctx context.Context, c Checker, input, output, answer []byte) (res Result) {
	if c == nil {
		return Result{Verdict: IE, Message: "the problem has no checker"}
	}
	if err := ctx.Err(); err != nil {
		return Result{Verdict: IE, Message: Message("not checked: " + err.Error())}
	}
	defer func() {
		if r := recover(); r != nil {
			res = Result{Verdict: IE, Message: Message(fmt.Sprintf("checker panicked: %v", r))}
		}
	}()
	res = c.Check(ctx, input, output, answer)
	switch {
	case ctx.Err() != nil:
		return Result{Verdict: IE, Message: Message("checking interrupted: " + ctx.Err().Error())}
	case res.Verdict == "":
		return Result{Verdict: IE, Message: "checker returned no verdict"}
	}
	res.Message = Message(res.Message)
	res.Diff = safeDiff(res.Diff)
	return res
}

// safeDiff makes d safe ([SafeLines]) and cuts it to MaxDiff bytes.
func safeDiff(d string) string {
	if d == "" {
		return ""
	}
	lines := strings.Split(strings.TrimSuffix(SafeLines(d), "\n"), "\n")
	var b strings.Builder
	for i, l := range lines {
		if b.Len()+len(l)+1 > MaxDiff {
			writeCut(&b, len(lines)-i, 0)
			break
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}
