import { Link } from "react-router";
import { ArrowRight, Heart, Lock, Rocket, Users } from "lucide-react";
import { buttonClasses } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { PageContainer, PageHeader } from "../components/ui/page-header.tsx";
import { LanguageNumber } from "../features/marketing/components/language-count.tsx";

const values = [
  { icon: Users, title: "Collaboration first", text: "Coding is a team sport. Every feature starts from two people in one room." },
  { icon: Lock, title: "Safe by default", text: "Your code runs in an isolated sandbox with strict limits and no network." },
  { icon: Rocket, title: "Zero setup", text: "A browser is all you need: no installs, no environment to configure." },
  { icon: Heart, title: "Built for learners", text: "From first programs to interview prep, CodeRoom grows with you." },
];

/** /about. */
export function AboutPage() {
  // Facts, not invented user or project counts (issue 42).
  const stats = [
    { value: "₹0", label: "To start, on the Free plan" },
    { value: "0", label: "Installs needed" },
    { value: <LanguageNumber />, label: "Languages" },
  ];
  return (
    <PageContainer>
      <PageHeader eyebrow="About us" title="We make coding together effortless">
        CodeRoom started with a simple idea: helping someone with their code should be as easy as sharing a link.
        Today developers, students and teams use it to pair program, interview, teach and learn.
      </PageHeader>
      <dl className="mx-auto mt-12 grid max-w-3xl grid-cols-3 gap-4">
        {stats.map((s) => (
          <Card key={s.label} className="flex flex-col-reverse p-5 text-center">
            <dt className="mt-1 text-xs text-slate-500 sm:text-sm dark:text-slate-400">{s.label}</dt>
            <dd className="text-2xl font-bold text-indigo-600 sm:text-3xl dark:text-indigo-400">{s.value}</dd>
          </Card>
        ))}
      </dl>
      <section aria-labelledby="values-title" className="mt-20">
        <h2 id="values-title" className="text-center text-2xl font-bold text-slate-900 dark:text-white">
          What we care about
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {values.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="flex h-full gap-4 p-6">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-600 text-white">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-16 text-center">
        <Link to="/dashboard" className={buttonClasses("primary", "lg")}>
          Start Coding
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    </PageContainer>
  );
}
