package contest

import (
	"bytes"
	"context"
	"fmt"
)

// Tokens accepts output whose white-space separated tokens equal the
// answer's, whatever the layout. It reads the output in place: no copy of
// it and no per-token allocation, whatever its size.
type Tokens struct{}

// Check implements Checker.
func (Tokens) Check(_ context.Context, _, output, answer []byte) Result {
	got, want := tokenReader{rest: output}, tokenReader{rest: answer}
	for i := 0; ; i++ {
		g, gok := got.next()
		w, wok := want.next()
		if !gok && !wok {
			return Result{Verdict: AC}
		}
		if gok && wok && bytes.Equal(g, w) {
			continue
		}
		q := func(b []byte, ok bool) string {
			if !ok {
				return "end of output"
			}
			return Quote(b, 40)
		}
		msg := fmt.Sprintf("token %d: expected %s, got %s", i+1, q(w, wok), q(g, gok))
		return Result{Verdict: WA, Message: msg, Diff: LineDiff(answer, output)}
	}
}

// tokenReader yields the white-space separated tokens of a text in place.
type tokenReader struct{ rest []byte }

func (r *tokenReader) next() ([]byte, bool) {
	r.rest = skipSpace(r.rest)
	if len(r.rest) == 0 {
		return nil, false
	}
	n := 0
	for n < len(r.rest) && !isSpace(r.rest[n]) {
		n++
	}
	tok := r.rest[:n]
	r.rest = r.rest[n:]
	return tok, true
}
