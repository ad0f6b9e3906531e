//go:build unix

package piddir

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

func TestRemoveDead(t *testing.T) {
	tmp := t.TempDir()
	const prefix = "test-build-"

	// A pid that is certainly dead: a child that has exited and been reaped.
	exited := exec.Command(testenv.NeedCommand(t, "true"))
	if err := exited.Run(); err != nil {
		t.Fatal(err)
	}
	deadPid := exited.Process.Pid
	// A live process other than this one.
	live := exec.Command(testenv.NeedCommand(t, "sleep"), "30")
	if err := live.Start(); err != nil {
		t.Fatal(err)
	}
	defer live.Process.Kill()

	own, err := Make(tmp, prefix)
	if err != nil {
		t.Fatal(err)
	}
	mk := func(name string) string {
		p := filepath.Join(tmp, name)
		if err := os.MkdirAll(filepath.Join(p, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		path string
		kept bool
	}{
		{own, true},
		{mk(prefix + strconv.Itoa(deadPid) + "-123"), false},
		{mk(prefix + strconv.Itoa(live.Process.Pid) + "-456"), true},
		{mk(prefix + "notapid-789"), true},
		{mk(prefix + strconv.Itoa(deadPid)), true}, // not Make's shape
		{mk("other-" + strconv.Itoa(deadPid) + "-1"), true},
	}
	RemoveDead(tmp, prefix)
	for _, tc := range tests {
		_, err := os.Stat(tc.path)
		if kept := err == nil; kept != tc.kept {
			t.Errorf("%s: kept = %v, want %v", filepath.Base(tc.path), kept, tc.kept)
		}
	}
}
