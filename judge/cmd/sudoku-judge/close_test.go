package main

import (
	"errors"
	"strings"
	"testing"
)

type closer struct{ err error }

func (c closer) Close() error { return c.err }

// TestCloseInto checks that a failed Close is reported beside the
// command's own error, and that a clean Close changes nothing.
func TestCloseInto(t *testing.T) {
	leak := errors.New("cgroup still has processes")
	run := errors.New("run failed")
	for _, tc := range []struct {
		name     string
		err      error // the command's own
		close    error
		want     []error
		wantNone bool
	}{
		{"clean", nil, nil, nil, true},
		{"only close fails", nil, leak, []error{leak}, false},
		{"both fail", run, leak, []error{run, leak}, false},
		{"only the run fails", run, nil, []error{run}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.err
			closeInto(&err, "sandbox", closer{tc.close})
			if tc.wantNone {
				if err != nil {
					t.Fatalf("err = %v, want nil", err)
				}
				return
			}
			for _, w := range tc.want {
				if !errors.Is(err, w) {
					t.Errorf("err = %v, want it to wrap %v", err, w)
				}
			}
			if tc.close != nil && !strings.Contains(err.Error(), "sandbox: "+tc.close.Error()) {
				t.Errorf("err = %v does not name the sandbox's close", err)
			}
		})
	}
}
