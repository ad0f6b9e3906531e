// want: OK
// Network: connect to a listener on the host's loopback, whose port the
// test passes.
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

int main(int argc, char **argv) {
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0) return 0;
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(argc > 1 ? atoi(argv[1]) : 80)};
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0) { fputs("connected to the host\n", stderr); return 1; }
	return 0;
}
