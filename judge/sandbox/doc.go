// Package sandbox runs one untrusted program under kernel-enforced limits
// and reports what happened: its exit, the time and memory it used, its
// output, and which limit stopped it. The kernel does the enforcing
// (cgroups, namespaces, rlimits); this package asks for it, reads the
// results, and says what it got in [Isolation] rather than pretending.
//
// # Embedding
//
// Limits must be in force before the program's first instruction, so
// [Sandbox.Run] has a helper start the program: a copy of the current
// executable (/proc/self/exe) started with a marker in argv[0]. Every
// binary that uses this package, including the test binaries of packages
// that run programs, must therefore begin with
//
//	func main() {
//		if sandbox.IsHelper() {
//			sandbox.RunHelper() // never returns
//		}
//		...
//	}
//
// or, in tests,
//
//	func TestMain(m *testing.M) {
//		if sandbox.IsHelper() {
//			sandbox.RunHelper()
//		}
//		os.Exit(m.Run())
//	}
//
// (To start faster, the helper in fact takes over in this package's init
// function, before the packages initialized after it; the call in main is
// the contract and stays required.) [New] runs the helper once and fails
// if the binary lacks the hook.
//
// # What is in force
//
// As root with namespaces and cgroups, the normal case for a judge:
//
//   - The program runs in new network, PID, mount, IPC and UTS namespaces.
//     The network has only a loopback device that is down, so the program
//     cannot connect anywhere, not even to 127.0.0.1.
//   - Its root is a tmpfs built from an allowlist, as isolate, nsjail and
//     bubblewrap build theirs: read-only, nosuid binds of the host paths
//     the run allows ([Options.Allow], [Spec.Allow]: a language's runtime
//     or toolchain), of the executable and of the libraries it links
//     (its interpreter and DT_NEEDED libraries, found from its ELF headers
//     and the host's loader cache, or a script's "#!" interpreter), each
//     at its host path with the symbolic links on the way recreated; the
//     program's own directory ([Spec.Program]) at /prog, so that no host
//     path names it (argv[0], /proc/self/exe); an /etc of its own (a copy
//     of ld.so.cache and localtime, passwd and group naming the run's
//     user, nsswitch.conf, hosts), never the host's; a private /proc, a
//     minimal /dev (null, zero, full, random, urandom; stdin, stdout,
//     stderr and fd linking to /proc/self/fd); and an empty /tmp (also
//     /dev/shm) and working directory /box of its own. Only those two are
//     writable by the program; nothing else of the host exists there.
//     The allowed part is built once per helper: a helper serves only
//     runs that allow the same. [Spec.ReadOnly] and [Spec.Writable] add
//     host paths for one run, [Spec.Hide] covers paths with an empty
//     mount (defence in depth: the tests, should they lie in an allowed
//     path). The pipes of stdin, stdout and stderr are the run's uid's,
//     so that the program can open them anew by name (/dev/stdin).
//   - It runs as an unprivileged uid and gid, with no supplementary groups
//     and no_new_privs. Each concurrent run has its own uid, also across
//     judge processes: a lock file per uid in /run/sudoku-sandbox-uids.
//   - A seccomp filter refuses, with EPERM, the system calls a contest
//     program never needs and an escape does: keyrings, namespaces
//     (unshare, setns, clone with namespace flags; clone3 fails with
//     ENOSYS so that C libraries fall back to clone), mounts, chroot,
//     ptrace and process_vm_*, bpf, perf_event_open, io_uring,
//     userfaultfd, modules, kexec, file locks (flock and fcntl record
//     locks: concurrent runs share the read-only system files, and a lock
//     is a channel between them), sockets other than AF_UNIX, and what the
//     kernel counts per machine or per real uid rather than per box, which
//     a program could take all of and starve the host (or, run as the
//     judge's uid, the judge's user) until it ends: AIO contexts
//     (io_setup), inotify and fanotify, POSIX message queues, and keys
//     (the keyring calls above). System
//     calls of another ABI (int $0x80) kill the program; x32 calls fail
//     with ENOSYS. An argument the kernel reads as 32 bits (fcntl's
//     command) is compared in its low 32 bits, so high bits do not slip a
//     call past its rule. The filter is compiled from a short rule list
//     (bpfrules.go) and checked in a BPF interpreter by TestFilter. A
//     reused helper forks its programs from one thread that keeps the
//     filter, so theirs also lets clone ask for new IPC and cgroup
//     namespaces, which the kernel refuses a process without
//     CAP_SYS_ADMIN, and keyctl join a new anonymous session keyring.
//     The program starts with a new, empty session keyring, in IPC and
//     cgroup namespaces of its own, and with no file descriptors but 0, 1
//     and 2, whatever the judge inherited.
//   - The program's executable counts against its memory limit, whole:
//     its pages come from the page cache, charged to whoever read the
//     file first (the compiler, the judge), so the run's cgroup gets the
//     limit less the executable's size, and the memory reported is the
//     cgroup's peak plus that size. An executable as large as the limit is
//     MLE without running. System binaries (interpreters) are not charged.
//   - A cgroup per run (v1 or v2) limits memory, without swap, and the
//     number of processes and threads; it accounts CPU time and peak
//     memory, and shows that nothing of the run is left. No two runs
//     share one: what a program charged (page cache, kernel memory)
//     would count against the next. A goroutine makes the next run's
//     group, with the last run's limits, and removes finished ones, off
//     the runs' path.
//   - rlimits bound CPU time (a backstop behind polling), file size, stack
//     (to the memory limit) and core dumps (to nothing); and what counts
//     against the machine or the real uid: open files (1024 a process:
//     eventfd, timerfd, pipes and the rest fill the machine's file
//     table), queued signals (256) and message queue bytes (none).
//
// The helper is the PID namespace's init and stays outside the run's
// cgroup, so its threads and memory do not count. It reaps orphans, reports
// the program's exit, and kills whatever the program left before it
// reports. A helper whose program ended by itself serves later runs, with
// a fresh /tmp, /box, IPC namespace and cgroup each time; one whose
// program the judge stopped is killed, and with it, by the kernel, its
// whole namespace. Reusing helpers takes the per-run cost from several
// milliseconds (a Go runtime and new namespaces) to about one; see
// BenchmarkRun. A helper cannot raise the hard rlimits it took on for a
// run without CAP_SYS_RESOURCE, so it serves only runs with limits no
// higher.
//
// Without root, if the kernel allows unprivileged user namespaces (as most
// distributions do), the helper runs as root of a user namespace of its
// own in which only the judge's uid is mapped, and builds the same root
// and namespaces; the program runs there as that namespace's uid 0 (the
// judge's uid outside) with every capability dropped for good, under the
// same seccomp filter. Such helpers serve one run each. The cgroups are
// those the judge may create (a delegated v2 subtree), if any.
//
// Without cgroups the memory limit is on the program's resident peak
// (VmHWM): the judge polls it every 10 ms and kills the program past the
// limit, and the helper reads it at the program's exit, so a peak between
// two polls is MLE too. RLIMIT_DATA is only a backstop, at twice the limit
// plus 1 GiB, and the stack rlimit is capped at 64 MiB: runtimes reserve
// far more address space than they touch (a JVM, V8, rustc's threads),
// and a data limit at the memory limit failed them. The helper traces the
// program (ptrace): the seccomp filter hands it the program's mmap, mremap
// and brk calls, so that an allocation the backstop refuses is MLE
// whatever the program does next (never a wrong answer). Only the program's
// own process is measured, not children it starts.
//
// Without root and without user namespaces, or without namespaces asked
// for, the package degrades to rlimits (RLIMIT_CPU, RLIMIT_DATA,
// RLIMIT_NPROC, RLIMIT_FSIZE), the seccomp filter and a process group that
// is killed at the end, and says so in [Isolation.Degraded]. Then a
// program can read and write what its user can, signal the judge, and one
// that leaves its process group escapes the final kill. [Options] can
// force the degraded modes, for tests.
//
// # Time
//
// The time limit is on CPU time, which the machine's load hardly moves. A
// program is also stopped at a wall-clock limit, so that one that sleeps
// or blocks cannot hang the judge; but on a loaded machine the wall clock
// also runs while a program waits for a CPU, and a program stopped there
// would be judged by the load. So the wall-clock limit counts only the
// time the program was not waiting for a CPU: the kernel keeps that wait
// per task (the run delay of /proc/TID/schedstat), and the sandbox sums it
// over the run's tasks, polling while the program runs and reading the
// program's own in the helper after its end, before reaping it (waitid
// with WNOWAIT: a zombie keeps its schedstat). A run starved so long that
// the limit stretched to 10 times itself still falls short is Starved: no
// verdict, for the caller to run again. Where no schedstat is kept, a
// cgroup v2 run uses its cgroup's cpu.pressure; where neither is there
// (macOS, Windows), a run stopped at the wall-clock limit on a machine
// whose load exceeds its CPUs is Starved rather than TLE.
// [Isolation.CPUWait] says which, and [FairParallel] how many runs the
// machine can time fairly at once.
//
// # Interpreters
//
// The program runs as an unprivileged user in a root that holds only what
// the run allows, so [Spec.Path] and any interpreter must be paths that
// user can read: /usr/bin/python3, not a shim under /root (mode 700 on
// some machines) or a version manager's directory in a home. What an
// interpreter reads besides its executable and the libraries that links
// (its standard library, its extension modules' libraries) must be in
// [Spec.Allow]; package lang declares it per language. Source files are in
// [Spec.Program].
//
// Rootless, the box is the same, built by a helper that serves one run.
// Without namespaces (degraded, macOS, Windows) there is no root of the
// program's own: Allow, Program, Hide and ReadOnly change nothing, the
// program sees what the judge's user can, and the isolation line says so.
package sandbox
