/** Programs the per-language tests run: read a line and echo it, one that does not compile, one that fails at run time. */
export interface LanguageSample {
  echo: string;
  syntaxError: string;
  runtimeError: string;
}

const cEcho = `#include <stdio.h>
int main(void) {
    char line[256];
    if (fgets(line, sizeof line, stdin)) printf("echo: %s", line);
    return 0;
}
`;
const cppEcho = `#include <iostream>
#include <string>
int main() {
    std::string line;
    std::getline(std::cin, line);
    std::cout << "echo: " << line << std::endl;
}
`;
const cSamples: LanguageSample = { echo: cEcho, syntaxError: "int main(void) { return }", runtimeError: "#include <stdlib.h>\nint main(void) { abort(); }\n" };
const cppSamples: LanguageSample = {
  echo: cppEcho,
  syntaxError: "#include <iostream>\nint main() { std::cout << }",
  runtimeError: '#include <stdexcept>\nint main() { throw std::runtime_error("boom"); }\n',
};

/** Samples of the ahead-of-time compiled languages, by Judge0 id. */
export const compiledSamples: Record<number, LanguageSample> = {
  50: cSamples,
  75: cSamples,
  54: cppSamples,
  76: cppSamples,
  79: { ...cSamples, echo: `#import <Foundation/Foundation.h>\n${cEcho.replace("#include <stdio.h>\n", "")}` },
  45: {
    echo: `section .data
    prefix db "echo: "
    plen equ $ - prefix
section .bss
    buf resb 256
section .text
    global _start
_start:
    mov rax, 0
    mov rdi, 0
    mov rsi, buf
    mov rdx, 256
    syscall
    mov r12, rax
    mov rax, 1
    mov rdi, 1
    mov rsi, prefix
    mov rdx, plen
    syscall
    mov rax, 1
    mov rdi, 1
    mov rsi, buf
    mov rdx, r12
    syscall
    mov rax, 60
    xor rdi, rdi
    syscall
`,
    syntaxError: "section .text\n    global _start\n_start:\n    mov rax,\n",
    runtimeError: "section .text\n    global _start\n_start:\n    mov rax, [0]\n",
  },
  59: {
    echo: "program echo\n    character(len=256) :: line\n    read(*, '(a)') line\n    print '(a,a)', 'echo: ', trim(line)\nend program echo\n",
    syntaxError: "program bad\n    print *, (\nend program bad\n",
    runtimeError: "program crash\n    error stop 3\nend program crash\n",
  },
  67: {
    echo: "program Echo;\nvar line: string;\nbegin\n    readln(line);\n    writeln('echo: ', line);\nend.\n",
    syntaxError: "program Bad;\nbegin\n    writeln('x'\nend.\n",
    runtimeError: "program Crash;\nvar a, b: integer;\nbegin\n    a := 1; b := 0;\n    writeln(a div b);\nend.\n",
  },
  56: {
    echo: 'import std.stdio, std.string;\nvoid main() {\n    auto line = readln().chomp;\n    writeln("echo: ", line);\n}\n',
    syntaxError: 'import std.stdio;\nvoid main() { writeln("x") }\n',
    runtimeError: 'void main() { throw new Exception("boom"); }\n',
  },
  77: {
    echo: `IDENTIFICATION DIVISION.
PROGRAM-ID. ECHOER.
DATA DIVISION.
WORKING-STORAGE SECTION.
01 WS-LINE PIC X(80).
PROCEDURE DIVISION.
    ACCEPT WS-LINE.
    DISPLAY "echo: " FUNCTION TRIM(WS-LINE).
    STOP RUN.
`,
    syntaxError: 'IDENTIFICATION DIVISION.\nPROGRAM-ID. BAD.\nPROCEDURE DIVISION.\n    DISPLAY "x\n    STOP RUN.\n',
    runtimeError: "IDENTIFICATION DIVISION.\nPROGRAM-ID. CRASH.\nPROCEDURE DIVISION.\n    MOVE 3 TO RETURN-CODE.\n    STOP RUN.\n",
  },
  60: {
    echo: 'package main\n\nimport (\n    "bufio"\n    "fmt"\n    "os"\n)\n\nfunc main() {\n    line, _ := bufio.NewReader(os.Stdin).ReadString(\'\\n\')\n    fmt.Print("echo: ", line)\n}\n',
    syntaxError: "package main\n\nfunc main() {\n",
    runtimeError: 'package main\n\nfunc main() {\n    var m map[string]int\n    m["x"] = 1\n}\n',
  },
  73: {
    echo: 'fn main() {\n    let mut line = String::new();\n    std::io::stdin().read_line(&mut line).unwrap();\n    print!("echo: {}", line);\n}\n',
    syntaxError: "fn main() { let x = ; }\n",
    runtimeError: 'fn main() {\n    let v: Vec<i32> = Vec::new();\n    println!("{}", v[3]);\n}\n',
  },
  61: {
    echo: 'main :: IO ()\nmain = do\n  line <- getLine\n  putStrLn ("echo: " ++ line)\n',
    syntaxError: 'main = putStrLn "x" +\n',
    runtimeError: "main :: IO ()\nmain = print (head ([] :: [Int]))\n",
  },
  65: {
    echo: 'let () = let line = read_line () in print_endline ("echo: " ^ line)\n',
    syntaxError: 'let () = print_endline "x" in\n',
    runtimeError: "let () = raise Not_found\n",
  },
  69: {
    echo: `:- initialization(main).

read_line(Cs) :- get_char(C), ( (C == '\\n' ; C == end_of_file) -> Cs = [] ; Cs = [C|Rest], read_line(Rest) ).
main :- read_line(Cs), atom_chars(A, Cs), write('echo: '), write(A), nl.
`,
    syntaxError: ":- initialization(main).\nmain :- write('x'.\n",
    // GNU Prolog exits 0 after an uncaught error in a directive, so the program reports it itself.
    runtimeError: ":- initialization(main).\nmain :- catch((Z = 0, X is 1 // Z, write(X)), E, (write(user_error, E), nl(user_error), halt(1))).\n",
  },
  55: {
    echo: '(let ((line (read-line))) (format t "echo: ~a~%" line))\n',
    syntaxError: '(format t "x"\n',
    runtimeError: '(error "boom")\n',
  },
};
