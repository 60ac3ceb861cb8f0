/**
 * How long an account's password may be. The server refuses any other (registering, changing
 * it); the administration area says so before sending, from the same numbers. The upper bound
 * keeps one scrypt hash from being handed megabytes.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;
