package accounts

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"ann", true}, {"Ann_2", true}, {"a.b-c", true}, {"_x", true}, {strings.Repeat("a", 32), true},
		{"", false}, {"-ann", false}, {".ann", false}, {"ann smith", false}, {"ann/1", false},
		{"<b>", false}, {"élève", false}, {strings.Repeat("a", 33), false},
	} {
		if err := CheckName(tc.name); (err == nil) != tc.ok {
			t.Errorf("CheckName(%q) = %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
	for _, tc := range []struct {
		pw string
		ok bool
	}{
		{"12345678", true}, {"ééééééé", false}, {"éééééééé", true}, {"1234567", false}, {strings.Repeat("x", 257), false},
	} {
		if err := CheckPassword(tc.pw); (err == nil) != tc.ok {
			t.Errorf("CheckPassword(%q) = %v, want ok=%v", tc.pw, err, tc.ok)
		}
	}
}

func TestHashAndVerify(t *testing.T) {
	ctx := context.Background()
	h := NewHasher(2)
	enc, err := h.Hash(ctx, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q is not argon2id with the documented parameters", enc)
	}
	again, _ := h.Hash(ctx, "correct horse")
	if again == enc {
		t.Error("two hashes of one password are equal: no salt")
	}
	cases := []struct {
		name, encoded, pw string
		want              bool
		err               string
	}{
		{"right password", enc, "correct horse", true, ""},
		{"the other salt", again, "correct horse", true, ""},
		{"wrong password", enc, "correct horse ", false, ""},
		{"unknown user", "", "correct horse", false, ""},
		{"not a hash", "plain", "x", false, "not an argon2id"},
		{"bcrypt", "$2a$10$abcdefghijklmnopqrstuu", "x", false, "not an argon2id"},
		{"huge memory", "$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5", "x", false, "out of range"},
		{"bad salt", "$argon2id$v=19$m=19456,t=2,p=1$!!$a2V5a2V5a2V5a2V5a2V5a2V5", "x", false, "salt"},
		{"old version", "$argon2id$v=16$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5", "x", false, "version"},
	}
	for _, tc := range cases {
		ok, err := h.Verify(ctx, tc.encoded, tc.pw)
		if ok != tc.want || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: Verify = %v, %v; want %v and an error saying %q", tc.name, ok, err, tc.want, tc.err)
		}
	}
}

// TestHasherBounds checks that a Hasher runs at most its parallel hashes
// and that a waiting caller can give up.
func TestHasherBounds(t *testing.T) {
	h := NewHasher(1)
	h.slots <- struct{}{} // one hash in progress
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := h.Hash(ctx, "password1"); err == nil {
		t.Error("a second hash ran beside the first")
	}
	if _, err := h.Verify(ctx, "", "password1"); err == nil {
		t.Error("a verify ran beside a hash")
	}
	h.release()
	if _, err := h.Hash(context.Background(), "password1"); err != nil {
		t.Errorf("after the first hash: %v", err)
	}
}

func TestTokens(t *testing.T) {
	a, b := NewToken(), NewToken()
	if a == b || CheckToken(a) != nil || CheckToken(b) != nil {
		t.Errorf("tokens %q and %q", a, b)
	}
	if TokenHash(a) == a || len(TokenHash(a)) != 64 || TokenHash(a) != TokenHash(a) {
		t.Errorf("TokenHash(%q) = %q", a, TokenHash(a))
	}
	for _, bad := range []string{"", "x", strings.Repeat("g", 64), a + "0"} {
		if CheckToken(bad) == nil {
			t.Errorf("CheckToken(%q) accepted it", bad)
		}
	}
}

func TestParseClassList(t *testing.T) {
	cases := []struct {
		name, csv string
		want      string // name:password per entry, "?" for a generated one; or the error
	}{
		{"plain", "ann,secret-ann\nbob,secret-bob\n", "ann:secret-ann bob:secret-bob"},
		{"header, spaces, comments, CRLF", "name,password\r\n# the front row\r\n ann, secret-ann\r\n", "ann:secret-ann"},
		{"quoted comma", `ann,"pass,word"` + "\n", "ann:pass,word"},
		{"generated", "ann,\nbob,secret-bob\n", "ann:? bob:secret-bob"},
		{"one field", "ann,secret-ann\nbob\n", "line 2: 1 fields, want 2"},
		{"three fields", "ann,secret-ann,x\n", "line 1: 3 fields, want 2"},
		{"bad name", "ann,secret-ann\n\nbob smith,secret-bob\n", `line 3, column 1: name "bob smith"`},
		{"short password", "ann,  short\n", "line 1, column 7: password: at least 8"},
		{"twice", "ann,secret-ann\nbob,secret-bob\nann,secret-an2\n", `line 3, column 1: name "ann" already on line 1`},
		{"bare quote", "ann,se\"cret\n", "line 1, column 7"},
		{"empty", "name,password\n", "no users"},
	}
	for _, tc := range cases {
		es, err := ParseClassList(strings.NewReader(tc.csv))
		var got []string
		for _, e := range es {
			pw := e.Password
			if e.Generated {
				if len(pw) != 12 || strings.ContainsAny(pw, "lo01i") {
					t.Errorf("%s: generated password %q", tc.name, pw)
				}
				pw = "?"
			}
			got = append(got, e.Name+":"+pw)
		}
		g := strings.Join(got, " ")
		if err != nil {
			g = err.Error()
		}
		if !strings.Contains(g, tc.want) || err == nil && g != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, g, tc.want)
		}
	}
}

func FuzzParseClassList(f *testing.F) {
	f.Add("name,password\nann,secret-ann\nbob,\n")
	f.Add("\"a\nb\",x")
	f.Fuzz(func(t *testing.T, s string) {
		es, err := ParseClassList(strings.NewReader(s))
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, e := range es {
			if CheckName(e.Name) != nil || CheckPassword(e.Password) != nil || seen[e.Name] {
				t.Fatalf("accepted a bad entry %+v from %q", e, s)
			}
			seen[e.Name] = true
		}
	})
}

// FuzzParseHash feeds arbitrary text to the PHC parser: it never panics,
// and what it accepts is within the bounds that keep Verify's memory small.
func FuzzParseHash(f *testing.F) {
	f.Add("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5")
	f.Add("$argon2id$v=19$m=4194304,t=2,p=1$c2FsdA$a2V5")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parseHash(s)
		if err != nil {
			return
		}
		if p.memory > 1<<20 || p.time > 16 || p.threads < 1 || p.threads > 16 || len(p.salt) < 8 || len(p.key) < 16 || len(p.key) > 64 {
			t.Fatalf("accepted %q: %+v", s, p)
		}
	})
}
