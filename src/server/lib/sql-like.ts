/*
 * LIKE patterns built from what a person typed. Their `%` and `_` are matched as themselves, not as
 * wildcards, and so is `\` (PostgreSQL's default LIKE escape character).
 */

/** `50%_off` as `50\%\_off`: the text matched literally inside a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Contains the text as typed (for `ilike`, which ignores case itself). */
export const likeContains = (text: string) => `%${escapeLike(text)}%`;

/** Contains the search, lowercased: for the lowercased `search_text` columns and `lower(...)`. */
export const likePattern = (search: string) => likeContains(search.toLowerCase());

/** Starts with the search, lowercased. */
export const likePrefix = (search: string) => `${escapeLike(search.toLowerCase())}%`;
