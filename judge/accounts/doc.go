// Package accounts is what the judge knows of its users: the rules for a
// name and a password, passwords hashed with argon2id (memory-hard, from
// golang.org/x/crypto, in the PHC string format), the random tokens of
// login sessions (the store keeps only their SHA-256), and class lists
// imported from CSV.
//
// A Hasher bounds how many hashes run at once: each takes about 19 MiB and
// tens of milliseconds of CPU, so a burst of logins queues instead of
// exhausting the server's memory.
package accounts
