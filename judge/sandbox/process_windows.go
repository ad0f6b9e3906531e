package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// isolationOS says what a Windows run gets: a job object per run bounding
// the tree's committed memory, user CPU time and process count, killed
// whole at the end; the program runs as the judge's user.
func isolationOS() Isolation {
	return Isolation{
		Cgroup:  "none",
		Rlimits: []string{"job-memory", "job-cpu", "job-processes"},
		Degraded: []string{
			"Windows: limits by a job object only; no private file system, network or user: the program runs as the judge's user and can read what it can",
			"Windows: no system-call filter: the program can take kernel objects counted per user or per session until it ends",
			unmeasuredWait,
		},
	}
}

// A process is one running program in its job object.
type process struct {
	limits Limits
	job    windows.Handle

	mu                           sync.Mutex
	outputHit, cpuHit, memoryHit bool
}

// jobAccounting is JOBOBJECT_BASIC_ACCOUNTING_INFORMATION, which
// x/sys/windows does not define.
type jobAccounting struct {
	TotalUserTime, TotalKernelTime                     int64 // 100 ns units
	ThisPeriodTotalUserTime, ThisPeriodTotalKernelTime int64
	TotalPageFaultCount                                uint32
	TotalProcesses, ActiveProcesses, TotalTerminated   uint32
}

// dieOnUnhandledException keeps a crashing program from waiting on an
// error-reporting dialog.
const dieOnUnhandledException = 0x400

// start creates the job, starts cmd suspended, puts it in the job and
// only then lets it run, so that nothing it does escapes the limits.
func (p *process) start(cmd *exec.Cmd) error {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return fmt.Errorf("job object: %w", err)
	}
	p.job = job
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	b := &info.BasicLimitInformation
	b.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE | dieOnUnhandledException | windows.JOB_OBJECT_LIMIT_ACTIVE_PROCESS
	b.ActiveProcessLimit = uint32(p.limits.Processes)
	if p.limits.Memory > 0 {
		b.LimitFlags |= windows.JOB_OBJECT_LIMIT_JOB_MEMORY
		info.JobMemoryLimit = uintptr(p.limits.Memory)
	}
	if p.limits.CPUTime > 0 {
		b.LimitFlags |= windows.JOB_OBJECT_LIMIT_JOB_TIME
		b.PerJobUserTimeLimit = int64(p.limits.CPUTime / 100)
	}
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation, uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		return fmt.Errorf("job limits: %w", err)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: windows.CREATE_SUSPENDED | windows.CREATE_NEW_PROCESS_GROUP}
	if err := cmd.Start(); err != nil {
		return err
	}
	pid := uint32(cmd.Process.Pid)
	if err := p.enter(pid); err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return err
	}
	return nil
}

// enter assigns process pid to the job and resumes its threads.
func (p *process) enter(pid uint32) error {
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE|windows.PROCESS_QUERY_INFORMATION, false, pid)
	if err != nil {
		return fmt.Errorf("opening the process: %w", err)
	}
	defer windows.CloseHandle(h)
	if err := windows.AssignProcessToJobObject(p.job, h); err != nil {
		return fmt.Errorf("entering the job: %w", err)
	}
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return fmt.Errorf("listing threads: %w", err)
	}
	defer windows.CloseHandle(snap)
	te := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	resumed := 0
	for err = windows.Thread32First(snap, &te); err == nil; err = windows.Thread32Next(snap, &te) {
		if te.OwnerProcessID != pid {
			continue
		}
		th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, te.ThreadID)
		if err != nil {
			return fmt.Errorf("opening thread %d: %w", te.ThreadID, err)
		}
		_, err = windows.ResumeThread(th)
		windows.CloseHandle(th)
		if err != nil {
			return fmt.Errorf("resuming thread %d: %w", te.ThreadID, err)
		}
		resumed++
	}
	if resumed == 0 {
		return fmt.Errorf("no thread of process %d to resume", pid)
	}
	return nil
}

func (p *process) overOutput() {
	p.mu.Lock()
	p.outputHit = true
	p.mu.Unlock()
	p.kill()
}

// kill ends every process in the job.
func (p *process) kill() {
	if p.job != 0 {
		windows.TerminateJobObject(p.job, 1)
	}
}

// usage returns the job's CPU time (user and kernel) and peak committed
// memory, and notes which job limit the run reached.
func (p *process) usage(st *os.ProcessState) (time.Duration, int64) {
	var acct jobAccounting
	var ext windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	cpu := st.UserTime() + st.SystemTime()
	mem := int64(0)
	if windows.QueryInformationJobObject(p.job, windows.JobObjectBasicAccountingInformation, uintptr(unsafe.Pointer(&acct)), uint32(unsafe.Sizeof(acct)), nil) == nil {
		cpu = time.Duration(acct.TotalUserTime+acct.TotalKernelTime) * 100
	}
	if windows.QueryInformationJobObject(p.job, windows.JobObjectExtendedLimitInformation, uintptr(unsafe.Pointer(&ext)), uint32(unsafe.Sizeof(ext)), nil) == nil {
		mem = int64(ext.PeakJobMemoryUsed)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.limits.CPUTime > 0 && time.Duration(acct.TotalUserTime)*100 >= p.limits.CPUTime {
		p.cpuHit = true
	}
	// An allocation refused at the job's limit fails the program just
	// below it: a failed program that came within 1/32 of it ran out.
	if l := p.limits.Memory; l > 0 && st.ExitCode() != 0 && mem >= l-l/32 {
		p.memoryHit = true
	}
	return cpu, mem
}

func (p *process) close() {
	if p.job != 0 {
		windows.CloseHandle(p.job)
		p.job = 0
	}
}

// signalOf is empty: Windows programs end with an exit code.
func signalOf(*os.ProcessState) string { return "" }

// IsHelper reports false: Windows runs need no helper.
func IsHelper() bool { return false }

// RunHelper is never called on Windows.
func RunHelper() { panic("sandbox: no helper on Windows") }
