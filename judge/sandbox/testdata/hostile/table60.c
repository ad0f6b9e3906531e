// want: MLE memory=64
// A 60 MiB read-only table in the executable, read whole, and 16 MiB of
// heap, under a 64 MiB limit. The executable is smaller than the limit, so
// only charging it to the run (not to whoever read the file first) makes
// the two together exceed it.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__asm__(".section .rodata\n.globl table\n.p2align 12\ntable:\n.fill 62914560,1,1\n.text\n");
extern const unsigned char table[];

int main(void) {
	unsigned long sum = 0;
	for (unsigned long i = 0; i < 62914560UL; i += 4096)
		sum += table[i];
	size_t n = 16u << 20;
	unsigned char *heap = malloc(n);
	if (heap == NULL)
		return 3;
	memset(heap, 1, n);
	for (size_t i = 0; i < n; i += 4096)
		sum += heap[i];
	printf("%lu\n", sum);
	return 0;
}
