// Input validator of HDU 4069, the Kattis way (exit 42 accepts, 43
// rejects, stdin is the input): it accepts exactly what problems/hdu4069's
// Parse accepts, which its tests check on every test and on mutated
// inputs. T (1-2500), then T cases of 81 integers 0-255 separated by white
// space: a cell's digit 0-9 plus its walls (16 up, 32 right, 64 down, 128
// left), recorded on both sides of every inner boundary and cutting the
// grid into nine connected regions of nine cells.
#include "validate.h"

using namespace validate;

// integer reads a token as Go's strconv.Atoi does: an optional sign and
// decimal digits, within 64 bits.
static bool integer(const std::string &s, long long &v) {
	size_t i = 0;
	bool neg = false;
	if (i < s.size() && (s[i] == '+' || s[i] == '-'))
		neg = s[i++] == '-';
	if (i == s.size())
		return false;
	unsigned long long u = 0, limit = neg ? 9223372036854775808ULL : 9223372036854775807ULL;
	for (; i < s.size(); i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		unsigned d = s[i] - '0';
		if (u > (limit - d) / 10)
			return false;
		u = u * 10 + d;
	}
	v = neg ? (long long)(0 - u) : (long long)u;
	return true;
}

int main() {
	std::string in = all(std::cin);
	std::vector<std::string> toks;
	for (size_t i = 0; i < in.size();) {
		if (space(in[i])) {
			i++;
			continue;
		}
		size_t j = i;
		while (j < in.size() && !space(in[j]))
			j++;
		toks.push_back(in.substr(i, j - i));
		i = j;
	}
	size_t k = 0;
	long long t;
	if (toks.empty())
		reject("empty input: want the number of cases T");
	if (!integer(toks[k++], t))
		reject("the number of cases is not an integer");
	if (t < 1 || t > 2500)
		reject("the number of cases is out of range 1-2500");
	for (long long n = 0; n < t; n++) {
		int v[81];
		for (int i = 0; i < 81; i++) {
			long long x;
			if (k == toks.size())
				reject("input ends inside a case");
			if (!integer(toks[k++], x))
				reject("a cell is not an integer 0-255");
			if (x < 0 || x > 255)
				reject("a cell is out of range 0-255");
			if ((x & 15) > 9)
				reject("a cell's digit (value & 15) is over 9");
			v[i] = (int)x;
		}
		for (int i = 0; i < 81; i++) {
			int r = i / 9, c = i % 9;
			if (c < 8 && ((v[i] & 32) != 0) != ((v[i + 1] & 128) != 0))
				reject("a wall recorded on one side only");
			if (r < 8 && ((v[i] & 64) != 0) != ((v[i + 9] & 16) != 0))
				reject("a wall recorded on one side only");
		}
		bool seen[81] = {};
		int regions = 0;
		for (int s = 0; s < 81; s++) {
			if (seen[s])
				continue;
			regions++;
			int size = 0;
			std::vector<int> stack{s};
			seen[s] = true;
			while (!stack.empty()) {
				int i = stack.back();
				stack.pop_back();
				size++;
				int r = i / 9, c = i % 9;
				int next[4] = {r > 0 && !(v[i] & 16) ? i - 9 : -1, c < 8 && !(v[i] & 32) ? i + 1 : -1,
				               r < 8 && !(v[i] & 64) ? i + 9 : -1, c > 0 && !(v[i] & 128) ? i - 1 : -1};
				for (int j : next)
					if (j >= 0 && !seen[j]) {
						seen[j] = true;
						stack.push_back(j);
					}
			}
			if (size != 9)
				reject("the walls make a region of other than 9 cells");
		}
		if (regions != 9)
			reject("the walls make other than 9 regions");
	}
	if (k != toks.size())
		reject("unexpected text after the last case");
	return 42;
}
