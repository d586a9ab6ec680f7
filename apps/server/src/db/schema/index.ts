/** All tables, as one object for Drizzle's relational queries. */
export * from "./users";
export * from "./rooms";
export * from "./payments";
export * from "./ai";
export * from "./collab";
export * from "./uploads";
