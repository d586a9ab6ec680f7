import { Card } from "../components/ui/card.tsx";
import { PageContainer, PageHeader } from "../components/ui/page-header.tsx";
import { ContactForm } from "../features/contact/components/contact-form.tsx";

/** /feedback: the support form (POST /users/contact), asking for ideas and problems. */
export function FeedbackPage() {
  return (
    <PageContainer narrow>
      <PageHeader eyebrow="Feedback" title="Tell us what to improve">
        An idea, something that confused you, or a bug: your message goes straight to our support team.
      </PageHeader>
      <Card className="mt-12 p-6 sm:p-8">
        <h2 className="mb-6 text-lg font-semibold text-slate-900 dark:text-white">Send feedback</h2>
        <ContactForm />
      </Card>
    </PageContainer>
  );
}
