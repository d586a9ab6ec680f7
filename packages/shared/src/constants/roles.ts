export const roles = ["ADMIN", "CODER", "GUEST"] as const;
export type TRole = (typeof roles)[number];
/** The role of a logged-out visitor on the client (never stored on the server). */
export const VISITOR = "VISITOR";
