// Output validator for problems whose checker compares lines, the Kattis
// way: lines input answer feedback_dir [key=value...] < output; exit 42
// accepts, 43 rejects with the reason in feedback_dir/judgemessage.txt. It
// accepts exactly what sudoku-judge's checker "lines" accepts, configured
// by the same settings its problem.yaml's checker_args give (the flags
// line_end_space=ignore|compare, blank_lines=compare|skip, layout=PE|WA),
// which sudoku-judge's tests check on mutated outputs: the output's lines
// equal the answer's, white space at the end of a line aside (with
// line_end_space=compare, only a CR there), white space at the end of the
// text aside, and every empty line aside with blank_lines=skip. Where that
// checker says "presentation error" (the same text once all white space is
// removed) this says so and rejects: the format has no such verdict, and
// layout=WA changes nothing here.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

static std::FILE *feedback;

[[noreturn]] static void reject(const std::string &why) {
	std::fprintf(feedback, "%s\n", why.c_str());
	std::exit(43);
}

static bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// lines splits text as the checker reads it.
static std::vector<std::string> lines(const std::string &text, bool keepSpace, bool skipBlank) {
	size_t end = text.size();
	while (end > 0 && space(text[end - 1]))
		end--;
	std::vector<std::string> out;
	for (size_t start = 0; start < end;) {
		size_t nl = text.find('\n', start);
		if (nl == std::string::npos || nl > end)
			nl = end;
		size_t e = nl;
		if (keepSpace) {
			if (e > start && text[e - 1] == '\r')
				e--;
		} else {
			while (e > start && space(text[e - 1]) && text[e - 1] != '\n')
				e--;
		}
		if (!skipBlank || e > start)
			out.push_back(text.substr(start, e - start));
		start = nl + 1;
	}
	return out;
}

static std::string squeeze(const std::string &s) {
	std::string t;
	for (char c : s)
		if (!space(c))
			t += c;
	return t;
}

int main(int argc, char **argv) {
	if (argc < 4)
		return 1;
	feedback = std::fopen((std::string(argv[3]) + "/judgemessage.txt").c_str(), "w");
	if (!feedback)
		return 1;
	bool keepSpace = false, skipBlank = false;
	for (int i = 4; i < argc; i++) {
		std::string a = argv[i];
		if (a == "line_end_space=ignore" || a == "line_end_space=compare")
			keepSpace = a == "line_end_space=compare";
		else if (a == "blank_lines=compare" || a == "blank_lines=skip")
			skipBlank = a == "blank_lines=skip";
		else if (a != "layout=PE" && a != "layout=WA") {
			std::fprintf(feedback, "unknown flag %s\n", argv[i]);
			return 1;
		}
	}
	std::ifstream ansf(argv[2], std::ios::binary);
	std::string answer((std::istreambuf_iterator<char>(ansf)), std::istreambuf_iterator<char>());
	std::string output((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
	std::vector<std::string> want = lines(answer, keepSpace, skipBlank), got = lines(output, keepSpace, skipBlank);
	for (size_t i = 0; i < want.size() || i < got.size(); i++) {
		if (i < want.size() && i < got.size() && want[i] == got[i])
			continue;
		std::string at = "line " + std::to_string(i + 1) + ": ";
		if (squeeze(answer) == squeeze(output))
			reject(at + "presentation error: right answer, wrong layout");
		if (i >= got.size())
			reject(at + "output ends early");
		if (i >= want.size())
			reject(at + "output goes on after the answer's end");
		reject(at + "differs from the answer");
	}
	return 42;
}
