import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { Send } from "lucide-react";
import { limits } from "@coderoom/shared/constants/limits";
import { zContactBody, type TContactBody } from "@coderoom/shared/schemas/users";
import { Button } from "../../../components/ui/button.tsx";
import { FieldFrame, TextField, inputClasses } from "../../../components/ui/text-field.tsx";
import { useAuth } from "../../../lib/auth-store";
import { sendContactMessage } from "../api/contact-api";

/**
 * Spec §2 contact form: "Sending..." with the button and message disabled, reset once sent.
 * A signed-in user's name and e-mail are filled in (guests have no real address to reply to).
 */
export function ContactForm() {
  const { data: user } = useAuth();
  const known = user && user.role !== "GUEST" ? user : null;
  const [empty] = useState(() => ({ name: known?.fullName ?? "", email: known?.email ?? "", message: "" }));
  const [sending, setSending] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof zContactBody>, unknown, TContactBody>({
    resolver: zodResolver(zContactBody),
    mode: "onTouched",
    defaultValues: empty,
  });
  const length = watch("message").length;

  const onSubmit = handleSubmit(async (values) => {
    setSending(true);
    try {
      await sendContactMessage(values);
      reset(empty);
    } catch {
      // Keep the text so the user can retry; the http client showed the error.
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="contact-name"
          label="Full Name"
          autoComplete="name"
          placeholder="Ada Lovelace"
          error={errors.name?.message}
          {...register("name")}
        />
        <TextField
          id="contact-email"
          label="Email Address"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register("email")}
        />
      </div>
      <FieldFrame
        id="contact-message"
        label="Message"
        error={errors.message?.message}
        aside={
          <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {length}/{limits.contactMessageMax}
          </span>
        }
      >
        <textarea
          id="contact-message"
          rows={6}
          disabled={sending}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? "contact-message-error" : undefined}
          placeholder="How can we help?"
          className={inputClasses(Boolean(errors.message), "resize-y")}
          {...register("message")}
        />
      </FieldFrame>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sending}>
        {!sending && <Send className="size-4" aria-hidden />}
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
