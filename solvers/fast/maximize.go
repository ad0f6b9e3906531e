package fast

import "math/bits"

// A branch is a child of a node of maximize: a propagated state and the
// bound on the scores below it.
type branch struct {
	st    state
	bound int
}

// maximize explores s and everything below it for solutions that may
// score more than the best one visited so far. s is propagated and its
// bound exceeds that score. Children are propagated and bounded before
// any is explored, and the most promising is explored first: good
// solutions found early prune more of the rest.
func (sv *solver) maximize(s state) {
	st := &s
	if !sv.enter() {
		return
	}
	if st.todo.isZero() {
		sv.visit(st)
		return
	}
	c, digits := sv.choose(st)
	if bits.OnesCount16(digits) > 1 {
		sv.stats.Guesses++
	}
	var kids [9]branch
	n := 0
	for ; digits != 0; digits &= digits - 1 {
		k := &kids[n]
		k.st = *st
		sv.place(&k.st, bits.TrailingZeros16(digits), c)
		if !sv.settle(&k.st) {
			continue
		}
		k.bound = sv.obj.bound(&k.st, sv.best)
		if k.bound > sv.best {
			n++
		}
	}
	// Most promising first: an insertion sort of at most nine.
	var order [9]uint8
	for i := 0; i < n; i++ {
		j := i
		for ; j > 0 && kids[order[j-1]].bound < kids[i].bound; j-- {
			order[j] = order[j-1]
		}
		order[j] = uint8(i)
	}
	for _, i := range order[:n] {
		if sv.stop {
			return
		}
		if kids[i].bound > sv.best {
			sv.maximize(kids[i].st)
		}
	}
}
