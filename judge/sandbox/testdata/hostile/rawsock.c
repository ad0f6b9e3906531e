// want: OK
// Raw, packet and netlink sockets, and IP sockets of any kind: only unix
// sockets are allowed.
#include <stdio.h>
#include <sys/socket.h>
#include <netinet/in.h>

int main(void) {
	struct { int family, type, proto; const char *name; } tries[] = {
		{AF_INET, SOCK_STREAM, 0, "tcp"},
		{AF_INET6, SOCK_DGRAM, 0, "udp6"},
		{AF_INET, SOCK_RAW, IPPROTO_ICMP, "raw icmp"},
		{AF_PACKET, SOCK_RAW, 0, "packet"},
		{AF_NETLINK, SOCK_RAW, 0, "netlink route"},
		{AF_NETLINK, SOCK_DGRAM, 9, "netlink audit"},
	};
	int bad = 0;
	for (unsigned i = 0; i < sizeof tries / sizeof tries[0]; i++) {
		int fd = socket(tries[i].family, tries[i].type, tries[i].proto);
		if (fd >= 0) { fprintf(stderr, "%s socket %d\n", tries[i].name, fd); bad = 1; }
	}
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) { perror("unix socketpair must work"); bad = 1; }
	return bad;
}
