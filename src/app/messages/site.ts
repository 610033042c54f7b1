// Texts of the public site (menu, footer, pages).
export const site = {} as const;
