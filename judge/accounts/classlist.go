package accounts

import (
	"crypto/rand"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
)

// An Entry is one line of a class list: a user to create.
type Entry struct {
	Name     string
	Password string
	// Generated says the list left the password empty and NewPassword
	// chose it: the teacher must hand it out.
	Generated bool
	Line      int // the entry's line in the list
}

// MaxClassList bounds the entries of one class list.
const MaxClassList = 2000

// ParseClassList reads a class list: CSV lines of name,password (a
// header line "name,password" is skipped), an empty password asking for
// a generated one. Errors name the line and column at fault; a name
// given twice is an error.
func ParseClassList(r io.Reader) ([]Entry, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.Comment = '#'
	var out []Entry
	seen := map[string]int{}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("line %d, column %d: %w", pe.Line, pe.Column, pe.Err)
			}
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if len(rec) == 2 && len(out) == 0 && strings.EqualFold(rec[0], "name") && strings.EqualFold(rec[1], "password") {
			continue
		}
		if len(rec) != 2 {
			return nil, fmt.Errorf("line %d: %d fields, want 2: name,password", line, len(rec))
		}
		e := Entry{Name: strings.TrimSpace(rec[0]), Password: rec[1], Line: line}
		if err := CheckName(e.Name); err != nil {
			return nil, fmt.Errorf("line %d, column 1: %w", line, err)
		}
		if first, ok := seen[e.Name]; ok {
			return nil, fmt.Errorf("line %d, column 1: name %q already on line %d", line, e.Name, first)
		}
		seen[e.Name] = line
		if e.Password == "" {
			e.Password, e.Generated = NewPassword(), true
		}
		if err := CheckPassword(e.Password); err != nil {
			_, col := cr.FieldPos(1)
			return nil, fmt.Errorf("line %d, column %d: %w", line, col, err)
		}
		if out = append(out, e); len(out) > MaxClassList {
			return nil, fmt.Errorf("line %d: over %d users in one list", line, MaxClassList)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no users in the list")
	}
	return out, nil
}

// passwordAlphabet leaves out letters and digits that read alike (l, 1,
// o, 0, i), since generated passwords are read off paper.
const passwordAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// NewPassword returns a random password of 12 characters (59 bits).
func NewPassword() string {
	b := make([]byte, 12)
	n := big.NewInt(int64(len(passwordAlphabet)))
	for i := range b {
		k, err := rand.Int(rand.Reader, n)
		if err != nil {
			panic(err) // crypto/rand never fails on supported systems
		}
		b[i] = passwordAlphabet[k.Int64()]
	}
	return string(b)
}
