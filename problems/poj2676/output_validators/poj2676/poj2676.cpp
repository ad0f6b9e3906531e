// Output validator of POJ 2676, the Kattis way: poj2676 input answer
// feedback_dir [blank_lines=compare|skip] < output; exit 42 accepts, 43
// rejects with the reason in feedback_dir/judgemessage.txt. It accepts
// exactly what problems/poj2676's special judge accepts with the same
// checker_args, which its tests check on mutated outputs: every case
// completed by the sudoku rules, keeping its givens, in the input's layout
// (9 lines of 9 digits; trailing white space on a line and trailing blank
// lines aside, and every empty line with blank_lines=skip). Any valid completion is accepted; the answer file is
// one of them and is not read. Where the special judge says "presentation
// error" (right digits, wrong layout) this says so and rejects: the format
// has no such verdict.
#include "validate.h"

#include <fstream>

using namespace validate;

static std::vector<std::string> tokens(const std::string &s) {
	std::vector<std::string> toks;
	for (size_t i = 0; i < s.size();) {
		if (space(s[i])) {
			i++;
			continue;
		}
		size_t j = i;
		while (j < s.size() && !space(s[j]))
			j++;
		toks.push_back(s.substr(i, j - i));
		i = j;
	}
	return toks;
}

int main(int argc, char **argv) {
	if (argc < 4 || !openFeedback(argv[3]))
		return 1;
	bool skipBlank = false;
	for (int i = 4; i < argc; i++) {
		std::string a = argv[i];
		if (a != "blank_lines=compare" && a != "blank_lines=skip") {
			std::fprintf(feedback(), "unknown flag %s\n", argv[i]);
			return 1;
		}
		skipBlank = a == "blank_lines=skip";
	}
	std::ifstream inf(argv[1], std::ios::binary);
	std::vector<std::string> in = tokens(all(inf));
	if (in.empty())
		return 1;
	size_t cases = std::stoul(in[0]);
	if (in.size() != 1 + 9 * cases)
		return 1; // not a valid input: a judge error
	std::string out = all(std::cin);

	std::string digits;
	for (char c : out) {
		if (space(c))
			continue;
		if (c < '1' || c > '9')
			wrong("a character other than a digit 1-9 and white space");
		digits += c;
	}
	if (digits.size() != 81 * cases)
		wrong("the output has " + std::to_string(digits.size()) + " digits, want " + std::to_string(81 * cases));
	for (size_t k = 0; k < cases; k++) {
		const char *g = digits.data() + 81 * k;
		for (int i = 0; i < 81; i++) {
			char given = in[1 + 9 * k + i / 9][i % 9];
			if (given != '0' && given != g[i])
				wrong("case " + std::to_string(k + 1) + " changes a given digit");
		}
		for (int u = 0; u < 27; u++) {
			int seen = 0;
			for (int j = 0; j < 9; j++) {
				int i = u < 9 ? u * 9 + j : u < 18 ? j * 9 + (u - 9) : ((u - 18) / 3 * 3 + j / 3) * 9 + (u - 18) % 3 * 3 + j % 3;
				int bit = 1 << (g[i] - '0');
				if (seen & bit)
					wrong("case " + std::to_string(k + 1) + " repeats a digit in a row, column or box");
				seen |= bit;
			}
		}
	}
	// The layout: with the digits right, every line (its trailing white
	// space and the output's trailing blank lines aside, and the empty
	// ones with blank_lines=skip) holds 9 of them.
	size_t end = out.size();
	while (end > 0 && space(out[end - 1]))
		end--;
	if (end > 0)
		for (std::string line : lines(out.substr(0, end), false)) {
			trimRight(line, " \t\r\v\f");
			if (line.size() != 9 && !(skipBlank && line.empty()))
				wrong("presentation error: right digits, wrong layout: want lines of 9 digits without spaces");
		}
	return 42;
}
