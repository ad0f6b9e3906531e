#!/usr/bin/env bash
# cgroup-v2-vm.sh: run the sandbox's tests and hostile-submission suite on a
# real cgroup v2 kernel: Debian's linux-image-amd64, booted under qemu with
# TCG (no KVM needed) from a small initramfs built without root.
#
#   scripts/cgroup-v2-vm.sh [CACHE_DIR] [-- TEST_FLAGS...]
#
# CACHE_DIR (default ${XDG_CACHE_HOME:-$HOME/.cache}/sudoku-judge/cgroup-v2-vm)
# keeps the kernel between runs. TEST_FLAGS go to the sandbox's test binary
# (default: every test, verbose; try -test.run TestHostile). Inside, the tests
# run as root with only cgroup2 mounted, then as uid 65534 in a delegated
# cgroup subtree (scripts/vminit). Exit status: 0 passed, 1 failed, 2 could
# not run (no qemu and not root to install it, no kernel to be had).
set -euo pipefail
cd "$(dirname "$0")/.."

cache=${XDG_CACHE_HOME:-$HOME/.cache}/sudoku-judge/cgroup-v2-vm
if [ $# -gt 0 ] && [ "$1" != -- ]; then cache=$1; shift; fi
[ "${1:-}" = -- ] && shift
flags=("$@")
[ ${#flags[@]} -gt 0 ] || flags=(-test.v -test.timeout 10m)
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

cannot() { echo "cgroup-v2-vm: cannot run: $*" >&2; exit 2; }
say() { echo "cgroup-v2-vm: $*" >&2; }

# 1. qemu, gcc (for the static test programs) and a static busybox.
need=()
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
command -v gcc >/dev/null || need+=(gcc)
[ -e /usr/include/stdio.h ] || need+=(libc6-dev)
command -v cpio >/dev/null || need+=(cpio)
# The suite's shell tests (uid slots, compile features) run /bin/sh, id, date,
# sleep and touch inside the VM: a static busybox provides them.
static_busybox() { local b; b=$(command -v busybox) && ! ldd "$b" >/dev/null 2>&1; }
static_busybox || need+=(busybox-static)
if [ ${#need[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || cannot "missing ${need[*]} and not root to apt-get install them"
  command -v apt-get >/dev/null || cannot "missing ${need[*]} and no apt-get"
  say "installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
command -v go >/dev/null || cannot "no go toolchain"

# 2. The kernel: the image package's vmlinuz only, decompressed once to an
# ELF vmlinux for a faster (PVH) boot when that works.
kernel=$cache/vmlinux
if [ ! -s "$kernel" ] && [ ! -s "$cache/vmlinuz" ]; then
  command -v apt-get >/dev/null || cannot "no kernel in $cache and no apt-get to download one"
  pkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
  if [ -z "$pkg" ]; then
    [ "$(id -u)" = 0 ] || cannot "apt knows no linux-image-amd64 (apt-get update needs root)"
    apt-get update -qq
    pkg=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
  fi
  [ -n "$pkg" ] || cannot "apt knows no linux-image-amd64"
  say "downloading $pkg (kernel only)"
  dl=$(mktemp -d)
  (cd "$dl" && apt-get download -q "$pkg" >/dev/null) || cannot "apt-get download $pkg failed"
  dpkg-deb --fsys-tarfile "$dl"/*.deb | tar -x -C "$dl" --wildcards './boot/vmlinuz-*'
  mv "$dl"/boot/vmlinuz-* "$cache/vmlinuz"
  rm -rf "$dl"
  # The payload is xz-compressed after the bzImage setup code.
  off=$(grep -abo $'\xfd7zXZ\x00' "$cache/vmlinuz" | head -1 | cut -d: -f1 || true)
  if [ -n "$off" ]; then
    tail -c +$((off + 1)) "$cache/vmlinuz" | xz -dcq >"$cache/vmlinux.tmp" 2>/dev/null || true
    if [ "$(head -c 4 "$cache/vmlinux.tmp" | od -An -tx1 | tr -d ' ')" = 7f454c46 ]; then
      mv "$cache/vmlinux.tmp" "$kernel"
    fi
  fi
  rm -f "$cache/vmlinux.tmp"
fi
[ -s "$kernel" ] || kernel=$cache/vmlinuz

# 3. The initramfs: the static PID 1, the sandbox's test binary and its
# testdata, the suite's programs built statically, busybox if there is one.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"/{bin,dev,etc,proc,sys,tmp,run,var/tmp,suite/bin}
chmod 1777 "$root/var/tmp"
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n' >"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
CGO_ENABLED=0 go build -o "$root/init" ./scripts/vminit
CGO_ENABLED=0 go test -c -o "$root/suite/sandbox.test" ./judge/sandbox
cp -r judge/sandbox/testdata "$root/suite/"
for src in judge/sandbox/testdata/hostile/*.c; do
  case $src in *.compile.c) continue ;; esac
  name=$(basename "$src" .c)
  gcc -O1 -static -o "$root/suite/bin/$name" "$src"
done
gcc -O1 -static -pthread -o "$root/suite/bin/prog" judge/sandbox/testdata/prog.c
static_busybox || cannot "no static busybox for the VM's /bin/sh"
cp "$(command -v busybox)" "$root/bin/busybox"
for a in sh ls cat id date sleep touch true false echo; do ln -s busybox "$root/bin/$a"; done
(cd "$root" && find . | cpio -o -H newc --quiet) >"$work/initramfs.cpio"
say "initramfs $(du -h "$work/initramfs.cpio" | cut -f1), kernel $(basename "$kernel")"

# 4. Boot. Results come on the second serial port; isa-debug-exit gives
# 2v+1 for the v init writes (1 passed, 3 failed); 0 means init never got
# that far.
start=$(date +%s)
set +e
# The initramfs unpacks into a tmpfs of half the memory, and holds the
# suite's 400 MiB table400: with 1.5 GiB it no longer fit, and the kernel
# booted on a partial root ("Initramfs unpacking failed").
timeout 900 qemu-system-x86_64 -machine q35 -cpu max -smp 2 -m 2560 \
  -nographic -no-reboot -monitor none \
  -kernel "$kernel" -initrd "$work/initramfs.cpio" \
  -append "console=ttyS0 quiet panic=-1 -- ${flags[*]}" \
  -serial file:"$work/console.log" -serial file:"$work/results.log" \
  -device isa-debug-exit,iobase=0xf4,iosize=0x04 </dev/null
status=$?
set -e
cp "$work/console.log" "$cache/console.log"
if grep -q "Initramfs unpacking failed" "$work/console.log"; then
  say "the initramfs did not fit in the VM's memory: its root is partial"
  status=3
fi
tr -d "\r" <"$work/results.log" | tee "$cache/results.log"
say "qemu exited $status after $(( $(date +%s) - start ))s"
case $status in
  1) exit 0 ;;
  3) exit 1 ;;
  *) say "the VM did not report a verdict; its console:"; tail -n 40 "$work/console.log" >&2; exit 1 ;;
esac
