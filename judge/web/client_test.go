package web_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
)

// A browser is one client of a test judge with its own cookies. It does
// not follow redirects, so tests see where a form post sends it.
type browser struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{t: t, base: base, c: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// do sends req with the headers given as name, value pairs and returns
// the response and its body.
func (b *browser) do(req *http.Request, headers ...string) (*http.Response, string) {
	b.t.Helper()
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	return resp, string(body)
}

func (b *browser) get(path string, headers ...string) (*http.Response, string) {
	b.t.Helper()
	req, err := http.NewRequest("GET", b.base+path, nil)
	if err != nil {
		b.t.Fatal(err)
	}
	return b.do(req, headers...)
}

// postJSON posts v to the API as JSON.
func (b *browser) postJSON(path string, v any, headers ...string) (*http.Response, string) {
	b.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		b.t.Fatal(err)
	}
	req, err := http.NewRequest("POST", b.base+path, bytes.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	return b.do(req, headers...)
}

// A form is what a problem page's form posts.
type form struct {
	problem, language, source string
	fileName, file            string // an upload, if fileName is not empty
	contest                   string // the contest's hidden field, if not empty
}

// postForm posts f to /submit as a same-origin browser would, unless
// headers say otherwise (an empty value removes a header).
func (b *browser) postForm(f form, headers ...string) (*http.Response, string) {
	b.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, kv := range [][2]string{{"problem", f.problem}, {"language", f.language}, {"source", f.source}, {"contest", f.contest}} {
		if kv[1] != "" || kv[0] != "contest" {
			mw.WriteField(kv[0], kv[1])
		}
	}
	if f.fileName != "" {
		fw, err := mw.CreateFormFile("file", f.fileName)
		if err != nil {
			b.t.Fatal(err)
		}
		io.WriteString(fw, f.file)
	}
	mw.Close()
	req, err := http.NewRequest("POST", b.base+"/submit", &body)
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return b.sendForm(req, headers...)
}

// sendForm sends a form post as a same-origin page would, unless headers
// say otherwise (an empty value removes a header).
func (b *browser) sendForm(req *http.Request, headers ...string) (*http.Response, string) {
	b.t.Helper()
	req.Header.Set("Origin", b.base)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i+1] == "" {
			req.Header.Del(headers[i])
		} else {
			req.Header.Set(headers[i], headers[i+1])
		}
	}
	return b.do(req)
}

// submitted returns the id of the submission a form post redirected to.
func submitted(t *testing.T, resp *http.Response, body string) string {
	t.Helper()
	id, ok := strings.CutPrefix(resp.Header.Get("Location"), "/submissions/")
	if resp.StatusCode != http.StatusSeeOther || !ok {
		t.Fatalf("form post: %d to %q, want 303 to /submissions/ID; page: %s", resp.StatusCode, resp.Header.Get("Location"), body)
	}
	return id
}
