#include <stdio.h>

/* counts to a + b ten times over, one step at a time: ten seconds or so
   on the big test */
int main(void) {
	long long a, b;
	if (scanf("%lld %lld", &a, &b) != 2)
		return 1;
	volatile long long s = 0;
	long long n = a + b;
	for (int round = 0; round < 10; round++) {
		s = 0;
		for (long long i = 0; i < n; i++)
			s++;
		for (long long i = 0; i > n; i--)
			s--;
	}
	printf("%lld\n", (long long)s);
	return 0;
}
