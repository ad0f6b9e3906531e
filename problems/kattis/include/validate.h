// validate.h: what sudoku-judge's Kattis validators share, which include
// it. sudoku-judge export writes it into each validator in its place, so
// that every exported validator is one file.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

namespace validate {

// all returns the whole of a stream, bytes as they are.
inline std::string all(std::istream &in) {
	return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// lines splits text at each newline. With dropFinal, the empty text after
// a final newline is no line (the newline ends the last line).
inline std::vector<std::string> lines(const std::string &text, bool dropFinal) {
	std::vector<std::string> out;
	for (size_t start = 0;;) {
		size_t nl = text.find('\n', start);
		if (nl == std::string::npos) {
			out.push_back(text.substr(start));
			break;
		}
		out.push_back(text.substr(start, nl - start));
		start = nl + 1;
	}
	if (dropFinal && out.back().empty())
		out.pop_back();
	return out;
}

// trimRight removes from the end of s the characters found in set.
inline void trimRight(std::string &s, const std::string &set) {
	while (!s.empty() && set.find(s.back()) != std::string::npos)
		s.pop_back();
}

// space reports whether c is white space as Go's parsers and checkers
// read it.
inline bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// reject ends an input validator that does not accept its input: exit 43,
// with the reason on stderr.
[[noreturn]] inline void reject(const std::string &why) {
	std::fprintf(stderr, "%s\n", why.c_str());
	std::exit(43);
}

// feedback is an output validator's judgemessage.txt.
inline std::FILE *&feedback() {
	static std::FILE *f;
	return f;
}

// openFeedback opens judgemessage.txt in the feedback directory the
// validator's third argument names.
inline bool openFeedback(const char *dir) {
	feedback() = std::fopen((std::string(dir) + "/judgemessage.txt").c_str(), "w");
	return feedback() != nullptr;
}

// wrong ends an output validator that rejects the output: exit 43, with
// the reason in judgemessage.txt.
[[noreturn]] inline void wrong(const std::string &why) {
	std::fprintf(feedback(), "%s\n", why.c_str());
	std::exit(43);
}

} // namespace validate
