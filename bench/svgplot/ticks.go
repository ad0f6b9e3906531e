package svgplot

import (
	"math"
	"strconv"
)

// A Tick is a place on an axis; ticks without a label are short marks
// between labelled ones, which also carry the grid.
type Tick struct {
	Value float64
	Label string
}

// ticks returns the ticks of a, whose range is valid.
func (a *Axis) ticks() []Tick {
	switch {
	case a.Names != nil:
		ts := make([]Tick, len(a.Names))
		for i, n := range a.Names {
			ts[i] = Tick{float64(i), n}
		}
		return ts
	case a.Scale == Log:
		return logTicks(a.Min, a.Max)
	}
	return linearTicks(a.Min, a.Max)
}

// logTicks labels a log axis at 1, 2 and 5 times powers of ten when it
// spans few decades, at powers of ten otherwise, with unlabelled marks at
// the other multiples: an axis fitted to the data always has labels.
func logTicks(lo, hi float64) []Tick {
	steps := []float64{1, 2, 5}
	if math.Log10(hi/lo) > 3 {
		steps = []float64{1}
	}
	var ticks []Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for m := 1.0; m < 10; m++ {
			v := m * math.Pow(10, e)
			if v < lo || v > hi {
				continue
			}
			label := ""
			for _, s := range steps {
				if m == s {
					label = strconv.FormatFloat(v, 'g', -1, 64)
				}
			}
			ticks = append(ticks, Tick{v, label})
		}
	}
	return ticks
}

// linearTicks labels a linear axis every 1, 2 or 5 times a power of ten,
// the smallest such step at least an eighth of the range: three to nine
// labels.
func linearTicks(lo, hi float64) []Tick {
	raw := (hi - lo) / 8
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * mag
	for _, m := range []float64{1, 2, 5} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	decimals := max(0, -int(math.Floor(math.Log10(step))))
	var ticks []Tick
	for i := math.Ceil(lo / step); i*step <= hi+step*1e-9; i++ {
		v := i * step
		if math.Abs(v) < step/2 {
			v = 0 // not -0
		}
		ticks = append(ticks, Tick{v, strconv.FormatFloat(v, 'f', decimals, 64)})
	}
	return ticks
}
