/** Browser storage keys of spec §9: auth in sessionStorage, theme in localStorage. */
export const storageKeys = {
  isLoggedIn: "isLoggedIn",
  role: "role",
  data: "data",
  theme: "site-theme",
  /** The playground output panel's height on large screens (px), in localStorage. */
  panelHeight: "playground-panel-height",
  /** Room state fields (spec §3) live in sessionStorage under this prefix. */
  roomPrefix: "room.",
} as const;
