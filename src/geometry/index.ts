/**
 * Shared board geometry: hexagonal boards (Hive), triangle grids built from hex tiles
 * (Coerceo) and rectangular grids with heights (Torres). Each helper is a namespace.
 */
export * as grid from './grid.js';
export * as hex from './hex.js';
export * as triangle from './triangle.js';
