package lang

// javascript is run by Node.js from source; the syntax is checked first
// (node --check), so a syntax error is CE. The heap may grow to the memory
// limit and the stack to 64 MiB (the sandbox's stack rlimit allows it), as
// on Codeforces and AtCoder.
var javascript = Language{
	Name:       "javascript",
	Aliases:    []string{"js", "node", "nodejs"},
	Extensions: []string{".js", ".mjs", ".cjs"},
	Compile:    []string{"node", "--check", "{src}"},
	Run:        []string{"node", "--stack-size=65500", "--max-old-space-size={memory_mib}", "{src}"},
	// V8 aborts when the heap reaches --max-old-space-size.
	MemoryError: "JavaScript heap out of memory",
}
