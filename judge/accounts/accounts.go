package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

var namePattern = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]{0,31}$`)

// CheckName returns an error if name cannot be an account's name: 1 to 32
// letters, digits, '_', '.' and '-', not starting with '.' or '-' (a CLICS
// identifier, so a name is also a scoreboard's team_id).
func CheckName(name string) error {
	if !namePattern.MatchString(name) {
		return fmt.Errorf("name %q: use 1 to 32 letters, digits, _ . and -, not starting with . or -", name)
	}
	return nil
}

// Password lengths, in characters and bytes.
const (
	MinPassword = 8
	MaxPassword = 256
)

// CheckPassword returns an error if pw is too short or too long to be a
// password.
func CheckPassword(pw string) error {
	switch {
	case utf8.RuneCountInString(pw) < MinPassword:
		return fmt.Errorf("password: at least %d characters", MinPassword)
	case len(pw) > MaxPassword:
		return fmt.Errorf("password: at most %d bytes", MaxPassword)
	}
	return nil
}

// The argon2id parameters of new hashes: OWASP's first recommendation
// (19 MiB, 2 passes, 1 lane). Verify reads a hash's own parameters, so
// these may change without invalidating stored hashes.
const (
	argonMemoryKiB = 19 * 1024
	argonTime      = 2
	argonThreads   = 1
	argonKeyLen    = 32
	argonSaltLen   = 16
)

// A Hasher hashes and verifies passwords, at most a few at a time.
type Hasher struct {
	slots chan struct{}
	dummy string // a hash no password matches, verified for unknown users
}

// NewHasher returns a Hasher running at most parallel hashes at once.
func NewHasher(parallel int) *Hasher {
	h := &Hasher{slots: make(chan struct{}, max(parallel, 1))}
	h.dummy = h.hash([]byte(NewToken()))
	return h
}

func (h *Hasher) acquire(ctx context.Context) error {
	select {
	case h.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *Hasher) release() { <-h.slots }

// Hash returns the PHC string of an argon2id hash of password with a
// fresh salt: $argon2id$v=19$m=19456,t=2,p=1$SALT$KEY.
func (h *Hasher) Hash(ctx context.Context, password string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	return h.hash([]byte(password)), nil
}

func (h *Hasher) hash(password []byte) string {
	salt := make([]byte, argonSaltLen)
	rand.Read(salt)
	key := argon2.IDKey(password, salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemoryKiB, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

// Verify reports whether password matches the hash encoded. An empty
// encoded (an unknown user) takes as long as a real hash and never
// matches, so the time of an answer does not say whether a name exists.
func (h *Hasher) Verify(ctx context.Context, encoded, password string) (bool, error) {
	known := encoded != ""
	if !known {
		encoded = h.dummy
	}
	p, err := parseHash(encoded)
	if err != nil {
		return false, err
	}
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	key := argon2.IDKey([]byte(password), p.salt, p.time, p.memory, p.threads, uint32(len(p.key)))
	return subtle.ConstantTimeCompare(key, p.key) == 1 && known, nil
}

type argonHash struct {
	memory, time uint32
	threads      uint8
	salt, key    []byte
}

// parseHash reads a PHC argon2id string, bounding its parameters so that
// a damaged hash cannot make Verify allocate gigabytes.
func parseHash(s string) (*argonHash, error) {
	bad := func(why string) error { return fmt.Errorf("accounts: password hash: %s", why) }
	parts := strings.Split(s, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return nil, bad("not an argon2id PHC string")
	}
	if parts[2] != "v="+strconv.Itoa(argon2.Version) {
		return nil, bad("version " + parts[2])
	}
	var p argonHash
	var threads uint32
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memory, &p.time, &threads); err != nil {
		return nil, bad("parameters " + parts[3])
	}
	if p.memory < 8 || p.memory > 1<<20 || p.time < 1 || p.time > 16 || threads < 1 || threads > 16 {
		return nil, bad("parameters out of range: " + parts[3])
	}
	p.threads = uint8(threads)
	var err error
	b64 := base64.RawStdEncoding
	if p.salt, err = b64.DecodeString(parts[4]); err != nil || len(p.salt) < 8 {
		return nil, bad("salt")
	}
	if p.key, err = b64.DecodeString(parts[5]); err != nil || len(p.key) < 16 || len(p.key) > 64 {
		return nil, bad("key")
	}
	return &p, nil
}

// NewToken returns a new session token: 256 random bits, hex.
func NewToken() string {
	var b [32]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// TokenHash returns what is stored of a token: its SHA-256, hex. A token
// is 256 random bits, so a fast hash is enough: there is nothing to guess.
func TokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// ErrBadToken is returned for a token that is not one NewToken makes.
var ErrBadToken = errors.New("accounts: malformed token")

// CheckToken returns ErrBadToken unless token has NewToken's form, so that
// junk is refused before it reaches the store.
func CheckToken(token string) error {
	if len(token) != 64 {
		return ErrBadToken
	}
	if _, err := hex.DecodeString(token); err != nil {
		return ErrBadToken
	}
	return nil
}
