// want: MLE memory=64
// A 400 MiB read-only table in the executable, read whole under a 64 MiB
// limit: the executable's pages must be charged to the run.
#include <stdio.h>

__asm__(".section .rodata\n.globl table\n.p2align 12\ntable:\n.fill 419430400,1,1\n.text\n");
extern const unsigned char table[];

int main(void) {
	unsigned long sum = 0;
	for (unsigned long i = 0; i < 419430400UL; i += 4096)
		sum += table[i];
	printf("%lu\n", sum);
	return 0;
}
