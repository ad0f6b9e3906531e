/* Tries to reach the judge's machine over the network: connects to
 * 127.0.0.1:PORT (argv[1]) and reports what happened. With a private
 * network namespace the connection must fail. Exits 0 if it connected. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
int main(int argc, char **argv) {
	if (argc < 2) { fputs("usage: net PORT\n", stderr); return 2; }
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0) { perror("socket"); return 1; }
	struct sockaddr_in a;
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_port = htons(atoi(argv[1]));
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0) { perror("connect"); return 1; }
	write(fd, "escaped\n", 8);
	puts("connected");
	return 0;
}
