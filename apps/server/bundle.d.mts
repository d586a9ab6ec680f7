export declare const serverEntryPoints: Record<string, string>;
export declare function bundleServer(opts?: { entryPoints?: Record<string, string>; outdir?: string }): Promise<void>;
