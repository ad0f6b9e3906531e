// Input validator of POJ 2676, the Kattis way (exit 42 accepts, 43
// rejects, stdin is the input): it accepts exactly what problems/poj2676's
// Parse accepts, which its tests check on every test and on mutated
// inputs. The number of cases T, then T cases of 9 rows of 9 digits 0-9,
// one row a token and a token a line; white space between tokens (empty
// lines, CR) is free.
#include "validate.h"

using namespace validate;

int main() {
	std::string in = all(std::cin);
	struct token {
		std::string text;
		int line;
	};
	std::vector<token> toks;
	int line = 1;
	for (size_t i = 0; i < in.size();) {
		if (space(in[i])) {
			if (in[i] == '\n')
				line++;
			i++;
			continue;
		}
		size_t j = i;
		while (j < in.size() && !space(in[j]))
			j++;
		toks.push_back({in.substr(i, j - i), line});
		i = j;
	}
	if (toks.empty())
		reject("empty input: want the number of test cases");
	unsigned long long t = 0;
	for (unsigned char c : toks[0].text) {
		if (c < '0' || c > '9')
			reject("want the number of test cases");
		if (t > (9223372036854775807ULL - (c - '0')) / 10)
			reject("number of test cases too large");
		t = t * 10 + (c - '0');
	}
	size_t k = 1;
	int prev = toks[0].line;
	for (unsigned long long n = 0; n < t; n++) {
		for (int r = 0; r < 9; r++) {
			if (k == toks.size())
				reject("input ends before the last case");
			const token &tok = toks[k++];
			if (tok.line == prev)
				reject("want one row per line");
			prev = tok.line;
			if (tok.text.size() != 9)
				reject("a row must have 9 digits");
			for (unsigned char c : tok.text)
				if (c < '0' || c > '9')
					reject("want digits 0-9");
		}
	}
	if (k != toks.size())
		reject("unexpected text after the last case");
	return 42;
}
