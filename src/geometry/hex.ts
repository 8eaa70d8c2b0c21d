/**
 * hex geometry — filled in by its game issue.
 *
 * @module
 */
export {};
