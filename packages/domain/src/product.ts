// Product identity: the name every page, mail and document uses.

export const PRODUCT_NAME = "Atelier";
export const PAGE_TITLE = `${PRODUCT_NAME} — project management for design requests`;
