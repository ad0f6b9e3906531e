package textable

import (
	"bytes"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	tests := []struct {
		name   string
		header []string
		right  []bool
		rows   [][]string
		want   []string // lines, in order
	}{
		{"aligned", []string{"name", "n"}, []bool{false, true}, [][]string{{"dlx", "7"}, {"naive", "1234"}},
			[]string{"+-------+------+", "| name  |    n |", "+-------+------+", "| dlx   |    7 |", "| naive | 1234 |", "+-------+------+"}},
		{"header only", []string{"a"}, nil, nil, []string{"+---+", "| a |", "+---+"}},
		{"lower-case header kept", []string{"µs/puzzle"}, []bool{true}, [][]string{{"1.00"}},
			[]string{"+-----------+", "| µs/puzzle |", "+-----------+", "|      1.00 |", "+-----------+"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Render(&b, tt.header, tt.right, tt.rows); err != nil {
				t.Fatal(err)
			}
			got := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
