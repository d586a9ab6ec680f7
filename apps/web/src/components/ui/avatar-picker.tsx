import { useEffect, useState } from "react";
import { ImageUp } from "lucide-react";
import { FieldFrame } from "./text-field.tsx";
import { UserAvatar } from "./user-avatar.tsx";

interface AvatarPickerProps {
  id: string;
  label: string;
  /** The `accept` attribute: MIME types and extensions. */
  accept: string;
  value: File | null;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  /** Shown when no file is chosen (e.g. the current avatar). */
  currentUrl?: string | null;
  error?: string;
  hint: string;
  disabled?: boolean;
}

/** A labelled picture input with a round live preview. */
export function AvatarPicker({ id, label, accept, value, onChange, onBlur, currentUrl, error, hint, disabled }: AvatarPickerProps) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) return;
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [value]);

  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <div className="flex items-center gap-4">
        <div className="relative">
          <UserAvatar src={preview ?? currentUrl} className="size-16" />
          <span className="absolute -right-1 -bottom-1 flex size-6 items-center justify-center rounded-full bg-indigo-600 text-white ring-2 ring-white dark:ring-slate-900">
            <ImageUp className="size-3.5" aria-hidden />
          </span>
        </div>
        <input
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onBlur={onBlur}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          className="block w-full min-w-0 text-sm text-slate-600 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100 focus-visible:rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:file:bg-indigo-500/15 dark:file:text-indigo-300"
        />
      </div>
    </FieldFrame>
  );
}
