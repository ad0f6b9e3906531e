package queue

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"
)

// serverUser is the user name of the judge server's own connections,
// which may do anything; their password is made at each start and never
// leaves the process.
const serverUser = "sudoku-judge-server"

// workerInbox returns the inbox prefix of the worker connection whose
// public key is pub: only that connection may subscribe below it, so no
// worker sees the jobs (and their secrets) handed to another.
func workerInbox(pub string) string { return "_INBOX_W." + pub }

// maxJudging bounds how long after a job's delivery its worker may still
// report on it (progress, acknowledgement): the longest judging.
const maxJudging = 6 * time.Hour

// workerPermissions are a worker connection's: take jobs from the shared
// consumer, report progress, heartbeats and results, answer (ack, nak,
// in progress) only the jobs delivered to it, and read only its own
// inbox. A worker cannot read other workers' jobs, the results, the
// streams' contents, nor publish jobs or touch the streams.
func workerPermissions(pub string) *server.Permissions {
	return &server.Permissions{
		Publish: &server.SubjectPermission{Allow: []string{
			"$JS.API.CONSUMER.INFO." + jobsStream + "." + workersConsumer,
			"$JS.API.CONSUMER.MSG.NEXT." + jobsStream + "." + workersConsumer,
			resultsSubject,
			progressPrefix + "*",
			heartbeatSubject,
		}},
		Subscribe: &server.SubjectPermission{Allow: []string{workerInbox(pub) + ".>"}},
		Response:  &server.ResponsePermission{MaxMsgs: -1, Expires: maxJudging},
	}
}

// authenticator decides who connects to the embedded server: the judge
// server's own connections (by a password made at start), and workers,
// which present the workers' token and prove they hold the private key of
// the public key their permissions are made for (by signing the
// connection's nonce), so no one can take another worker's inbox.
type authenticator struct {
	serverPass string
	token      string
}

func newAuthenticator(token string) *authenticator {
	return &authenticator{serverPass: randomHex(24), token: token}
}

// Check implements server.Authentication.
func (a *authenticator) Check(c server.ClientAuthentication) bool {
	o := c.GetOpts()
	switch {
	case o.Username == serverUser:
		if !equal(o.Password, a.serverPass) {
			return false
		}
		c.RegisterUser(&server.User{Username: serverUser}) // no permissions: all
		return true
	case a.token != "" && equal(o.Token, a.token) && signed(o.Nkey, o.Sig, c.GetNonce()):
		c.RegisterUser(&server.User{Username: "worker " + o.Nkey, Permissions: workerPermissions(o.Nkey)})
		return true
	}
	return false
}

// signed reports whether sig is pub's user key's signature of nonce.
func signed(pub, sig string, nonce []byte) bool {
	if pub == "" || len(nonce) == 0 || !nkeys.IsValidPublicUserKey(pub) {
		return false
	}
	raw, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil {
		return false
	}
	kp, err := nkeys.FromPublicKey(pub)
	if err != nil {
		return false
	}
	return kp.Verify(nonce, raw) == nil
}

func equal(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
