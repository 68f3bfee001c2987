// External links of the product.

/** The community chat server of the session cards (spec §2). Set VITE_CHAT_URL at build time. */
export const CHAT_URL: string = import.meta.env.VITE_CHAT_URL || 'https://discord.com/';
