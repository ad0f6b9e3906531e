// The output must be two positive integers summing to the input's N,
// and nothing else. Kattis interface: input answer feedback_dir < output.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

static std::FILE *feedback;

[[noreturn]] static void reject(const char *why) {
	std::fprintf(feedback, "%s\n", why);
	std::exit(43);
}

int main(int argc, char **argv) {
	if (argc < 4)
		return 1;
	feedback = std::fopen((std::string(argv[3]) + "/judgemessage.txt").c_str(), "w");
	if (!feedback)
		return 1;
	std::ifstream in(argv[1]);
	long long n;
	if (!(in >> n))
		return 1;
	long long a, b;
	if (!(std::cin >> a >> b))
		reject("want two integers");
	if (a <= 0 || b <= 0)
		reject("the integers must be positive");
	if (a + b != n)
		reject("the integers do not add up to N");
	std::string extra;
	if (std::cin >> extra)
		reject("trailing output");
	return 42;
}
