//go:build linux

package sandbox

import (
	"fmt"
	"unsafe"

	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// Return values of a seccomp filter (seccomp(2)).
const (
	retKillProcess = unix.SECCOMP_RET_KILL_PROCESS
	retTrace       = unix.SECCOMP_RET_TRACE
	retAllow       = unix.SECCOMP_RET_ALLOW
)

// retErrno is the filter's return value that fails a call with errno e.
func retErrno(e unix.Errno) uint32 { return unix.SECCOMP_RET_ERRNO | uint32(e)&unix.SECCOMP_RET_DATA }

// Offsets into struct seccomp_data.
const (
	dataNr   = 0
	dataArch = 4
	dataIP   = 8  // instruction_pointer, 64 bits
	dataArgs = 16 // args[6], 64 bits each
)

// A rule returns ret for system call nr when all its conds hold (always,
// if it has none).
type rule struct {
	nr    uint32
	conds []cond
	ret   uint32
}

// A cond tests one argument of a system call. Arguments are 64 bits in
// seccomp_data and a filter reads 32 at a time, so each op says how the
// halves combine. A rule refuses when its conds hold: every op errs
// toward holding when the kernel would read the argument differently.
type cond struct {
	arg int // 0 to 5
	op  condOp
	val uint64
}

type condOp int

const (
	// lowEqual: the argument's low 32 bits equal val, whatever its high
	// bits. For arguments the kernel reads as int or unsigned int (fcntl's
	// command): a value with high bits set is still the same command to
	// the kernel, so comparing all 64 bits would let it through.
	lowEqual condOp = iota
	// notEqual: the argument, all 64 bits, differs from val.
	notEqual
	// anyBit: the argument has a bit of val set.
	anyBit
)

// argWords returns the offsets of the low and high 32-bit halves of
// argument i in seccomp_data, which is in the machine's byte order.
func argWords(i int) (lo, hi uint32) {
	off := uint32(dataArgs + 8*i)
	if bigEndian() {
		return off + 4, off
	}
	return off, off + 4
}

func bigEndian() bool {
	var x uint16 = 1
	return *(*byte)(unsafe.Pointer(&x)) == 0
}

// compileRules returns filter instructions that apply rules in order and
// then allow the call. The filter's jumps are relative and at most 255
// instructions long, so each rule is compiled on its own: a failed test
// jumps to the next rule's first instruction.
func compileRules(rules []rule) ([]bpf.Instruction, error) {
	var p []bpf.Instruction
	for _, r := range rules {
		body, err := compileRule(r)
		if err != nil {
			return nil, err
		}
		p = append(p, body...)
	}
	return append(p, bpf.RetConstant{Val: retAllow}), nil
}

// next marks a jump to the end of the rule being compiled; compileRule
// replaces it with the real distance.
const next = 0xff

// compileRule compiles one rule: the instructions end with its return,
// and every jump marked next goes to the instruction after them.
func compileRule(r rule) ([]bpf.Instruction, error) {
	p := []bpf.Instruction{
		bpf.LoadAbsolute{Off: dataNr, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: r.nr, SkipFalse: next},
	}
	for _, c := range r.conds {
		if c.arg < 0 || c.arg > 5 {
			return nil, fmt.Errorf("seccomp: system call %d: no argument %d", r.nr, c.arg)
		}
		lo, hi := argWords(c.arg)
		vlo, vhi := uint32(c.val), uint32(c.val>>32)
		switch c.op {
		case lowEqual:
			if vhi != 0 {
				return nil, fmt.Errorf("seccomp: system call %d: %#x is not a 32-bit value", r.nr, c.val)
			}
			p = append(p,
				bpf.LoadAbsolute{Off: lo, Size: 4},
				bpf.JumpIf{Cond: bpf.JumpEqual, Val: vlo, SkipFalse: next})
		case notEqual:
			p = append(p,
				bpf.LoadAbsolute{Off: hi, Size: 4},
				bpf.JumpIf{Cond: bpf.JumpEqual, Val: vhi, SkipFalse: 2}, // high halves differ: holds
				bpf.LoadAbsolute{Off: lo, Size: 4},
				bpf.JumpIf{Cond: bpf.JumpEqual, Val: vlo, SkipTrue: next})
		case anyBit:
			p = append(p,
				bpf.LoadAbsolute{Off: hi, Size: 4},
				bpf.JumpIf{Cond: bpf.JumpBitsSet, Val: vhi, SkipTrue: 2}, // a high bit: holds
				bpf.LoadAbsolute{Off: lo, Size: 4},
				bpf.JumpIf{Cond: bpf.JumpBitsSet, Val: vlo, SkipFalse: next})
		default:
			return nil, fmt.Errorf("seccomp: system call %d: unknown operation %d", r.nr, c.op)
		}
	}
	p = append(p, bpf.RetConstant{Val: r.ret})
	if len(p) > next {
		return nil, fmt.Errorf("seccomp: system call %d: rule too long (%d instructions)", r.nr, len(p))
	}
	for i, in := range p {
		if j, ok := in.(bpf.JumpIf); ok {
			toEnd := uint8(len(p) - i - 1)
			if j.SkipTrue == next {
				j.SkipTrue = toEnd
			}
			if j.SkipFalse == next {
				j.SkipFalse = toEnd
			}
			p[i] = j
		}
	}
	return p, nil
}

// toSockFprog assembles p into the form seccomp(2) takes.
func toSockFprog(p []bpf.Instruction) (*unix.SockFprog, error) {
	raw, err := bpf.Assemble(p)
	if err != nil {
		return nil, fmt.Errorf("seccomp: %w", err)
	}
	if len(raw) > unix.BPF_MAXINSNS {
		return nil, fmt.Errorf("seccomp: filter of %d instructions", len(raw))
	}
	filter := make([]unix.SockFilter, len(raw))
	for i, r := range raw {
		filter[i] = unix.SockFilter{Code: r.Op, Jt: r.Jt, Jf: r.Jf, K: r.K}
	}
	return &unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}, nil
}
