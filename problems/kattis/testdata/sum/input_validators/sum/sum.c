#include <stdio.h>
#include <string.h>

/* accepts "a b\n" with |a|, |b| <= 2e9 written without leading zeros */
static int integer(const char *s, long long *v) {
	const char *p = s;
	if (*p == '-')
		p++;
	if (!*p || (p[0] == '0' && p[1]) || strspn(p, "0123456789") != strlen(p) || strlen(p) > 10)
		return 0;
	return sscanf(s, "%lld", v) == 1 && *v >= -2000000000LL && *v <= 2000000000LL;
}

int main(void) {
	char line[64], a[32], b[32], rest[2];
	long long x, y;
	if (!fgets(line, sizeof line, stdin) || !strchr(line, '\n'))
		return 43;
	if (sscanf(line, "%31s %31s %1s", a, b, rest) != 2 || !integer(a, &x) || !integer(b, &y))
		return 43;
	if (strlen(a) + strlen(b) + 2 != strlen(line) || getchar() != EOF)
		return 43;
	return 42;
}
