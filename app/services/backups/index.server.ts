// Backups and restores of the shop's database (docs/rules.md "Backups", docs/operations.md
// "Backups"), for `npm run backup` and `npm run restore`. A folder of its own, apart from
// app/services/operations: loading it starts nothing (no cache, no poll of the database), so a
// restore never has a connection open on the database it is putting in place.
export * from "./backup.server";
export * from "./restore.server";
