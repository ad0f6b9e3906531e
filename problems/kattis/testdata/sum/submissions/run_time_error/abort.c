#include <stdio.h>
#include <stdlib.h>

/* gives up on numbers over a billion */
int main(void) {
	long long a, b;
	if (scanf("%lld %lld", &a, &b) != 2)
		return 1;
	if (a > 1000000000 || b > 1000000000)
		abort();
	printf("%lld\n", a + b);
	return 0;
}
