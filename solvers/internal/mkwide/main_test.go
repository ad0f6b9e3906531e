package main

import (
	"reflect"
	"testing"
)

func TestParseSkip(t *testing.T) {
	tests := []struct {
		in      string
		want    map[int]bool
		wantErr bool
	}{
		{"", map[int]bool{}, false},
		{"3", map[int]bool{3: true}, false},
		{"1,3, 6", map[int]bool{1: true, 3: true, 6: true}, false},
		{"0", nil, true},
		{"1,,2", nil, true},
		{"x", nil, true},
		{"-2", nil, true},
	}
	for _, tt := range tests {
		got, err := parseSkip(tt.in)
		if (err != nil) != tt.wantErr {
			t.Errorf("parseSkip(%q): error %v, want error %v", tt.in, err, tt.wantErr)
			continue
		}
		if !tt.wantErr && !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseSkip(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
