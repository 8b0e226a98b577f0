// Moved to list-query.ts (the list kit); kept while branches that import it are merged.
export * from "./list-query";
