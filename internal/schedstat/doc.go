// Package schedstat reads what the Linux scheduler measured of a task: the
// time it ran on a CPU, and the time it was runnable but waited for one
// (its run delay), from /proc/TID/schedstat
// (Documentation/scheduler/sched-stats.rst).
//
// The run delay is the machine's load as one task felt it. The sandbox
// leaves it out of the wall-clock limit, so that a starved program is not
// judged by the load, and bench leaves it out of its times. The kernel
// adds a wait when the task gets a CPU, so a runnable task's current wait
// is not counted yet. Elsewhere than on Linux every read fails with
// [ErrUnsupported].
package schedstat
