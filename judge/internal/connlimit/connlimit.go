package connlimit

import (
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
)

// A Listener accepts connections from its inner listener, at most Max
// open at once from any one client.
type Listener struct {
	net.Listener
	max      int
	mu       sync.Mutex
	open     map[netip.Prefix]int
	refused  atomic.Uint64
	accepted atomic.Uint64
}

// New returns ln with at most max connections open per client.
func New(ln net.Listener, max int) *Listener {
	return &Listener{Listener: ln, max: max, open: map[netip.Prefix]int{}}
}

// Accept returns the next connection from a client under its cap; those
// over it are closed (with a reset, which frees them at once) and never
// returned.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key, ok := client(c.RemoteAddr())
		if !ok { // not an IP connection (a pipe, a Unix socket): one local client
			return c, nil
		}
		l.mu.Lock()
		full := l.open[key] >= l.max
		if !full {
			l.open[key]++
		}
		l.mu.Unlock()
		if full {
			l.refused.Add(1)
			if tc, ok := c.(*net.TCPConn); ok {
				tc.SetLinger(0)
			}
			c.Close()
			continue
		}
		l.accepted.Add(1)
		return &conn{Conn: c, release: func() { l.release(key) }}, nil
	}
}

func (l *Listener) release(key netip.Prefix) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[key]--; l.open[key] <= 0 {
		delete(l.open, key)
	}
}

// Open returns how many connections addr's client holds open.
func (l *Listener) Open(addr net.Addr) int {
	key, ok := client(addr)
	if !ok {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open[key]
}

// Refused returns how many connections were closed for being over a cap.
func (l *Listener) Refused() uint64 { return l.refused.Load() }

// client returns the client an address belongs to.
func client(addr net.Addr) (netip.Prefix, bool) {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return netip.Prefix{}, false
	}
	ip := ap.Addr().Unmap()
	bits := 32
	if ip.Is6() {
		bits = 64
	}
	p, err := ip.Prefix(bits)
	return p, err == nil
}

// A conn gives its client's place back when closed, once.
type conn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
