package worker

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"sort"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/problems"
)

// DataHash returns a content hash of every problem's id, limits, checker
// choice (a checker program's files too) and tests: two machines judge
// alike only if their hashes agree.
func DataHash(probs []problems.Task) (string, error) {
	h := sha256.New()
	for _, p := range probs {
		cfg := p.Config()
		field(h, []byte(p.ID()))
		field(h, fmt.Appendf(nil, "%v|%d|%d|%s|%s", cfg.Limits.TimeLimit, cfg.Limits.Memory, cfg.Limits.Output, cfg.Validation, cfg.Harness.Checker))
		if cp, ok := p.(problems.CheckerProgram); ok {
			if f, ok := cp.CheckerFile(); ok {
				field(h, []byte(f.Path))
				field(h, f.Source)
				names := make([]string, 0, len(f.Files))
				for n := range f.Files {
					names = append(names, n)
				}
				sort.Strings(names)
				for _, n := range names {
					field(h, []byte(n))
					field(h, f.Files[n])
				}
				field(h, []byte(strings.Join(f.Flags, " ")))
			}
		}
		tests, err := p.Tests()
		if err != nil {
			return "", fmt.Errorf("problem %s: %w", p.ID(), err)
		}
		for _, t := range tests {
			field(h, []byte(t.Name))
			field(h, t.Input)
			field(h, t.Answer)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// field writes b length-prefixed, so that no two lists hash alike.
func field(h hash.Hash, b []byte) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}
