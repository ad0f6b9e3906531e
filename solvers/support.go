package solvers

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Features are what a puzzle uses beyond a standard grid, as a bit set.
type Features uint8

const (
	// Jigsaw: regions other than the standard boxes.
	Jigsaw Features = 1 << iota
	// ExtraUnits: units beyond rows, columns and regions, such as the
	// diagonals of X-sudoku or the windows of windoku.
	ExtraUnits
)

func (f Features) String() string {
	var names []string
	if f&Jigsaw != 0 {
		names = append(names, "jigsaw")
	}
	if f&ExtraUnits != 0 {
		names = append(names, "extra units")
	}
	if f&^(Jigsaw|ExtraUnits) != 0 {
		names = append(names, fmt.Sprintf("features(%#x)", uint8(f&^(Jigsaw|ExtraUnits))))
	}
	if len(names) == 0 {
		return "standard"
	}
	return strings.Join(names, ", ")
}

// Support declares which puzzles a strategy handles: every puzzle whose side
// is in Sizes and whose features are all in Features. Anything else is N/A:
// [Prepare] refuses it with [ErrUnsupported] before the strategy searches.
type Support struct {
	Sizes    []int // grid sides; nil means every side a Puzzle may have
	Features Features
	// FindsClashes says the strategy finds clashing givens itself, as it
	// places them before its first node, and then answers as Prepare
	// would have: no solutions, no nodes. Prepare does not look for them.
	FindsClashes bool
}

// Handles reports whether a strategy with support s can search p.
func (s Support) Handles(p *Puzzle) bool {
	if p == nil || p.size == 0 {
		return false
	}
	if s.Sizes != nil && !slices.Contains(s.Sizes, p.size) {
		return false
	}
	return p.Features()&^s.Features == 0
}

// A Supporter is a strategy that declares what it supports. Every strategy
// in this module is one; [SupportOf] reads the declaration.
type Supporter interface {
	Support() Support
}

// SupportOf returns what s declares it supports, or only standard grids of
// every size when s does not declare it.
func SupportOf(s Strategy) Support {
	if d, ok := s.(Supporter); ok {
		return d.Support()
	}
	return Support{}
}

// ErrMisuse is wrapped by the error Search returns when it is called
// wrongly: a nil puzzle, a negative limit, an objective with the wrong
// weights. It is a bug in the caller, never N/A.
var ErrMisuse = errors.New("search misused")

// Prepare applies the rules every [Strategy.Search] shares, in this order,
// before it searches; name prefixes its errors:
//   - a nil puzzle: an error wrapping [ErrMisuse];
//   - the zero Puzzle, which no constructor returns: an error wrapping
//     [ErrUnsupported];
//   - a negative Limit, or an Objective whose weights are not one
//     non-negative weight per cell: an error wrapping [ErrMisuse];
//   - a puzzle sup does not handle: an error wrapping [ErrUnsupported];
//   - a context already done: an error wrapping ctx.Err();
//   - givens that clash: no solutions, so search is false and err nil,
//     unless sup says the strategy finds clashes itself.
//
// Otherwise search is true and the strategy searches.
func Prepare(ctx context.Context, name string, sup Support, p *Puzzle, opts Options) (search bool, err error) {
	if p == nil {
		return false, fmt.Errorf("%s: %w: nil puzzle", name, ErrMisuse)
	}
	if p.size == 0 {
		return false, fmt.Errorf("%s: %w: no grid", name, ErrUnsupported)
	}
	if opts.Limit < 0 {
		return false, fmt.Errorf("%s: %w: negative limit %d", name, ErrMisuse, opts.Limit)
	}
	if o := opts.Objective; o != nil {
		if len(o.Weights) != len(p.cells) {
			return false, fmt.Errorf("%s: %w: %d objective weights for %d cells", name, ErrMisuse, len(o.Weights), len(p.cells))
		}
		for i, w := range o.Weights {
			if w < 0 {
				return false, fmt.Errorf("%s: %w: negative weight %d for cell %s", name, ErrMisuse, w, CellName(p.size, i))
			}
		}
	}
	if !sup.Handles(p) {
		if sup.Sizes != nil && !slices.Contains(sup.Sizes, p.size) {
			return false, fmt.Errorf("%s: %dx%d grid: %w", name, p.size, p.size, ErrUnsupported)
		}
		return false, fmt.Errorf("%s: %s: %w", name, p.Features()&^sup.Features, ErrUnsupported)
	}
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("%s: search not started: %w", name, err)
	}
	return sup.FindsClashes || p.Clash() == nil, nil
}
