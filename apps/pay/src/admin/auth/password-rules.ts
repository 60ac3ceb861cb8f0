/** The server refuses shorter passwords (changePassword, registerAccount); saying so first saves a round trip. */
export const MIN_PASSWORD_LENGTH = 12;
