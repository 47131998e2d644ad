/** The widest the shop's content gets: wide enough for five product columns (spec section 2, 1638px and up). */
export const PAGE_MAX_WIDTH = "1600px";
