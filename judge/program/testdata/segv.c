/* Dereferences a null pointer: RE by SIGSEGV. */
#include <stdio.h>
int main(void) {
	volatile int *p = 0;
	printf("%d\n", *p);
	return 0;
}
