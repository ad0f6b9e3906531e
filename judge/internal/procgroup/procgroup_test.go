//go:build unix

package procgroup

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestCancelKillsGroup starts a shell whose child holds stdout open: only
// killing the whole group lets Run return before the child's sleep ends.
func TestCancelKillsGroup(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", "sleep 30 & echo started; wait")
	var out strings.Builder
	cmd.Stdout = &out
	Set(cmd)
	start := time.Now()
	err := cmd.Run()
	if err == nil {
		t.Fatal("cancelled command succeeded")
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("Run returned after %v: the child outlived the cancel", d)
	}
	if !strings.Contains(out.String(), "started") {
		t.Errorf("output %q", out.String())
	}
}
