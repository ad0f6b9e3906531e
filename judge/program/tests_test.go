package program

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReadDir(t *testing.T) {
	tests := []struct {
		name      string
		files     map[string]string
		wantNames []string
		wantAns   []string
		wantErr   string
	}{
		{
			name:      "oj and Kattis answers, natural order",
			files:     map[string]string{"10.in": "i10", "10.out": "o10", "2.in": "i2", "2.ans": "a2", "a.in": "ia", "a.ans": "aa", "a.out": "oa", "notes.txt": "x"},
			wantNames: []string{"2", "10", "a"},
			wantAns:   []string{"a2", "o10", "aa"},
		},
		{
			name:      "Kattis groups in folders",
			files:     map[string]string{"sample/1.in": "s", "sample/1.ans": "S", "secret/hard-10.in": "h", "secret/hard-10.ans": "H", "secret/hard-9.in": "g", "secret/hard-9.ans": "G"},
			wantNames: []string{"sample/1", "secret/hard-9", "secret/hard-10"},
			wantAns:   []string{"S", "G", "H"},
		},
		{name: "missing answer", files: map[string]string{"1.in": "x", "2.in": "y", "2.ans": "z"}, wantErr: "1.in has no 1.ans or 1.out"},
		{name: "no tests", files: map[string]string{"README": "x"}, wantErr: "no X.in files"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tt.files)
			got, err := ReadDir(dir)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names, ans []string
			for _, tc := range got {
				names = append(names, tc.Name)
				ans = append(ans, string(tc.Answer))
			}
			if !slices.Equal(names, tt.wantNames) || !slices.Equal(ans, tt.wantAns) {
				t.Errorf("tests %v answers %v, want %v %v", names, ans, tt.wantNames, tt.wantAns)
			}
		})
	}
	if _, err := ReadDir(filepath.Join(t.TempDir(), "nope")); err == nil {
		t.Error("a missing folder read without error")
	}
	file := filepath.Join(t.TempDir(), "1.in")
	os.WriteFile(file, nil, 0o644)
	if _, err := ReadDir(file); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("a file as the folder: %v", err)
	}
}
