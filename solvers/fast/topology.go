package fast

import "github.com/sudoku-judge/sudoku-judge/solvers"

const (
	numUnit  = 27 // 9 rows, 9 columns, 9 regions
	allUnits = 1<<numUnit - 1
)

// A topology holds the unit masks of one region layout, precomputed so the
// search never looks at the puzzle's regions again.
type topology struct {
	unit      [numUnit]board    // rows 0-8, columns 9-17, regions 18-26
	peers     [numCell]board    // cells sharing a unit, extra units included, with the cell, not the cell itself
	cellUnits [numCell]uint32   // bit u set when the cell is in unit u
	unitsOf   [numCell][3]uint8 // the cell's row, column and region
	standard  bool              // the regions are the standard boxes
	// nearUnits holds the units propagate searches again for a digit
	// that lost a cell: the regions alone on standard grids (see
	// boxAlone), every unit otherwise.
	nearUnits uint32
	// bandKeep holds, for the standard boxes, the cells of a band a digit
	// keeps under locked candidates by the band's non-empty triplets
	// (see bandTriplets).
	bandKeep [512]uint32
	// stackKeep is the same for the columns of a stack (see
	// stackTriplets).
	stackKeep [512]uint16
	// configs holds, for the standard boxes, what the configurations a
	// digit has left in a band say about its triads (see configTable).
	configs [512]uint64
	// spread holds, by a byte, its bits one a byte, for fillGrid.
	spread [256]uint64
	// configsLeft holds the configurations themselves (see
	// configsLeftTable), for guessBand.
	configsLeft [512]uint8
	// bandCells holds the cells of a band's horizontal triads by their
	// nine bits, for the standard boxes.
	bandCells [512]uint32
}

// newTopology builds the masks for a 9x9 grid whose cell i lies in region
// region(i), with extra units such as X-sudoku's diagonals.
//
// Extra units only widen the peers: placing a digit removes it from every
// cell sharing any unit with it, so no solution repeats a digit in an extra
// unit. The deductions (singles, locked candidates) look at rows, columns
// and regions only; they stay sound, as those units are still units, and
// the search finds what they miss.
func newTopology(region func(i int) int, extra []solvers.Unit) *topology {
	t := new(topology)
	t.init(region, extra)
	return t
}

func (t *topology) init(region func(i int) int, extra []solvers.Unit) {
	t.standard = true
	for c := 0; c < numCell; c++ {
		r := region(c)
		if r != c/27*3+c%9/3 {
			t.standard = false
		}
		us := [3]uint8{uint8(c / 9), uint8(9 + c%9), uint8(18 + r)}
		t.unitsOf[c] = us
		for _, u := range us {
			t.unit[u] = t.unit[u].or(cellBoard(c))
			t.cellUnits[c] |= 1 << u
		}
	}
	t.nearUnits = allUnits
	t.spread = spreadTable()
	if t.standard {
		t.nearUnits = allUnits &^ (1<<18 - 1)
		t.bandKeep = bandKeepTable()
		t.stackKeep = stackKeepTable(&t.bandKeep)
		t.configs = configTable()
		t.configsLeft = configsLeftTable()
		t.bandCells = bandCellsTable()
	}
	for c := 0; c < numCell; c++ {
		var p board
		for _, u := range t.unitsOf[c] {
			p = p.or(t.unit[u])
		}
		t.peers[c] = p.andNot(cellBoard(c))
	}
	for _, u := range extra {
		var b board
		for _, c := range u.Cells {
			b = b.or(cellBoard(c))
		}
		for _, c := range u.Cells {
			t.peers[c] = t.peers[c].or(b.andNot(cellBoard(c)))
		}
	}
}

func standardTopology() *topology {
	regions := solvers.StandardRegions(9)
	return newTopology(func(i int) int { return int(regions[i]) }, nil)
}
