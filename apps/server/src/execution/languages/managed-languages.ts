import { JVM_ETC, jvmFlags, type CommandContext, type LanguageSpec } from "./language-spec";

/** For the launcher scripts (kotlinc, scalac, scala, groovy) that read JAVA_OPTS. */
const javaOpts = (ctx: CommandContext) => ({
  JAVA_OPTS: [...jvmFlags(ctx), "-XX:TieredStopAtLevel=1"].join(" "),
});

/** Languages on the JVM or on Mono. */
export const managedLanguages: LanguageSpec[] = [
  {
    id: 62,
    label: "Java (OpenJDK %s)",
    name: "Java",
    monacoId: "java",
    requires: ["javac", "java"],
    version: { argv: ["javac", "-version"], pattern: /javac (\S+)/ },
    etc: JVM_ETC,
    source: "Main.java",
    compile: (ctx) => [
      "javac",
      `-J-Xmx${ctx.heapMb}m`,
      "-J-XX:+UseSerialGC",
      "-J-XX:TieredStopAtLevel=1",
      "-encoding",
      "UTF-8",
      "Main.java",
    ],
    run: (ctx) => ["java", ...jvmFlags(ctx), "-cp", ".", "Main"],
    judge0Name: /^Java \(/,
    starter: `public class Main {
    public static void main(String[] args) {
        System.out.println("Hello, World!");
    }
}
`,
  },
  {
    id: 78,
    label: "Kotlin (%s)",
    name: "Kotlin",
    monacoId: "kotlin",
    requires: ["kotlinc", "java"],
    version: { argv: ["kotlinc", "-version"], pattern: /kotlinc-jvm (\d+\.\d+(?:\.\d+)?)/ },
    etc: JVM_ETC,
    source: "main.kt",
    compile: ["kotlinc", "main.kt", "-include-runtime", "-d", "main.jar"],
    run: (ctx) => ["java", ...jvmFlags(ctx), "-jar", "main.jar"],
    env: javaOpts,
    quiet: /^OpenJDK 64-Bit Server VM warning: Options -Xverify:none and -noverify were deprecated.*\n?/gm,
    starter: `fun main() {
    println("Hello, World!")
}
`,
  },
  {
    id: 81,
    label: "Scala (%s)",
    name: "Scala",
    monacoId: "scala",
    requires: ["scalac", "scala"],
    version: { argv: ["scala", "-version"], pattern: /version (\d+\.\d+\.\d+)/ },
    etc: JVM_ETC,
    source: "main.scala",
    compile: ["scalac", "main.scala"],
    run: ["scala", "Main"],
    env: javaOpts,
    starter: `object Main {
  def main(args: Array[String]): Unit = {
    println("Hello, World!")
  }
}
`,
  },
  {
    id: 88,
    label: "Groovy (%s)",
    name: "Groovy",
    monacoId: "plaintext",
    requires: ["groovy"],
    version: { argv: ["groovy", "--version"], pattern: /Groovy Version: (\S+)/ },
    etc: [...JVM_ETC, "/etc/groovy"],
    source: "main.groovy",
    run: ["groovy", "main.groovy"],
    env: javaOpts,
    starter: `println "Hello, World!"
`,
  },
  {
    id: 86,
    label: "Clojure (%s)",
    name: "Clojure",
    monacoId: "clojure",
    requires: ["java", "/usr/share/java/clojure.jar"],
    version: {
      argv: ["java", "-cp", "/usr/share/java/clojure.jar", "clojure.main", "-e", "(print (clojure-version))"],
      pattern: /^(\d+\.\d+\.\d+)/,
    },
    etc: JVM_ETC,
    source: "main.clj",
    run: (ctx) => ["java", ...jvmFlags(ctx), "-cp", "/usr/share/java/clojure.jar", "clojure.main", "main.clj"],
    starter: `(println "Hello, World!")
`,
  },
  {
    id: 51,
    label: "C# (Mono %s)",
    name: "CSharp",
    monacoId: "csharp",
    requires: ["mcs", "mono"],
    version: { argv: ["mono", "--version"], pattern: /version (\d+(?:\.\d+)+)/ },
    etc: ["/etc/mono"],
    source: "main.cs",
    compile: ["mcs", "-out:main.exe", "main.cs"],
    run: ["mono", "main.exe"],
    env: (ctx) => ({ MONO_GC_PARAMS: `max-heap-size=${ctx.heapMb}m` }),
    starter: `using System;

public class Program
{
    public static void Main()
    {
        Console.WriteLine("Hello, World!");
    }
}
`,
  },
];
