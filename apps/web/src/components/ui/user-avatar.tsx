import { useState } from "react";
import { CircleUserRound } from "lucide-react";
import clsx from "clsx";

interface UserAvatarProps {
  src?: string | null;
  name?: string;
  className?: string;
}

/**
 * The user's picture as a round, square-cropped image (spec §2); a generic icon when
 * there is no picture or it fails to load.
 */
export function UserAvatar({ src, name, className }: UserAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const size = className ?? "size-9";
  if (!src || failedSrc === src) {
    return (
      <CircleUserRound
        className={clsx(size, "shrink-0 text-slate-400 dark:text-slate-500")}
        strokeWidth={1.5}
        aria-label={name ? `${name}'s avatar` : undefined}
        aria-hidden={name ? undefined : true}
        role={name ? "img" : undefined}
      />
    );
  }
  return (
    <img
      src={src}
      alt={name ? `${name}'s avatar` : ""}
      width={500}
      height={500}
      onError={() => setFailedSrc(src)}
      className={clsx(size, "shrink-0 rounded-full bg-slate-100 object-cover dark:bg-slate-800")}
    />
  );
}
