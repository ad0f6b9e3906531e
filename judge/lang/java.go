package lang

// Java is compiled by javac and run by the JVM, as POJ and Codeforces do:
// the program is the public class Main, so the source is compiled as
// Main.java whatever its file is called. The heap may grow to the memory
// limit (-Xmx) and the JVM's own memory counts too, so a program near the
// limit gets MLE, as on those judges; the serial collector keeps the JVM's
// threads and overhead small, and -Xss gives recursion a 64 MiB stack.
// -XX:-UsePerfData: the JVM would otherwise lock a file in /tmp (the
// sandbox refuses locks) and warn about it on stdout, a wrong answer.
var Java = Language{
	Name:       "java",
	Extensions: []string{".java"},
	SourceName: "Main.java",
	Compile:    []string{"javac", "-J-Xmx512m", "-J-XX:+UseSerialGC", "-encoding", "UTF-8", "-nowarn", "-d", "{dir}", "{src}"},
	Run:        []string{"java", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xss64m", "-Xms16m", "-Xmx{memory_mib}m", "-XX:TieredStopAtLevel=4", "-cp", "{dir}", "Main"},
	Resolve:    resolveJava,
	// The JVM reports its heap running out on stderr and exits 1.
	MemoryError: "java.lang.OutOfMemoryError",
}

// resolveJava finds the JDK's command whose real path is in the system
// directories (Debian's /usr/lib/jvm) or elsewhere; the JDK's home is
// shown to the sandbox when it lies outside them.
func resolveJava(name string) (string, []string, error) {
	p, err := resolveShared(name)
	if err != nil {
		return "", nil, err
	}
	return p, outsideSystem(homeOf(p)), nil
}
