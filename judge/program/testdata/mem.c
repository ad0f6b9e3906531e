/* Touches 4 GiB, one page at a time: MLE. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
	size_t total = (size_t)4 << 30, chunk = (size_t)64 << 20;
	for (size_t got = 0; got < total; got += chunk) {
		char *p = malloc(chunk);
		if (!p) { fputs("malloc failed\n", stderr); return 1; }
		for (size_t i = 0; i < chunk; i += 4096) p[i] = 1;
	}
	puts("touched 4 GiB");
	return 0;
}
