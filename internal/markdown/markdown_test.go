package markdown

import (
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	tests := []struct {
		name, md string
		want     []string // substrings of the HTML
		refuse   []string // what the HTML must not hold
	}{
		{"title", "# Sudoku (POJ 3074)\n", []string{"<h1>Sudoku (POJ 3074)</h1>"}, nil},
		{"table", "| a | b |\n|---|---|\n| 1 | 2 |\n", []string{"<table>", "<td>1</td>"}, nil},
		{"strikethrough", "~~old~~\n", []string{"<del>old</del>"}, nil},
		{"raw HTML is left out", "text\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n",
			[]string{"<p>text</p>", "raw HTML omitted"}, []string{"<script", "onerror"}},
		{"text is escaped", "a < b & \"c\"\n", []string{"a &lt; b &amp; &quot;c&quot;"}, nil},
		{"dangerous links are not links", "[click](javascript:alert(1)) and <a href=\"javascript:alert(1)\">this</a>\n",
			nil, []string{"javascript:"}},
	}
	for _, tc := range tests {
		html, err := Render([]byte(tc.md))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(string(html), w) {
				t.Errorf("%s: %q lacks %q", tc.name, html, w)
			}
		}
		for _, r := range tc.refuse {
			if strings.Contains(string(html), r) {
				t.Errorf("%s: %q holds %q", tc.name, html, r)
			}
		}
	}
}
