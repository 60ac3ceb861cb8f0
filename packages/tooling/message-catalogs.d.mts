export declare const CATALOG_LOCALES: readonly string[];
export declare const MESSAGE_SETS: Record<'pay' | 'emails', { sources: string[]; ignore: string[]; catalogs: string }>;
export type MessageSet = keyof typeof MESSAGE_SETS;
export interface ExtractedMessage {
  defaultMessage: string;
  description?: string;
}
/** The messages the code declares, by id. */
export declare function extractMessages(set: MessageSet): Record<string, ExtractedMessage>;
/** A locale's catalog, id -> ICU message. */
export declare function readCatalog(set: MessageSet, locale: string): Record<string, string>;
/** Writes the English catalog from the code; the number of messages. */
export declare function writeEnglishCatalog(set: MessageSet): Promise<number>;
/** A message's arguments, select keys and tags (name -> kind). */
export declare function argumentsOf(message: string): Map<string, string>;
/** Everything wrong with a set's catalogs, as sentences; empty when all is well. */
export declare function catalogProblems(
  set: MessageSet,
  options?: {
    extracted?: Record<string, ExtractedMessage>;
    locales?: readonly string[];
    read?: (set: MessageSet, locale: string) => Record<string, string>;
  },
): string[];
