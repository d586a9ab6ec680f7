/**
 * The seccomp filter every job runs under (bwrap --seccomp FD): a classic BPF program
 * built here at start-up, so it can be read and reviewed as code. It is a deny-list on
 * top of the other layers (no capabilities, no user namespaces, no network): it closes
 * kernel interfaces a program never needs and that have a history of privilege-escalation
 * bugs (io_uring, keyrings, eBPF, userfaultfd, perf events), ptrace (a job could otherwise
 * trace the sandbox's pid 1, which runs as the same uid), kernel modules, kexec, mounts
 * and file handles. Other architectures' system calls (i386 through int 0x80, x32) are refused.
 */

/** struct seccomp_data: the syscall number at offset 0, the audit arch at 4. */
const NR_OFFSET = 0;
const ARCH_OFFSET = 4;

const BPF_LD_W_ABS = 0x20;
const BPF_JEQ_K = 0x15;
const BPF_JGE_K = 0x35;
const BPF_RET_K = 0x06;

const SECCOMP_RET_ALLOW = 0x7fff0000;
const SECCOMP_RET_ERRNO = 0x00050000;
const X32_SYSCALL_BIT = 0x40000000;

export const EPERM = 1;
export const ENOSYS = 38;

interface Arch {
  audit: number;
  /** Denied calls and the errno each gets. */
  numbers: Record<DeniedCall, number>;
  /** x86_64 shares its arch value with the x32 ABI, told apart by this bit in the number. */
  x32Bit: boolean;
}

/** ENOSYS where a runtime should fall back quietly (libuv tries io_uring), EPERM elsewhere. */
export const DENIED_CALLS = {
  io_uring_setup: ENOSYS,
  io_uring_enter: ENOSYS,
  io_uring_register: ENOSYS,
  userfaultfd: ENOSYS,
  perf_event_open: ENOSYS,
  bpf: EPERM,
  keyctl: EPERM,
  add_key: EPERM,
  request_key: EPERM,
  ptrace: EPERM,
  process_vm_readv: EPERM,
  process_vm_writev: EPERM,
  pidfd_getfd: EPERM,
  kcmp: EPERM,
  kexec_load: EPERM,
  kexec_file_load: EPERM,
  init_module: EPERM,
  finit_module: EPERM,
  delete_module: EPERM,
  mount: EPERM,
  umount2: EPERM,
  pivot_root: EPERM,
  chroot: EPERM,
  open_tree: EPERM,
  move_mount: EPERM,
  fsopen: EPERM,
  fsconfig: EPERM,
  fsmount: EPERM,
  fspick: EPERM,
  mount_setattr: EPERM,
  name_to_handle_at: EPERM,
  open_by_handle_at: EPERM,
  swapon: EPERM,
  swapoff: EPERM,
  reboot: EPERM,
  syslog: EPERM,
  acct: EPERM,
  quotactl: EPERM,
  lookup_dcookie: EPERM,
} as const;
export type DeniedCall = keyof typeof DENIED_CALLS;

// prettier-ignore
const X86_64: Record<DeniedCall, number> = {
  io_uring_setup: 425, io_uring_enter: 426, io_uring_register: 427, userfaultfd: 323, perf_event_open: 298,
  bpf: 321, keyctl: 250, add_key: 248, request_key: 249, ptrace: 101, process_vm_readv: 310, process_vm_writev: 311,
  pidfd_getfd: 438, kcmp: 312, kexec_load: 246, kexec_file_load: 320, init_module: 175, finit_module: 313,
  delete_module: 176, mount: 165, umount2: 166, pivot_root: 155, chroot: 161, open_tree: 428, move_mount: 429,
  fsopen: 430, fsconfig: 431, fsmount: 432, fspick: 433, mount_setattr: 442, name_to_handle_at: 303,
  open_by_handle_at: 304, swapon: 167, swapoff: 168, reboot: 169, syslog: 103, acct: 163, quotactl: 179,
  lookup_dcookie: 212,
};

// prettier-ignore
const AARCH64: Record<DeniedCall, number> = {
  io_uring_setup: 425, io_uring_enter: 426, io_uring_register: 427, userfaultfd: 282, perf_event_open: 241,
  bpf: 280, keyctl: 219, add_key: 217, request_key: 218, ptrace: 117, process_vm_readv: 270, process_vm_writev: 271,
  pidfd_getfd: 438, kcmp: 272, kexec_load: 104, kexec_file_load: 294, init_module: 105, finit_module: 273,
  delete_module: 106, mount: 40, umount2: 39, pivot_root: 41, chroot: 51, open_tree: 428, move_mount: 429,
  fsopen: 430, fsconfig: 431, fsmount: 432, fspick: 433, mount_setattr: 442, name_to_handle_at: 264,
  open_by_handle_at: 265, swapon: 224, swapoff: 225, reboot: 142, syslog: 116, acct: 89, quotactl: 60,
  lookup_dcookie: 18,
};

const ARCHES: Record<string, Arch> = {
  x64: { audit: 0xc000003e, numbers: X86_64, x32Bit: true },
  arm64: { audit: 0xc00000b7, numbers: AARCH64, x32Bit: false },
};

/** The syscall numbers of the denied calls on this machine (tests call them by number). */
export function deniedNumbers(arch = process.arch): Record<DeniedCall, number> | null {
  return ARCHES[arch]?.numbers ?? null;
}

type Insn = [code: number, jt: number, jf: number, k: number];

/**
 * The filter for `arch` (Node's process.arch) as bwrap reads it: an array of
 * struct sock_filter { u16 code; u8 jt; u8 jf; u32 k } in host byte order.
 * Null on an architecture without a table here (the sandbox then refuses to start).
 */
export function buildSeccompFilter(arch = process.arch): Buffer | null {
  const spec = ARCHES[arch];
  if (!spec) return null;
  const calls = Object.keys(DENIED_CALLS) as DeniedCall[];
  const errnos: number[] = [...new Set(calls.map((c) => DENIED_CALLS[c]))];
  const prog: Insn[] = [];
  // Targets are the return instructions at the end: allow, then one per errno.
  const jumps: { at: number; to: number }[] = [];
  const errnoRet = (errno: number) => errnos.indexOf(errno);

  prog.push([BPF_LD_W_ABS, 0, 0, ARCH_OFFSET]);
  prog.push([BPF_JEQ_K, 1, 0, spec.audit]);
  prog.push([BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | ENOSYS]);
  prog.push([BPF_LD_W_ABS, 0, 0, NR_OFFSET]);
  if (spec.x32Bit) {
    jumps.push({ at: prog.length, to: errnoRet(ENOSYS) });
    prog.push([BPF_JGE_K, 0, 0, X32_SYSCALL_BIT]);
  }
  for (const call of calls) {
    jumps.push({ at: prog.length, to: errnoRet(DENIED_CALLS[call]) });
    prog.push([BPF_JEQ_K, 0, 0, spec.numbers[call]]);
  }
  const allowAt = prog.length;
  prog.push([BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW]);
  for (const errno of errnos) prog.push([BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | errno]);
  for (const { at, to } of jumps) {
    const target = allowAt + 1 + to;
    const offset = target - at - 1;
    if (offset > 255) throw new Error("seccomp filter too long for 8-bit jumps");
    prog[at]![1] = offset;
  }

  const buf = Buffer.alloc(prog.length * 8);
  prog.forEach(([code, jt, jf, k], i) => {
    buf.writeUInt16LE(code, i * 8);
    buf.writeUInt8(jt, i * 8 + 2);
    buf.writeUInt8(jf, i * 8 + 3);
    buf.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return buf;
}
