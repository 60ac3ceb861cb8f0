/** The base address the committed OpenAPI document names. */
export declare const DOCUMENT_SERVER_URL: string;
/** Repository-relative path -> generated content. */
export declare function sdkSources(): Promise<Map<string, string>>;
/** Files whose committed content differs from what generation gives. */
export declare function staleSdkSources(): Promise<string[]>;
