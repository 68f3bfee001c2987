// Types of node-runtime.mjs, for the TypeScript entry points and tests.
export declare const NODE_PINNED: string;
export declare const NODE_MAJOR: number;
export declare function nodeRuntimeLine(): string;
export declare function nodeRuntimeProblem(version?: string): string | null;
export declare function ensureNodeRuntime(who: string, options?: { announce?: boolean }): void;
