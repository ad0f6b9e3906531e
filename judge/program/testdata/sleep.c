/* Sleeps far past any limit without using CPU: TLE on wall time. */
#include <unistd.h>
int main(void) {
	sleep(1000);
	return 0;
}
