//go:build linux && !arm64 && !riscv64 && !loong64

package sandbox

import "golang.org/x/sys/unix"

// legacySyscalls are denied calls that newer architectures dropped in
// favour of a variant deniedSyscalls names.
var legacySyscalls = []uint32{unix.SYS_INOTIFY_INIT}
