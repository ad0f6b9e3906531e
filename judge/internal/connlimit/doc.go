// Package connlimit caps how many connections each client holds open on a
// listener: a connection from a client already at its cap is closed as
// soon as it is accepted, so that one client (a slowloris sending
// half-requests, a script opening sockets) cannot use up the server's file
// descriptors and leave nothing for everyone else.
//
// A client is an IPv4 address, or an IPv6 address's /64 prefix (what one
// host is usually given).
package connlimit
