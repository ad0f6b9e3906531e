package exactcover

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkQueens counts every placement of n queens: a search dominated by
// covering and uncovering, with secondary columns.
func BenchmarkQueens(b *testing.B) {
	want := map[int]int{8: 92, 10: 724}
	for _, n := range []int{8, 10} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			m := queens(b, n)
			b.ReportAllocs()
			for b.Loop() {
				st, err := m.Search(context.Background(), nil)
				if err != nil || st.Solutions != want[n] {
					b.Fatalf("%d solutions, error %v; want %d", st.Solutions, err, want[n])
				}
			}
		})
	}
}
