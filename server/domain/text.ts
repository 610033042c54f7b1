// Texts compared as people read them.

/** Key for case-insensitive uniqueness (category names, e-mails). */
export const uniqueKey = (value: string): string => value.trim().normalize('NFC').toLowerCase();
