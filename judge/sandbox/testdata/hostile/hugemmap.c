// want: MLE memory=64
// A huge anonymous mapping, touched page by page.
#include <stdio.h>
#include <sys/mman.h>

int main(void) {
	size_t n = 64UL << 30;
	char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) { perror("mmap"); return 1; }
	for (size_t i = 0; i < n; i += 4096)
		p[i] = 1;
	return 0;
}
