import { Quote, Star } from "lucide-react";
import { SectionHeading } from "./section-heading.tsx";

const testimonials = [
  {
    name: "Priya Sharma",
    role: "Senior Software Engineer",
    text: "We run our interview loops in CodeRoom now. Candidates code, we watch live and run their solution instantly.",
  },
  {
    name: "Arjun Mehta",
    role: "Computer Science Student",
    text: "Our study group solves problems together every evening. Sharing a room ID is all it takes.",
  },
  {
    name: "Sneha Iyer",
    role: "Engineering Manager",
    text: "Code reviews with the author in the same editor are faster than any comment thread.",
  },
];

/** Three sample testimonials with fixed names and roles (spec §1). */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-white py-20 dark:bg-slate-900/50">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Loved by developers and teams" />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900">
                <Quote className="size-7 text-indigo-300 dark:text-indigo-500/60" aria-hidden />
                <div className="mt-3 flex gap-0.5 text-amber-400" aria-label="5 out of 5 stars" role="img">
                  {[0, 1, 2, 3, 4].map((i) => (
                    <Star key={i} className="size-4 fill-current" aria-hidden />
                  ))}
                </div>
                <blockquote className="mt-3 flex-1 text-sm leading-6 text-slate-700 dark:text-slate-300">{t.text}</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white">
                    {t.name.split(" ").map((w) => w[0]).join("")}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-slate-900 dark:text-white">{t.name}</span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
