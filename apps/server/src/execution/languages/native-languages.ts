import { semver, sh, type LanguageSpec } from "./language-spec";

const gccVersion = { argv: ["gcc", "-dumpfullversion"], pattern: semver };
const clangVersion = { argv: ["clang", "--version"], pattern: /clang version (\d+\.\d+\.\d+)/ };

const cHello = `#include <stdio.h>

int main(void) {
    printf("Hello, World!\\n");
    return 0;
}
`;
const cppHello = `#include <iostream>

int main() {
    std::cout << "Hello, World!" << std::endl;
    return 0;
}
`;

/** Languages compiled ahead of time to a native binary (and SBCL, which compiles as it loads). */
export const nativeLanguages: LanguageSpec[] = [
  {
    id: 50,
    label: "C (GCC %s)",
    name: "C",
    monacoId: "c",
    requires: ["gcc"],
    version: gccVersion,
    source: "main.c",
    compile: ["gcc", "-O2", "-pipe", "-o", "main", "main.c", "-lm"],
    run: ["./main"],
    starter: cHello,
  },
  {
    id: 54,
    label: "C++ (GCC %s)",
    name: "CPP",
    monacoId: "cpp",
    requires: ["g++"],
    version: { argv: ["g++", "-dumpfullversion"], pattern: semver },
    source: "main.cpp",
    compile: ["g++", "-O2", "-pipe", "-std=gnu++17", "-o", "main", "main.cpp"],
    run: ["./main"],
    starter: cppHello,
  },
  {
    id: 75,
    label: "C (Clang %s)",
    name: "C",
    monacoId: "c",
    requires: ["clang"],
    version: clangVersion,
    source: "main.c",
    compile: ["clang", "-O2", "-o", "main", "main.c", "-lm"],
    run: ["./main"],
    starter: cHello,
  },
  {
    id: 76,
    label: "C++ (Clang %s)",
    name: "CPP",
    monacoId: "cpp",
    requires: ["clang++"],
    version: clangVersion,
    source: "main.cpp",
    compile: ["clang++", "-O2", "-std=c++17", "-o", "main", "main.cpp"],
    run: ["./main"],
    starter: cppHello,
  },
  {
    id: 79,
    label: "Objective-C (GCC %s)",
    name: "Objective-C",
    monacoId: "objective-c",
    requires: ["gcc", "gnustep-config", "/usr/include/GNUstep/Foundation/Foundation.h"],
    version: gccVersion,
    etc: ["/etc/GNUstep"],
    source: "main.m",
    compile: sh('gcc $(gnustep-config --objc-flags) -w -o main main.m $(gnustep-config --base-libs)'),
    run: ["./main"],
    judge0Name: /^Objective-C \(/,
    starter: `#import <Foundation/Foundation.h>

int main(void) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    NSString *message = @"Hello, World!";
    printf("%s\\n", [message UTF8String]);
    [pool drain];
    return 0;
}
`,
  },
  {
    id: 45,
    label: "Assembly (NASM %s)",
    name: "Assembly",
    monacoId: "plaintext",
    requires: ["nasm", "ld"],
    version: { argv: ["nasm", "-v"], pattern: semver },
    source: "main.asm",
    compile: sh("nasm -f elf64 -o main.o main.asm && ld -o main main.o"),
    run: ["./main"],
    starter: `section .data
    msg db "Hello, World!", 10
    len equ $ - msg

section .text
    global _start

_start:
    mov rax, 1          ; write(1, msg, len)
    mov rdi, 1
    mov rsi, msg
    mov rdx, len
    syscall
    mov rax, 60         ; exit(0)
    xor rdi, rdi
    syscall
`,
  },
  {
    id: 59,
    label: "Fortran (GFortran %s)",
    name: "Fortran",
    monacoId: "plaintext",
    requires: ["gfortran"],
    version: { argv: ["gfortran", "-dumpfullversion"], pattern: semver },
    source: "main.f90",
    compile: ["gfortran", "-O2", "-o", "main", "main.f90"],
    run: ["./main"],
    starter: `program hello
    print "(a)", "Hello, World!"
end program hello
`,
  },
  {
    id: 67,
    label: "Pascal (FPC %s)",
    name: "Pascal",
    monacoId: "pascal",
    requires: ["fpc"],
    version: { argv: ["fpc", "-iV"], pattern: semver },
    etc: ["/etc/fpc.cfg"],
    source: "main.pas",
    compile: ["fpc", "-O2", "-l-", "-v0e", "-omain", "main.pas"],
    run: ["./main"],
    starter: `program Hello;
begin
    writeln('Hello, World!');
end.
`,
  },
  {
    id: 56,
    label: "D (LDC %s)",
    name: "D",
    monacoId: "plaintext",
    requires: ["ldc2"],
    version: { argv: ["ldc2", "--version"], pattern: /\((\d+\.\d+\.\d+)\)/ },
    etc: ["/etc/ldc2.conf"],
    source: "main.d",
    compile: ["ldc2", "-of=main", "main.d"],
    run: ["./main"],
    judge0Name: /^D \(/,
    starter: `import std.stdio;

void main() {
    writeln("Hello, World!");
}
`,
  },
  {
    id: 77,
    label: "COBOL (GnuCOBOL %s)",
    name: "COBOL",
    monacoId: "plaintext",
    requires: ["cobc"],
    version: { argv: ["cobc", "--version"], pattern: semver },
    etc: ["/etc/gnucobol"],
    source: "main.cob",
    compile: ["cobc", "-x", "-free", "-o", "main", "main.cob"],
    run: ["./main"],
    starter: `IDENTIFICATION DIVISION.
PROGRAM-ID. HELLO.
PROCEDURE DIVISION.
    DISPLAY "Hello, World!".
    STOP RUN.
`,
  },
  {
    id: 60,
    label: "Go (%s)",
    name: "Go",
    monacoId: "go",
    requires: ["go"],
    version: { argv: ["go", "version"], pattern: /go(\d+\.\d+(?:\.\d+)?)/ },
    source: "main.go",
    compile: ["go", "build", "-o", "main", "main.go"],
    run: ["./main"],
    env: (ctx) => ({
      GOCACHE: "/tmp/go-cache",
      GOPATH: "/tmp/go",
      GOPROXY: "off",
      GOTOOLCHAIN: "local",
      GOMAXPROCS: String(ctx.cores),
    }),
    starter: `package main

import "fmt"

func main() {
    fmt.Println("Hello, World!")
}
`,
  },
  {
    id: 73,
    label: "Rust (%s)",
    name: "Rust",
    monacoId: "rust",
    requires: ["rustc"],
    version: { argv: ["rustc", "--version"], pattern: semver },
    source: "main.rs",
    compile: ["rustc", "-o", "main", "main.rs"],
    run: ["./main"],
    starter: `fn main() {
    println!("Hello, World!");
}
`,
  },
  {
    id: 61,
    label: "Haskell (GHC %s)",
    name: "Haskell",
    monacoId: "plaintext",
    requires: ["ghc"],
    version: { argv: ["ghc", "--numeric-version"], pattern: semver },
    etc: ["/var/lib/ghc"],
    source: "main.hs",
    compile: ["ghc", "-v0", "-o", "main", "main.hs"],
    run: ["./main"],
    starter: `main :: IO ()
main = putStrLn "Hello, World!"
`,
  },
  {
    id: 65,
    label: "OCaml (%s)",
    name: "OCaml",
    monacoId: "plaintext",
    requires: ["ocamlopt"],
    version: { argv: ["ocamlopt", "-version"], pattern: semver },
    source: "main.ml",
    compile: ["ocamlopt", "-o", "main", "main.ml"],
    run: ["./main"],
    starter: `let () = print_endline "Hello, World!"
`,
  },
  {
    id: 69,
    label: "Prolog (GNU Prolog %s)",
    name: "Prolog",
    monacoId: "plaintext",
    requires: ["gplc"],
    version: { argv: ["gplc", "--version"], pattern: semver },
    source: "main.pro",
    compile: ["gplc", "--no-top-level", "-o", "main", "main.pro"],
    run: ["./main"],
    starter: `:- initialization(main).

main :- write('Hello, World!'), nl.
`,
  },
  {
    id: 55,
    label: "Common Lisp (SBCL %s)",
    name: "Common Lisp",
    monacoId: "plaintext",
    requires: ["sbcl"],
    version: { argv: ["sbcl", "--version"], pattern: semver },
    source: "main.lisp",
    run: (ctx) => ["sbcl", "--dynamic-space-size", `${ctx.heapMb}MB`, "--script", "main.lisp"],
    starter: `(write-line "Hello, World!")
`,
  },
];
