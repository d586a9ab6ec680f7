import type { LanguageSample } from "./samples-compiled";

/** Samples of the JVM, Mono and interpreted languages, by Judge0 id. */
export const otherSamples: Record<number, LanguageSample> = {
  62: {
    echo: 'import java.util.Scanner;\n\npublic class Main {\n    public static void main(String[] args) {\n        Scanner sc = new Scanner(System.in);\n        System.out.println("echo: " + sc.nextLine());\n    }\n}\n',
    syntaxError: "public class Main { public static void main(String[] args) { int x = } }\n",
    runtimeError: "public class Main { public static void main(String[] a) { int[] x = new int[1]; System.out.println(x[2]); } }\n",
  },
  78: {
    echo: 'fun main() {\n    val line = readLine()\n    println("echo: $line")\n}\n',
    syntaxError: "fun main() { val x = }\n",
    runtimeError: 'fun main() { throw IllegalStateException("boom") }\n',
  },
  81: {
    echo: 'object Main {\n  def main(args: Array[String]): Unit = {\n    val line = scala.io.StdIn.readLine()\n    println("echo: " + line)\n  }\n}\n',
    syntaxError: "object Main { def main(args: Array[String]): Unit = { val x = } }\n",
    runtimeError: 'object Main { def main(args: Array[String]): Unit = throw new RuntimeException("boom") }\n',
  },
  88: {
    echo: 'def line = System.in.newReader().readLine()\nprintln "echo: $line"\n',
    syntaxError: "def x = \n",
    runtimeError: 'throw new RuntimeException("boom")\n',
  },
  86: {
    echo: '(println (str "echo: " (read-line)))\n',
    syntaxError: '(println "x"\n',
    runtimeError: "(println (/ 1 0))\n",
  },
  51: {
    echo: 'using System;\n\npublic class Program\n{\n    public static void Main()\n    {\n        var line = Console.ReadLine();\n        Console.WriteLine("echo: " + line);\n    }\n}\n',
    syntaxError: "public class Program { public static void Main() { int x = } }\n",
    runtimeError: 'public class Program { public static void Main() { throw new System.Exception("boom"); } }\n',
  },
  71: { echo: 'line = input()\nprint("echo: " + line)\n', syntaxError: 'print("x"\n', runtimeError: 'raise RuntimeError("boom")\n' },
  63: {
    echo: 'const line = require("fs").readFileSync(0, "utf8").split("\\n")[0];\nconsole.log("echo: " + line);\n',
    syntaxError: 'console.log("x"\n',
    runtimeError: 'throw new Error("boom");\n',
  },
  74: {
    echo: 'declare const require: any;\nconst line: string = require("fs").readFileSync(0, "utf8").split("\\n")[0];\nconsole.log("echo: " + line);\n',
    syntaxError: 'const x: number = "text";\n',
    runtimeError: 'throw new Error("boom");\n',
  },
  72: { echo: 'line = gets\nputs "echo: #{line}"\n', syntaxError: "puts(\n", runtimeError: 'raise "boom"\n' },
  68: {
    echo: '<?php\n$line = trim(fgets(STDIN));\necho "echo: $line\\n";\n',
    syntaxError: '<?php\necho "x"\n',
    runtimeError: '<?php\nthrow new Exception("boom");\n',
  },
  85: { echo: 'my $line = <STDIN>;\nprint "echo: $line";\n', syntaxError: "my $x = ;\n", runtimeError: 'die "boom\\n";\n' },
  64: { echo: 'local line = io.read("l")\nprint("echo: " .. line)\n', syntaxError: 'print("x"\n', runtimeError: 'error("boom")\n' },
  46: { echo: 'read -r line\necho "echo: $line"\n', syntaxError: "if then fi\n", runtimeError: "kill -SEGV $$\n" },
  80: {
    echo: 'line <- readLines(file("stdin"), n = 1)\ncat(paste0("echo: ", line, "\\n"))\n',
    syntaxError: 'cat("x"\n',
    runtimeError: 'stop("boom")\n',
  },
  66: { echo: 'line = fgetl(stdin);\nprintf("echo: %s\\n", line);\n', syntaxError: 'printf("x"\n', runtimeError: 'error("boom");\n' },
  57: {
    echo: 'line = IO.gets("") |> String.trim()\nIO.puts("echo: " <> line)\n',
    syntaxError: 'IO.puts("x"\n',
    runtimeError: 'raise "boom"\n',
  },
  58: {
    echo: '-module(main).\n-export([main/1]).\n\nmain(_) ->\n    Line = string:trim(io:get_line("")),\n    io:format("echo: ~s~n", [Line]).\n',
    syntaxError: '-module(main).\n-export([main/1]).\n\nmain(_) -> io:format("x"\n',
    runtimeError: "-module(main).\n-export([main/1]).\n\nmain(_) -> erlang:error(boom).\n",
  },
  82: {
    echo: "CREATE TABLE t(line TEXT);\n.import /dev/stdin t\nSELECT 'echo: ' || line FROM t;\n",
    syntaxError: "SELEC 1;\n",
    runtimeError: "SELECT abs(-9223372036854775808);\n",
  },
};
