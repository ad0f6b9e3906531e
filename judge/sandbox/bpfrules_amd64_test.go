//go:build linux && amd64

package sandbox

import (
	"testing"

	"golang.org/x/sys/unix"
)

// mustRefuse lists, by the kernel's own x86-64 numbers
// (arch/x86/entry/syscalls/syscall_64.tbl), the system calls every box
// refuses outright, whatever their arguments. It is written here, not
// read from deniedSyscalls, so that a call dropped from that list fails
// this test. The third column is x/sys/unix's name for the call: the two
// must agree, which catches a typo on either side.
var mustRefuse = []struct {
	name string
	nr   uint32
	sys  uint32
}{
	{"syslog", 103, unix.SYS_SYSLOG},
	{"pivot_root", 155, unix.SYS_PIVOT_ROOT},
	{"chroot", 161, unix.SYS_CHROOT},
	{"acct", 163, unix.SYS_ACCT},
	{"mount", 165, unix.SYS_MOUNT},
	{"umount2", 166, unix.SYS_UMOUNT2},
	{"swapon", 167, unix.SYS_SWAPON},
	{"swapoff", 168, unix.SYS_SWAPOFF},
	{"reboot", 169, unix.SYS_REBOOT},
	{"init_module", 175, unix.SYS_INIT_MODULE},
	{"delete_module", 176, unix.SYS_DELETE_MODULE},
	{"quotactl", 179, unix.SYS_QUOTACTL},
	{"io_setup", 206, unix.SYS_IO_SETUP},
	{"io_destroy", 207, unix.SYS_IO_DESTROY},
	{"io_getevents", 208, unix.SYS_IO_GETEVENTS},
	{"io_submit", 209, unix.SYS_IO_SUBMIT},
	{"io_cancel", 210, unix.SYS_IO_CANCEL},
	{"lookup_dcookie", 212, unix.SYS_LOOKUP_DCOOKIE},
	{"mq_open", 240, unix.SYS_MQ_OPEN},
	{"mq_unlink", 241, unix.SYS_MQ_UNLINK},
	{"mq_timedsend", 242, unix.SYS_MQ_TIMEDSEND},
	{"mq_timedreceive", 243, unix.SYS_MQ_TIMEDRECEIVE},
	{"mq_notify", 244, unix.SYS_MQ_NOTIFY},
	{"mq_getsetattr", 245, unix.SYS_MQ_GETSETATTR},
	{"kexec_load", 246, unix.SYS_KEXEC_LOAD},
	{"add_key", 248, unix.SYS_ADD_KEY},
	{"request_key", 249, unix.SYS_REQUEST_KEY},
	{"inotify_init", 253, unix.SYS_INOTIFY_INIT},
	{"inotify_add_watch", 254, unix.SYS_INOTIFY_ADD_WATCH},
	{"unshare", 272, unix.SYS_UNSHARE},
	{"inotify_init1", 294, unix.SYS_INOTIFY_INIT1},
	{"perf_event_open", 298, unix.SYS_PERF_EVENT_OPEN},
	{"fanotify_init", 300, unix.SYS_FANOTIFY_INIT},
	{"name_to_handle_at", 303, unix.SYS_NAME_TO_HANDLE_AT},
	{"open_by_handle_at", 304, unix.SYS_OPEN_BY_HANDLE_AT},
	{"setns", 308, unix.SYS_SETNS},
	{"process_vm_readv", 310, unix.SYS_PROCESS_VM_READV},
	{"process_vm_writev", 311, unix.SYS_PROCESS_VM_WRITEV},
	{"kcmp", 312, unix.SYS_KCMP},
	{"finit_module", 313, unix.SYS_FINIT_MODULE},
	{"kexec_file_load", 320, unix.SYS_KEXEC_FILE_LOAD},
	{"bpf", 321, unix.SYS_BPF},
	{"userfaultfd", 323, unix.SYS_USERFAULTFD},
	{"io_pgetevents", 333, unix.SYS_IO_PGETEVENTS},
	{"io_uring_setup", 425, unix.SYS_IO_URING_SETUP},
	{"io_uring_enter", 426, unix.SYS_IO_URING_ENTER},
	{"io_uring_register", 427, unix.SYS_IO_URING_REGISTER},
	{"open_tree", 428, unix.SYS_OPEN_TREE},
	{"move_mount", 429, unix.SYS_MOVE_MOUNT},
	{"fsopen", 430, unix.SYS_FSOPEN},
	{"fsconfig", 431, unix.SYS_FSCONFIG},
	{"fsmount", 432, unix.SYS_FSMOUNT},
	{"fspick", 433, unix.SYS_FSPICK},
	{"pidfd_getfd", 438, unix.SYS_PIDFD_GETFD},
	{"mount_setattr", 442, unix.SYS_MOUNT_SETATTR},
}

// TestFilterRefusesByNumber runs every variant of the filter on each call
// of mustRefuse, with no arguments and with arguments that pass other
// rules: each is EPERM. (keyctl is refused too, but for the one call a
// forking helper needs: TestFilter checks it.)
func TestFilterRefusesByNumber(t *testing.T) {
	for _, c := range mustRefuse {
		if c.nr != c.sys {
			t.Errorf("%s: the table says %d, x/sys/unix %d", c.name, c.nr, c.sys)
		}
	}
	for _, locks := range []bool{false, true} {
		for _, trace := range []bool{false, true} {
			for _, forker := range []bool{false, true} {
				kind := filterKind{allowLocks: locks, trace: trace, forker: forker}
				vm := filterVM(t, kind)
				for _, c := range mustRefuse {
					for _, args := range [][]uint64{nil, {0, 0, 0}, {1 << 32, ^uint64(0), 3}} {
						r, err := vm.Run(seccompData(unix.AUDIT_ARCH_X86_64, c.nr, 0, args...))
						if err != nil {
							t.Fatal(err)
						}
						if got := retName(uint32(r)); got != "EPERM" {
							t.Errorf("%+v: %s (%d) with arguments %v = %s, want EPERM", kind, c.name, c.nr, args, got)
						}
					}
				}
			}
		}
	}
}
