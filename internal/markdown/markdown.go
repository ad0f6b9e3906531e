package markdown

import (
	"bytes"
	"fmt"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// Render returns md as HTML.
func Render(md []byte) ([]byte, error) {
	var b bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Convert(md, &b); err != nil {
		return nil, fmt.Errorf("markdown: %w", err)
	}
	return b.Bytes(), nil
}
