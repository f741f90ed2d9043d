import type { ComponentProps } from "react";

// Argus Panoptes, the hundred-eyed watchman: an eye inside a shield. Drawn inline (no image
// request) and decorative: wherever it appears, the word "Argus" sits next to it.
export function ArgusMark(props: ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 32 32" fill="none" aria-hidden="true" focusable="false" {...props}>
      <path d="M16 2.5 27 6.6v8.6c0 6.9-4.6 12.2-11 14.3C9.6 27.4 5 22.1 5 15.2V6.6L16 2.5Z" className="fill-primary" />
      <path
        d="M8.6 16c2-3.5 4.5-5.3 7.4-5.3s5.4 1.8 7.4 5.3c-2 3.5-4.5 5.3-7.4 5.3S10.6 19.5 8.6 16Z"
        className="fill-primary-foreground"
      />
      <circle cx="16" cy="16" r="2.9" className="fill-primary" />
      <circle cx="17.1" cy="14.9" r="0.9" className="fill-primary-foreground" />
    </svg>
  );
}
