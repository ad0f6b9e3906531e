package lang

// java is compiled by javac and run by the JVM, as POJ and Codeforces do:
// the program is the public class Main, so the source is compiled as
// Main.java whatever its file is called. The heap may grow to the memory
// limit (-Xmx) and the JVM's own memory counts too, so a program near the
// limit gets MLE, as on those judges; the serial collector keeps the JVM's
// threads and overhead small, and -Xss gives recursion a 64 MiB stack.
// -XX:-UsePerfData: the JVM would otherwise lock a file in /tmp (the
// sandbox refuses locks) and warn about it on stdout, a wrong answer.
var java = Language{
	Name:       "java",
	Extensions: []string{".java"},
	SourceName: "Main.java",
	Compile:    []string{"javac", "-J-Xmx512m", "-J-XX:+UseSerialGC", "-encoding", "UTF-8", "-nowarn", "-d", "{dir}", "{src}"},
	Run:        []string{"java", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xss64m", "-Xms16m", "-Xmx{memory_mib}m", "-XX:TieredStopAtLevel=4", "-cp", "{dir}", "Main"},
	Needs:      javaNeeds,
	// The JVM reports its heap running out on stderr and exits 1.
	MemoryError: "java.lang.OutOfMemoryError",
}

// javaNeeds: the JDK's home, found from the command's real path (Debian's
// /usr/lib/jvm/java-17-openjdk-amd64), with the files its links point to
// (its configuration, kept in /etc) and the libraries its own link, for
// javac and java alike.
func javaNeeds(path string, _ bool) ([]string, error) {
	return withLinked(homeOf(path))
}
