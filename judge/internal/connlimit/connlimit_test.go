package connlimit

import (
	"errors"
	"io"
	"net"
	"syscall"
	"testing"
	"time"
)

func TestClient(t *testing.T) {
	cases := []struct {
		a, b string
		same bool
	}{
		{"192.0.2.1:80", "192.0.2.1:81", true},
		{"192.0.2.1:80", "192.0.2.2:80", false},
		{"[::ffff:192.0.2.1]:80", "192.0.2.1:80", true},
		{"[2001:db8::1]:80", "[2001:db8::ffff:2]:80", true}, // one /64: one host
		{"[2001:db8::1]:80", "[2001:db8:0:1::1]:80", false},
	}
	for _, c := range cases {
		a, okA := client(addr(c.a))
		b, okB := client(addr(c.b))
		if !okA || !okB {
			t.Fatalf("%s or %s not understood", c.a, c.b)
		}
		if (a == b) != c.same {
			t.Errorf("%s and %s: same client %v, want %v", c.a, c.b, a == b, c.same)
		}
	}
	if _, ok := client(&net.UnixAddr{Name: "/run/x.sock", Net: "unix"}); ok {
		t.Error("a Unix socket's address taken for an IP client")
	}
}

type addr string

func (a addr) Network() string { return "tcp" }
func (a addr) String() string  { return string(a) }

// TestCapPerClient opens connections from two loopback addresses to a
// listener capped at 3 per client: each client gets 3, the rest are
// closed at once, and a closed connection makes room for another.
func TestCapPerClient(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := New(inner, 3)
	defer l.Close()
	served := make(chan net.Conn, 100)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			served <- c
		}
	}()
	// dial returns a connection from the address from, or nil if the
	// server reset it before the dial returned.
	dial := func(from string) net.Conn {
		t.Helper()
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", inner.Addr().String())
		if errors.Is(err, syscall.ECONNRESET) {
			return nil
		}
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// closed reports whether the server closed c, without waiting long
	// for one it keeps.
	closed := func(c net.Conn) bool {
		if c == nil {
			return true
		}
		c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
		_, err := c.Read(make([]byte, 1))
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			return false
		}
		return err == io.EOF || err != nil
	}
	var a []net.Conn
	for range 5 {
		a = append(a, dial("127.0.0.2"))
	}
	var b []net.Conn
	for range 3 {
		b = append(b, dial("127.0.0.3"))
	}
	for i, c := range a {
		if got, want := closed(c), i >= 3; got != want {
			t.Errorf("127.0.0.2's connection %d: closed %v, want %v", i+1, got, want)
		}
	}
	for i, c := range b {
		if closed(c) {
			t.Errorf("127.0.0.3's connection %d was closed: another client's cap is not its", i+1)
		}
	}
	for l.Refused() < 2 { // a connection reset while dialling may be counted later
		time.Sleep(time.Millisecond)
	}
	if l.Refused() != 2 || l.Open(a[0].LocalAddr()) != 3 {
		t.Errorf("refused %d, open from 127.0.0.2 %d; want 2 and 3", l.Refused(), l.Open(a[0].LocalAddr()))
	}

	// The server closes one of 127.0.0.2's: room for one more.
	(<-served).Close()
	for l.Open(a[0].LocalAddr()) != 2 {
		time.Sleep(time.Millisecond)
	}
	if c := dial("127.0.0.2"); closed(c) {
		t.Error("a connection from a client under its cap again was closed")
	}
}
