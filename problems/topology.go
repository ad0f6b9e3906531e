package problems

// A Topology declares in problem.yaml (harness.sudoku) a sudoku variant
// whose problem is only data, which package variant judges, solves and
// generates: the grid, its units, and the characters of its input and
// output. Its format is X-sudoku's: each puzzle one line of Size×Size
// characters, each answer one line, the solution or Answers' words.
//
//	harness:
//	  checker: lines
//	  sudoku:
//	    size: 9
//	    units: [windows]
type Topology struct {
	// Size is the grid's side: 4, 9, 16 or 25 (9 when left out).
	Size int `yaml:"size"`
	// Regions maps the grid's regions, Size lines of Size characters, one
	// character for each region (a jigsaw); left out, the regions are the
	// square boxes.
	Regions []string `yaml:"regions"`
	// Units are the extra units, each a set of cells that holds every
	// digit once: "diagonals" (X-sudoku), "windows" (windoku).
	Units []string `yaml:"units"`
	// Symbols are the digits' characters, in order: "123456789" for a 9x9
	// grid when left out (1-9, then A, B, ... for larger ones).
	Symbols string `yaml:"symbols"`
	// Empty is the character of an empty cell: "." when left out.
	Empty string `yaml:"empty"`
	// Answers are the words of the answers that are not a solution.
	Answers struct {
		None     string `yaml:"none"`     // "No solution" when left out
		Multiple string `yaml:"multiple"` // "Multiple Solutions" when left out
	} `yaml:"answers"`
}
