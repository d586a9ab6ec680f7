import { z } from "zod";
import { limits } from "@coderoom/shared/constants/limits";
import { validationMessages as m } from "@coderoom/shared/messages";

const extensionsByType: Record<string, string[]> = {
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/svg+xml": ["svg"],
  "image/webp": ["webp"],
};

/** The `accept` attribute for a file input limited to these MIME types. */
export function acceptFor(types: readonly string[]): string {
  return types.flatMap((t) => [t, ...(extensionsByType[t] ?? []).map((e) => `.${e}`)]).join(",");
}

function hasAllowedType(file: File, types: readonly string[]): boolean {
  if (types.includes(file.type)) return true;
  // Some systems report no MIME type: fall back to the extension.
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  return !file.type && types.some((t) => extensionsByType[t]?.includes(ext));
}

/** Form rule for a chosen avatar (spec §5): optional or required, limited types, size cap. */
export function zAvatarFile(opts: { types: readonly string[]; typeMessage: string; required: boolean }) {
  return z.custom<File | null>((v) => v === null || v === undefined || v instanceof File).superRefine((file, ctx) => {
    if (!file) {
      if (opts.required) ctx.addIssue({ code: "custom", message: m.avatarRequired });
      return;
    }
    if (!hasAllowedType(file, opts.types)) ctx.addIssue({ code: "custom", message: opts.typeMessage });
    else if (file.size > limits.avatarMaxBytes) ctx.addIssue({ code: "custom", message: m.avatarTooLarge });
  });
}
