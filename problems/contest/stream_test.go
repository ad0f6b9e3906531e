package contest

import (
	"bytes"
	"context"
	"runtime"
	"testing"
)

// TestCheckersStream checks that judging a flood of output costs the judge
// no more than a small multiple of the output: issue 9 found the token
// checker spending 2.3 GB on 63 MiB of one-byte tokens. Here 8 MiB of
// one-byte tokens (and of one-byte lines) must be judged, right or wrong,
// with less than 1 MiB allocated.
func TestCheckersStream(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	const size = 8 << 20
	tokens := bytes.Repeat([]byte("1 "), size/2)
	lines := bytes.Repeat([]byte("1\n"), size/2)
	wrong := bytes.Clone(lines)
	wrong[len(wrong)-2] = '2'
	tests := []struct {
		name           string
		c              Checker
		output, answer []byte
		want           Verdict
	}{
		{"tokens AC", Tokens{}, tokens, lines, AC},
		{"tokens WA at the end", Tokens{}, wrong, lines, WA},
		{"tokens WA on flood", Tokens{}, tokens, []byte("1\n"), WA},
		{"lines AC", Lines{}, lines, lines, AC},
		{"lines WA at the end", Lines{}, wrong, lines, WA},
		{"lines PE", Lines{}, tokens, lines, PE},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			r := Run(context.Background(), tt.c, nil, tt.output, tt.answer)
			runtime.ReadMemStats(&after)
			if r.Verdict != tt.want {
				t.Fatalf("verdict %s %q, want %s", r.Verdict, r.Message, tt.want)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("judging %d bytes of output allocated %d bytes", len(tt.output), alloc)
			}
		})
	}
}
