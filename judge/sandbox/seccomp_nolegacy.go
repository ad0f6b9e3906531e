//go:build linux && (arm64 || riscv64 || loong64)

package sandbox

// legacySyscalls: these architectures have only the newer variants.
var legacySyscalls []uint32
