// Package queue is the online judge's judging queue: NATS JetStream, with a
// server embedded in the judge's process (persisting under its data
// directory) and clients for the server itself and for workers on other
// machines.
//
// Jobs go to the work-queue stream JOBS, pulled by the shared durable
// consumer "workers": a job is removed only when a worker acknowledges it
// after its result is published, so a worker that dies mid-judging has its
// job redelivered to another after the ack wait. Results go to the stream
// RESULTS, consumed by the server, which stores each once. Per-test progress
// travels on plain NATS subjects: it is only for live display, and the
// stored result is the truth.
package queue
