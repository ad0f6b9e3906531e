// want: OK needs=box
// kill(-1): every process the program may signal. The judge and everything
// outside the box must survive it.
#include <signal.h>

int main(void) {
	kill(-1, SIGKILL);
	kill(-1, SIGSTOP);
	return 0;
}
