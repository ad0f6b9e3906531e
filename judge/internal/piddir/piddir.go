package piddir

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Make creates a new directory in tmp ("" means os.TempDir()) whose name
// is prefix, this process's pid, a dash and a random suffix.
func Make(tmp, prefix string) (string, error) {
	return os.MkdirTemp(tmp, prefix+strconv.Itoa(os.Getpid())+"-")
}

// RemoveDead removes the directories in tmp ("" means os.TempDir()) that
// Make created with prefix for processes that are no longer running. It
// never removes this process's own, nor one whose owner it cannot prove
// dead (on systems where it cannot tell, it removes nothing). Errors are
// ignored: this is tidying, and a directory it cannot remove is no worse
// off than before.
func RemoveDead(tmp, prefix string) {
	if tmp == "" {
		tmp = os.TempDir()
	}
	ents, err := os.ReadDir(tmp)
	if err != nil {
		return
	}
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.IsDir() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		if !ok {
			continue
		}
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid <= 0 || pid == os.Getpid() || !dead(pid) {
			continue
		}
		os.RemoveAll(filepath.Join(tmp, e.Name()))
	}
}
