import { Card } from "../components/ui/card.tsx";
import { PageContainer, PageHeader } from "../components/ui/page-header.tsx";
import { ContactForm } from "../features/contact/components/contact-form.tsx";
import { ContactInfo } from "../features/contact/components/contact-info.tsx";
import { FindUs } from "../features/contact/components/find-us.tsx";

/** /contact: message form, contact details and the map. */
export function ContactPage() {
  return (
    <PageContainer>
      <PageHeader eyebrow="Contact" title="Get in touch">
        Questions about plans, a bug to report or an idea to share? We reply within 24 hours.
      </PageHeader>
      <div className="mt-12 grid gap-6 lg:grid-cols-5">
        <Card className="self-start p-6 sm:p-8 lg:col-span-3">
          <h2 className="mb-6 text-lg font-semibold text-slate-900 dark:text-white">Send us a message</h2>
          <ContactForm />
        </Card>
        <div className="space-y-6 lg:col-span-2">
          <ContactInfo />
          <FindUs />
        </div>
      </div>
    </PageContainer>
  );
}
