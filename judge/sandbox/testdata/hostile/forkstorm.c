// want: OK needs=box
// Fork storm: the process limit must stop it well before the host notices.
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
	int n = 0;
	for (int i = 0; i < 100000; i++) {
		pid_t p = fork();
		if (p == 0) { pause(); _exit(0); }
		if (p < 0) break;
		n++;
	}
	if (n > 64) { fprintf(stderr, "forked %d processes\n", n); return 1; }
	return 0;
}
