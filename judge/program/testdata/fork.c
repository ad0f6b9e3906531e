/* A bounded fork storm: up to 2000 children that each linger 3 s. The
 * sandbox's process limit must stop it early; it exits by itself anyway.
 * It prints how many forks succeeded. */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
	int made = 0;
	for (int i = 0; i < 2000; i++) {
		pid_t p = fork();
		if (p < 0) break;
		if (p == 0) { sleep(3); _exit(0); }
		made++;
	}
	printf("forked %d\n", made);
	fflush(stdout);
	while (wait(NULL) > 0) {}
	return 0;
}
