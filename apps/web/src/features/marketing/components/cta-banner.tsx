import { Link } from "react-router";
import { ArrowRight } from "lucide-react";

/** Closing call to action: "Get Started Free" to the dashboard. */
export function CtaBanner() {
  return (
    <section className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-700 px-6 py-14 text-center shadow-xl sm:px-12">
        <h2 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Ready to code with your team?</h2>
        <p className="mx-auto mt-4 max-w-xl text-indigo-100">
          Create your first room in seconds. The Free plan needs no card.
        </p>
        <Link
          to="/dashboard"
          className="mt-8 inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-white px-6 text-base font-semibold text-indigo-700 shadow-sm transition-colors hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Get Started Free
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    </section>
  );
}
