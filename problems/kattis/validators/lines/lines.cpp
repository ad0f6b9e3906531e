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
#include "validate.h"

#include <fstream>

using namespace validate;

// compared splits text into its lines as the checker compares them.
static std::vector<std::string> compared(const std::string &text, bool keepSpace, bool skipBlank) {
	size_t end = text.size();
	while (end > 0 && space(text[end - 1]))
		end--;
	std::vector<std::string> out;
	for (std::string line : lines(text.substr(0, end), false)) {
		if (keepSpace) {
			if (!line.empty() && line.back() == '\r')
				line.pop_back();
		} else {
			trimRight(line, " \t\r\v\f");
		}
		if (!skipBlank || !line.empty())
			out.push_back(line);
	}
	if (end == 0)
		out.clear(); // an empty text has no lines
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
	if (argc < 4 || !openFeedback(argv[3]))
		return 1;
	bool keepSpace = false, skipBlank = false;
	for (int i = 4; i < argc; i++) {
		std::string a = argv[i];
		if (a == "line_end_space=ignore" || a == "line_end_space=compare")
			keepSpace = a == "line_end_space=compare";
		else if (a == "blank_lines=compare" || a == "blank_lines=skip")
			skipBlank = a == "blank_lines=skip";
		else if (a != "layout=PE" && a != "layout=WA") {
			std::fprintf(feedback(), "unknown flag %s\n", argv[i]);
			return 1;
		}
	}
	std::ifstream ansf(argv[2], std::ios::binary);
	std::string answer = all(ansf), output = all(std::cin);
	std::vector<std::string> want = compared(answer, keepSpace, skipBlank), got = compared(output, keepSpace, skipBlank);
	for (size_t i = 0; i < want.size() || i < got.size(); i++) {
		if (i < want.size() && i < got.size() && want[i] == got[i])
			continue;
		std::string at = "line " + std::to_string(i + 1) + ": ";
		if (squeeze(answer) == squeeze(output))
			wrong(at + "presentation error: right answer, wrong layout");
		if (i >= got.size())
			wrong(at + "output ends early");
		if (i >= want.size())
			wrong(at + "output goes on after the answer's end");
		wrong(at + "differs from the answer");
	}
	return 42;
}
